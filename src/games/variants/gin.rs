//! Gin Rummy for two or three players (Hollywood, Straight and the presets included): how the
//! service plays it, shows it and books it.

use super::figures::{count_gin_hand, gin_hand_row, settled_figures};
use super::{wrappers, FormatFilter, Decider, Kind, Play, RulesOf};
use crate::engine::ai::{decide, Level};
use crate::engine::hollywood::HollywoodSheet;
use crate::engine::{
    Action, ActionError, HandRecord, Match, MatchError, MatchStatus, PlayerView, Preset, Rules,
    Seat, Settlement, TableView, PARTNERSHIP_TARGET,
};
use crate::games::{Failure, Refusal};
use crate::store::{HandRow, HollywoodRow, PlayerResult};

/// A Gin match's preset (the server's default when `None`), and whether it is Straight Gin
/// (RULES.md section 13: knock limit 0, only gin ends a hand).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GinChoice {
    pub preset: Option<Preset>,
    pub straight: bool,
    /// Hollywood scoring (RULES.md section 13): three games on one sheet, two players.
    pub hollywood: bool,
    /// A four-player team game (RULES.md section 11) instead of two or three players.
    pub teams: Option<TeamMode>,
}

/// The four-player games: two teams of two, partners opposite (seats 0 and 2, 1 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamMode {
    /// Partnership Gin (RULES.md section 11a).
    Partnership,
    /// Team Gin with card swap (RULES.md section 11b).
    Team,
}

impl GinChoice {
    /// The rules this choice plays, with the target a command asked for.
    pub(crate) fn rules(
        self,
        default: Preset,
        target: Option<i64>,
    ) -> Result<(Preset, Rules), Failure> {
        let preset = self.preset.unwrap_or(default);
        // Partnership Gin plays to 125 unless the match says otherwise.
        let target = match (target, self.teams) {
            (None, Some(TeamMode::Partnership)) => Some(i64::from(PARTNERSHIP_TARGET)),
            _ => target,
        };
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

    /// The rules as the game they play.
    pub(crate) fn rules_of(
        self,
        default: Preset,
        target: Option<i64>,
    ) -> Result<(Preset, RulesOf), Failure> {
        let (preset, rules) = self.rules(default, target)?;
        Ok((
            preset,
            match self.teams {
                None => RulesOf::Gin(rules),
                Some(TeamMode::Partnership) => RulesOf::Partnership(rules),
                Some(TeamMode::Team) => RulesOf::Team(rules),
            },
        ))
    }

    /// How many opponents a challenge names, at least and at most: one or two at Gin, one
    /// at Hollywood (its sheet is for two), three at the team games (none with Hollywood).
    pub(crate) fn opponents(&self) -> (usize, usize) {
        match (self.teams.is_some(), self.hollywood) {
            (true, true) => (0, 0),
            (true, false) => (3, 3),
            (false, true) => (1, 1),
            (false, false) => (1, 2),
        }
    }

    /// The seats of a practice match: two, or four at the team games.
    pub(crate) fn practice_seats(&self) -> Result<u8, Refusal> {
        match (self.teams.is_some(), self.hollywood) {
            // Hollywood's sheet is for two.
            (true, true) => Err(Refusal::PlayerCount),
            (true, false) => Ok(4),
            (false, _) => Ok(2),
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
    type Public = TableView;
    type Own = PlayerView;
    type Record = HandRecord;
    type End = GinEnd;

    const FAMILIES: &'static [FormatFilter] = &[
        FormatFilter::family("two", "two", "board-format-two", 1, false, true),
        FormatFilter::family("three", "three", "board-format-three", 2, false, true),
    ];

    fn new_game(rules: &Rules, seats: u8, seed: crate::engine::Seed) -> Option<Match> {
        Match::new(rules.clone(), seats, seed).ok()
    }

    fn action_of(play: Play) -> Option<Action> {
        match play {
            Play::Gin(action) => Some(action),
            _ => None,
        }
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

    fn rules_json(rules: &Rules) -> serde_json::Value {
        serde_json::to_value(rules).expect("rules serialize")
    }

    /// Gin's rules are stored bare, under the name of their preset.
    fn bare_rules(preset: &str, json: &str) -> Option<Result<Rules, serde_json::Error>> {
        preset
            .parse::<Preset>()
            .ok()
            .map(|_| serde_json::from_str(json))
    }

    fn wrapped_rules(json: serde_json::Value) -> Result<Rules, serde_json::Error> {
        serde_json::from_value(json)
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
                teams: None,
            };
            let (_, rules) = choice.rules(Preset::Classic, None).unwrap();
            assert_eq!((rules.knock_limit, rules.oklahoma), (0, false), "{preset}");
        }
    }

    /// Partnership Gin plays to 125 unless the match says otherwise.
    #[test]
    fn partnership_plays_to_its_own_target() {
        let choice = GinChoice {
            teams: Some(TeamMode::Partnership),
            ..GinChoice::default()
        };
        let (_, r) = choice.rules_of(Preset::Classic, None).unwrap();
        assert_eq!(r.target(), PARTNERSHIP_TARGET);
    }
}
