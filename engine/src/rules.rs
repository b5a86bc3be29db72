//! Match rules (RULES.md sections 6 to 9): the presets and validated per-match overrides.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Who deals the next hand after a hand that was won (RULES.md section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DealerRule {
    /// The loser of the last hand deals the next.
    LoserDeals,
    /// The winner of the last hand deals the next.
    WinnerDeals,
    /// The deal alternates.
    Alternate,
}

/// The named presets of RULES.md section 9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    #[default]
    /// The rule book's defaults.
    Classic,
    /// Gin bonus 25; the winner deals.
    Hoyle,
    /// Gin, undercut and line bonuses 25; a shutout doubles.
    Flipside,
    /// The upcard sets the knock limit; target 150.
    Oklahoma,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 4] = [
        Preset::Classic,
        Preset::Hoyle,
        Preset::Flipside,
        Preset::Oklahoma,
    ];

    /// The preset's name, as typed and stored.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::Hoyle => "hoyle",
            Preset::Flipside => "flipside",
            Preset::Oklahoma => "oklahoma",
        }
    }

    /// The rules the preset stands for.
    pub fn rules(self) -> Rules {
        let classic = Rules {
            gin_bonus: 20,
            undercut_bonus: 10,
            line_bonus: 20,
            game_bonus: 100,
            shutout_bonus: 200,
            shutout_doubles: false,
            target: 100,
            dealer_rule: DealerRule::LoserDeals,
            knock_limit: 10,
            oklahoma: false,
            oklahoma_ace_gin_only: true,
            extra_boxes: false,
            allow_rediscard: false,
            fiftieth_card: false,
            eleven_card_deal: false,
            hollywood: false,
        };
        match self {
            Preset::Classic => classic,
            Preset::Hoyle => Rules {
                gin_bonus: 25,
                dealer_rule: DealerRule::WinnerDeals,
                ..classic
            },
            Preset::Flipside => Rules {
                gin_bonus: 25,
                undercut_bonus: 25,
                line_bonus: 25,
                shutout_doubles: true,
                ..classic
            },
            Preset::Oklahoma => Rules {
                target: 150,
                oklahoma: true,
                ..classic
            },
        }
    }
}

impl FromStr for Preset {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Preset, RulesError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| RulesError::UnknownPreset(s.to_string()))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every scoring and play option of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Rules {
    /// Points added for gin.
    pub gin_bonus: u32,
    /// Points added for an undercut.
    pub undercut_bonus: u32,
    /// Points per line (hand won), added at the match's end.
    pub line_bonus: u32,
    /// Points added for winning the match.
    pub game_bonus: u32,
    /// Added instead of the game bonus against a loser who scored nothing.
    pub shutout_bonus: u32,
    /// On a shutout the winner's running total is doubled instead of the shutout bonus.
    pub shutout_doubles: bool,
    /// The running total that wins the match.
    pub target: u32,
    /// Who deals the next hand.
    pub dealer_rule: DealerRule,
    /// Highest deadwood that may knock (Oklahoma replaces it with the upcard's value).
    pub knock_limit: u32,
    /// Oklahoma Gin: the upcard sets the knock limit, a spade upcard doubles the hand.
    pub oklahoma: bool,
    /// Oklahoma: on an ace upcard only gin may end the hand.
    pub oklahoma_ace_gin_only: bool,
    /// Oklahoma: an undercut earns one extra line, a gin two (twice as many on a spade).
    pub extra_boxes: bool,
    /// The card just taken from the discard pile may go straight back.
    pub allow_rediscard: bool,
    /// With two stock cards left, the next player may take the last discard to knock.
    pub fiftieth_card: bool,
    /// The non-dealer gets eleven cards and no upcard is turned.
    pub eleven_card_deal: bool,
    /// Hollywood scoring: three games on one sheet (RULES.md section 13; two players).
    #[serde(default)]
    pub hollywood: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Preset::Classic.rules()
    }
}

/// A rule set or override that cannot be used, said so a player understands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("unknown preset `{0}`: choose classic, hoyle, flipside or oklahoma")]
    /// No preset has that name.
    UnknownPreset(String),
    #[error("unknown rule `{0}`")]
    /// No rule has that name.
    UnknownRule(String),
    #[error("`{value}` is not a valid value for `{rule}`")]
    /// The value does not fit the rule.
    InvalidValue {
        /// The rule named.
        rule: String,
        /// The value given.
        value: String,
    },
    #[error("`{rule}` must be between {min} and {max}, not {value}")]
    /// A number outside the rule's bounds.
    OutOfRange {
        /// The rule named.
        rule: &'static str,
        /// The value given.
        value: u32,
        /// The least allowed.
        min: u32,
        /// The most allowed.
        max: u32,
    },
    #[error(
        "Oklahoma takes its knock limit from the upcard, which the eleven-card deal does not turn"
    )]
    /// Oklahoma needs an upcard, which the eleven-card deal does not turn.
    OklahomaWithoutUpcard,
}

/// Inclusive bounds of each numeric rule: wide enough for every house rule we know of,
/// narrow enough that a typo cannot make a match endless or absurd.
const BOUNDS: [(&str, u32, u32); 7] = [
    ("gin_bonus", 0, 100),
    ("undercut_bonus", 0, 100),
    ("line_bonus", 0, 100),
    ("game_bonus", 0, 500),
    ("shutout_bonus", 0, 1000),
    ("target", 10, 500),
    ("knock_limit", 0, 10),
];

impl Rules {
    /// The names accepted by [`Rules::set`], for help texts.
    pub const KEYS: [&'static str; 15] = [
        "gin_bonus",
        "undercut_bonus",
        "line_bonus",
        "game_bonus",
        "shutout_bonus",
        "shutout_doubles",
        "target",
        "dealer_rule",
        "knock_limit",
        "oklahoma",
        "oklahoma_ace_gin_only",
        "extra_boxes",
        "allow_rediscard",
        "fiftieth_card",
        "eleven_card_deal",
    ];

    /// Checks every bound and combination; a match only ever starts with valid rules.
    pub fn validate(&self) -> Result<(), RulesError> {
        for (rule, min, max) in BOUNDS {
            let value = self.number(rule);
            if !(min..=max).contains(&value) {
                return Err(RulesError::OutOfRange {
                    rule,
                    value,
                    min,
                    max,
                });
            }
        }
        if self.oklahoma && self.eleven_card_deal {
            return Err(RulesError::OklahomaWithoutUpcard);
        }
        Ok(())
    }

    fn number(&self, rule: &str) -> u32 {
        match rule {
            "gin_bonus" => self.gin_bonus,
            "undercut_bonus" => self.undercut_bonus,
            "line_bonus" => self.line_bonus,
            "game_bonus" => self.game_bonus,
            "shutout_bonus" => self.shutout_bonus,
            "target" => self.target,
            _ => self.knock_limit,
        }
    }

    /// Applies one override `rule = value`; on any error the rules are unchanged.
    pub fn set(&mut self, rule: &str, value: &str) -> Result<(), RulesError> {
        let mut next = self.clone();
        let invalid = || RulesError::InvalidValue {
            rule: rule.to_string(),
            value: value.to_string(),
        };
        let v = value.trim();
        let number = || v.parse::<u32>().map_err(|_| invalid());
        let flag = || match v.to_ascii_lowercase().as_str() {
            "true" | "on" | "yes" | "1" => Ok(true),
            "false" | "off" | "no" | "0" => Ok(false),
            _ => Err(invalid()),
        };
        match rule.trim() {
            "gin_bonus" => next.gin_bonus = number()?,
            "undercut_bonus" => next.undercut_bonus = number()?,
            "line_bonus" => next.line_bonus = number()?,
            "game_bonus" => next.game_bonus = number()?,
            "shutout_bonus" => next.shutout_bonus = number()?,
            "target" => next.target = number()?,
            "knock_limit" => next.knock_limit = number()?,
            "shutout_doubles" => next.shutout_doubles = flag()?,
            "oklahoma" => next.oklahoma = flag()?,
            "oklahoma_ace_gin_only" => next.oklahoma_ace_gin_only = flag()?,
            "extra_boxes" => next.extra_boxes = flag()?,
            "allow_rediscard" => next.allow_rediscard = flag()?,
            "fiftieth_card" => next.fiftieth_card = flag()?,
            "eleven_card_deal" => next.eleven_card_deal = flag()?,
            "dealer_rule" => {
                next.dealer_rule = match v.to_ascii_lowercase().as_str() {
                    "loser_deals" => DealerRule::LoserDeals,
                    "winner_deals" => DealerRule::WinnerDeals,
                    "alternate" => DealerRule::Alternate,
                    _ => return Err(invalid()),
                }
            }
            other => return Err(RulesError::UnknownRule(other.to_string())),
        }
        next.validate()?;
        *self = next;
        Ok(())
    }

    /// A preset with overrides such as `"target=150, gin_bonus=25"` applied in order.
    pub fn from_preset_and_overrides(preset: Preset, overrides: &str) -> Result<Rules, RulesError> {
        let mut rules = preset.rules();
        for part in overrides
            .split([',', ';'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let (rule, value) = part
                .split_once('=')
                .ok_or_else(|| RulesError::InvalidValue {
                    rule: part.to_string(),
                    value: String::new(),
                })?;
            rules.set(rule, value)?;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_the_table_of_section_9() {
        let c = Preset::Classic.rules();
        assert_eq!(
            (
                c.gin_bonus,
                c.undercut_bonus,
                c.line_bonus,
                c.game_bonus,
                c.shutout_bonus,
                c.target
            ),
            (20, 10, 20, 100, 200, 100)
        );
        let h = Preset::Hoyle.rules();
        assert_eq!((h.gin_bonus, h.dealer_rule), (25, DealerRule::WinnerDeals));
        let f = Preset::Flipside.rules();
        assert_eq!(
            (
                f.gin_bonus,
                f.undercut_bonus,
                f.line_bonus,
                f.shutout_doubles
            ),
            (25, 25, 25, true)
        );
        let o = Preset::Oklahoma.rules();
        assert_eq!(
            (o.target, o.oklahoma, o.oklahoma_ace_gin_only),
            (150, true, true)
        );
        for p in Preset::ALL {
            p.rules().validate().unwrap();
            assert_eq!(p.name().parse::<Preset>().unwrap(), p);
        }
    }

    #[test]
    fn invalid_overrides_are_refused_and_change_nothing() {
        let mut r = Rules::default();
        assert!(matches!(
            r.set("target", "5"),
            Err(RulesError::OutOfRange { rule: "target", .. })
        ));
        assert!(matches!(
            r.set("target", "501"),
            Err(RulesError::OutOfRange { .. })
        ));
        assert!(matches!(
            r.set("target", "many"),
            Err(RulesError::InvalidValue { .. })
        ));
        assert!(matches!(
            r.set("colour", "red"),
            Err(RulesError::UnknownRule(_))
        ));
        r.set("eleven_card_deal", "on").unwrap();
        assert_eq!(
            r.set("oklahoma", "on"),
            Err(RulesError::OklahomaWithoutUpcard)
        );
        assert!(!r.oklahoma);
        assert_eq!(
            Rules::from_preset_and_overrides(Preset::Classic, "target=150, gin_bonus=25")
                .unwrap()
                .target,
            150
        );
        assert!("poker".parse::<Preset>().is_err());
    }
}
