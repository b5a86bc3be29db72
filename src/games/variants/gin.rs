//! Gin Rummy for two or three players (Hollywood, Straight and the presets included): how the
//! service plays it, shows it and books it.

use super::figures::{count_gin_hand, gin_hand_row, settled_figures};
use super::{wrappers, StoredRules, Decider, FormatFilter, Kind, Play};
use crate::engine::ai::{decide, Level};
use crate::engine::hollywood::HollywoodSheet;
use crate::engine::{
    Action, ActionError, HandRecord, Match, MatchError, MatchStatus, PlayerView, Preset, Rules,
    Seat, Settlement, TableView, 
};
use crate::games::{Failure, Refusal};
use crate::store::{HandRow, HollywoodRow, PlayerResult};

/// A Gin game's preset (the server's default when `None`), and whether it is Straight Gin
/// (RULES.md section 13: knock limit 0, only gin ends a hand): what a command asks of a Gin,
/// Partnership or Team Gin match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GinChoice {
    pub preset: Option<Preset>,
    pub straight: bool,
    /// Hollywood scoring (RULES.md section 13): three games on one sheet, two players.
    pub hollywood: bool,
}

impl GinChoice {
    /// The rules this choice plays, with the target a command asked for (`target`) or else
    /// the game's own (`own_target`).
    pub(crate) fn rules(
        self,
        default: Preset,
        target: Option<i64>,
    ) -> Result<(Preset, Rules), Failure> {
        let preset = self.preset.unwrap_or(default);
        let mut rules = rules_with_target(preset, target)?;
        if self.straight {
            // Oklahoma would take the limit from the upcard: Straight Gin has none.
            rules.oklahoma = false;
            rules
                .set("knock_limit", "0")
                .map_err(|_| Refusal::Internal)?;
        }
        rules.hollywood = self.hollywood;
        Ok((preset, rules))
    }

    /// The preset's name and the rules, with the target a command asked for (`target`).
    pub(super) fn named_rules(
        self,
        default: Preset,
        target: Option<i64>,
    ) -> Result<(&'static str, Rules), Failure> {
        let (preset, rules) = self.rules(default, target)?;
        Ok((preset.name(), rules))
    }

    /// The opponents of a four-player game's challenge: three, none with Hollywood (its
    /// sheet is for two).
    pub(super) fn four_player_opponents(&self) -> (usize, usize) {
        if self.hollywood {
            (0, 0)
        } else {
            (3, 3)
        }
    }

    /// The seats of a four-player game's practice match.
    pub(super) fn four_player_practice(&self) -> Result<u8, Refusal> {
        if self.hollywood {
            Err(Refusal::PlayerCount)
        } else {
            Ok(4)
        }
    }
}

/// A preset's rules with the target a command asked for (10 to 500).
fn rules_with_target(preset: Preset, target: Option<i64>) -> Result<Rules, Failure> {
    let mut rules = preset.rules();
    if let Some(t) = target {
        rules
            .set("target", &t.to_string())
            .map_err(|_| Refusal::TargetRange)?;
    }
    Ok(rules)
}

/// A Gin match's end: its settlement, its rules, and a Hollywood match's three games.
#[derive(Clone, Debug)]
pub struct GinEnd {
    pub settlement: Settlement,
    pub rules: Rules,
    pub hollywood: Option<HollywoodSheet>,
}

/// A Gin move's kind, for log lines (never its card).
pub(super) fn move_kind(action: &Action) -> &'static str {
    match action {
        Action::TakeUpcard => "take_upcard",
        Action::Pass => "pass",
        Action::DrawStock => "draw_stock",
        Action::DrawDiscard => "draw_discard",
        Action::Discard(_) => "discard",
        Action::Knock(_) => "knock",
    }
}

/// Whether a Gin table shows a match that is over.
fn table_ended(table: &TableView) -> bool {
    table.status != MatchStatus::InProgress
}

impl Kind for Match {
    deals_from_history!();
    wrappers!(Gin);

    type Rules = Rules;
    type Choice = GinChoice;
    type Public = TableView;
    type Own = PlayerView;
    type Record = HandRecord;
    type End = GinEnd;

    const FAMILIES: &'static [FormatFilter] = &[
        FormatFilter::family("two", "two", "board-format-two", 1, false, true),
        FormatFilter::family("three", "three", "board-format-three", 2, false, true),
    ];

    /// Gin's rules are stored bare, under the name of their preset (any name not another
    /// game's).
    const STORED_RULES: StoredRules = StoredRules::BareOtherwise;

    fn new_game(rules: &Rules, seats: u8, seed: crate::engine::Seed) -> Option<Match> {
        Match::new(rules.clone(), seats, seed).ok()
    }

    fn move_kind(action: &Action) -> &'static str {
        move_kind(action)
    }

    fn is_match_over(error: &MatchError) -> bool {
        *error == MatchError::MatchOver
    }

    fn is_hand_over(error: &MatchError) -> bool {
        *error == MatchError::Action(ActionError::HandOver)
    }

    fn public_ended(table: &TableView) -> bool {
        table_ended(table)
    }

    fn own_ended(own: &PlayerView) -> bool {
        table_ended(&own.table)
    }

    /// One or two at Gin, one at Hollywood (its sheet is for two).
    fn opponents(choice: &GinChoice) -> (usize, usize) {
        if choice.hollywood {
            (1, 1)
        } else {
            (1, 2)
        }
    }

    fn practice_seats(_choice: &GinChoice, _asked: u8) -> Result<u8, Refusal> {
        Ok(2)
    }

    fn practice_against_bot() -> bool {
        true
    }

    fn choice_rules(
        choice: GinChoice,
        default: Preset,
        default_target: Option<i64>,
        target: Option<i64>,
    ) -> Result<(&'static str, Rules), Failure> {
        choice.named_rules(default, target.or(default_target))
    }

    fn tournament_key(rules: &Rules) -> &'static str {
        if rules.hollywood {
            "tournament-game-hollywood"
        } else if rules.knock_limit == 0 && !rules.oklahoma {
            "tournament-game-straight"
        } else {
            "tournament-game-gin"
        }
    }

    fn target(rules: &Rules) -> u32 {
        rules.target
    }

    fn to_act(&self) -> Option<Seat> {
        Match::to_act(self)
    }

    fn table(&self) -> TableView {
        self.table_view()
    }

    fn hand(&self, seat: Seat) -> PlayerView {
        self.view_for(seat)
    }

    fn end(&self) -> Option<GinEnd> {
        Some(GinEnd {
            settlement: Match::settlement(self)?.clone(),
            rules: self.rules.clone(),
            hollywood: self.hollywood.clone(),
        })
    }

    fn rules(&self) -> Rules {
        self.rules.clone()
    }

    /// Every seat's figures: its side of the settlement, and the hands it played.
    fn player_results(&self) -> Option<Vec<PlayerResult>> {
        let s = Match::settlement(self)?;
        Some(
            (0..s.totals.len())
                .map(|i| {
                    let seat = i as Seat;
                    let mut r = settled_figures(s, i, seat);
                    for rec in &self.history {
                        if rec.players.contains(&seat) {
                            count_gin_hand(&mut r, seat, rec.players, &rec.end);
                        }
                    }
                    r
                })
                .collect(),
        )
    }

    fn hand_rows(&self, before: usize) -> Vec<HandRow> {
        self.history[before..].iter().map(gin_hand_row).collect()
    }

    fn hollywood_rows(&self) -> Vec<HollywoodRow> {
        let Some(sheet) = &self.hollywood else {
            return Vec::new();
        };
        let mut rows = Vec::new();
        for (i, g) in sheet.games.iter().enumerate() {
            let Some(c) = &g.closed else { continue };
            for seat in 0..c.finals.len() {
                rows.push(HollywoodRow {
                    game: i as u8,
                    seat: seat as Seat,
                    total: c.totals[seat],
                    lines: c.lines[seat],
                    final_total: c.finals[seat],
                    net: c.net[seat],
                    won: usize::from(c.winner) == seat,
                });
            }
        }
        rows
    }

    fn decider(&self, seat: Seat, level: Level, seed: [u8; 32]) -> Decider {
        let view = self.view_for(seat);
        Box::new(move || Play::Gin(decide(level, &seed, &view)))
    }

    fn offers_coach(&self) -> bool {
        true
    }

    fn coach_view(&self, seat: Seat) -> Option<PlayerView> {
        Some(self.view_for(seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Straight Gin on any preset, Oklahoma's included: no knock limit from the upcard.
    #[test]
    fn straight_gin_turns_every_preset_into_gin_only() {
        for preset in [
            Preset::Classic,
            Preset::Hoyle,
            Preset::Flipside,
            Preset::Oklahoma,
        ] {
            let choice = GinChoice {
                preset: Some(preset),
                straight: true,
                hollywood: false,
            };
            let (_, rules) = choice.rules(Preset::Classic, None).unwrap();
            assert_eq!((rules.knock_limit, rules.oklahoma), (0, false), "{preset}");
        }
    }
}
