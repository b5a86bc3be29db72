//! Basic Rummy for two to six players (RULES.md section 12): melds and layoffs on the table,
//! the first to go out scores the others' cards.

use super::{wrappers, StoredRules, FormatFilter, Decider, Kind, Play};
use crate::engine::ai::Level;
use crate::engine::rummy::{
    decide_rummy, HandRummy, RummyAction, RummyEnd, RummyError, RummyLevel, RummyMatch,
    RummyMatchError, RummyRecord, RummyRules, RummySettlement, RummyStatus, RummyTable, RummyView,
};
use crate::engine::Seat;
use crate::games::{Failure, Refusal};
use crate::store::{HandKind, HandRow, PlayerResult};

/// The preset name a Rummy match is stored under.
pub const RUMMY_PRESET: &str = "rummy";

/// The most hands a Rummy match may be set to last (`rounds`).
pub const MAX_ROUNDS: u32 = 50;

/// A challenge names one to five opponents: two to six play.
const OPPONENTS: (usize, usize) = (1, 5);

/// A practice match seats two to six.
fn practice_seats(asked: u8) -> Result<u8, Refusal> {
    if (2..=6).contains(&asked) {
        Ok(asked)
    } else {
        Err(Refusal::PlayerCount)
    }
}

/// Basic Rummy's rules with the target a command asked for (RULES.md's 100 by default); a
/// `rounds` out of 1 to [`MAX_ROUNDS`] is refused, like the target out of its bounds.
pub(crate) fn rummy_rules(
    mut rules: RummyRules,
    target: Option<i64>,
) -> Result<RummyRules, Failure> {
    if rules.rounds.is_some_and(|r| !(1..=MAX_ROUNDS).contains(&r)) {
        return Err(Refusal::RoundsRange.into());
    }
    if let Some(t) = target {
        if !(10..=500).contains(&t) {
            return Err(Refusal::TargetRange.into());
        }
        rules.target = t as u32;
    }
    Ok(rules)
}

/// Rummy's AI level for a player level: one each.
pub(crate) fn rummy_level(level: Level) -> RummyLevel {
    match level {
        Level::Simple => RummyLevel::Simple,
        Level::Medium => RummyLevel::Medium,
        Level::Hard => RummyLevel::Hard,
    }
}

/// Whether a Rummy table shows a match that is over.
fn table_ended(table: &RummyTable) -> bool {
    table.status != RummyStatus::InProgress
}

impl Kind for RummyMatch {
    deals_from_history!();
    wrappers!(Rummy);

    type Rules = RummyRules;
    type Choice = RummyRules;
    type Public = RummyTable;
    type Own = RummyView;
    type Record = RummyRecord;
    type End = RummySettlement;

    /// Basic Rummy, any player count; its sheet has no boxes (its totals are the points
    /// scored, and nothing more).
    const FAMILIES: &'static [FormatFilter] = &[FormatFilter::family(
        "rummy",
        "rummy-%",
        "board-format-rummy",
        3,
        true,
        false,
    )];

    /// Rummy's rules are stored bare, under its own preset name.
    const STORED_RULES: StoredRules = StoredRules::BareUnder(RUMMY_PRESET);

    fn new_game(rules: &RummyRules, seats: u8, seed: crate::engine::Seed) -> Option<Self> {
        RummyMatch::new(rules.clone(), seats, seed).ok()
    }

    fn move_kind(action: &RummyAction) -> &'static str {
        match action {
            RummyAction::DrawStock => "draw_stock",
            RummyAction::DrawDiscard => "draw_discard",
            RummyAction::Meld { .. } => "meld",
            RummyAction::LayOff { .. } => "lay_off",
            RummyAction::Discard { .. } => "discard",
        }
    }

    fn is_match_over(error: &RummyMatchError) -> bool {
        *error == RummyMatchError::MatchOver
    }

    fn is_hand_over(error: &RummyMatchError) -> bool {
        *error == RummyMatchError::Hand(RummyError::HandOver)
    }

    fn public_ended(table: &RummyTable) -> bool {
        table_ended(table)
    }

    fn own_ended(own: &RummyView) -> bool {
        table_ended(&own.table)
    }

    fn opponents(_choice: &RummyRules) -> (usize, usize) {
        OPPONENTS
    }

    fn practice_seats(_choice: &RummyRules, asked: u8) -> Result<u8, Refusal> {
        practice_seats(asked)
    }

    /// Basic Rummy's own options; the target set apart.
    fn choice_rules(
        choice: RummyRules,
        _default: crate::engine::Preset,
        _default_target: Option<i64>,
        target: Option<i64>,
    ) -> Result<(&'static str, RummyRules), Failure> {
        Ok((RUMMY_PRESET, rummy_rules(choice, target)?))
    }

    fn tournament_key(_rules: &RummyRules) -> &'static str {
        "tournament-game-rummy"
    }

    fn target(rules: &RummyRules) -> u32 {
        rules.target
    }

    fn to_act(&self) -> Option<Seat> {
        RummyMatch::to_act(self)
    }

    fn table(&self) -> RummyTable {
        self.table_view()
    }

    fn hand(&self, seat: Seat) -> RummyView {
        self.view_for(seat)
    }

    fn aces_high(&self) -> bool {
        self.rules.aces_high_low
    }

    fn end(&self) -> Option<RummySettlement> {
        Some(RummyMatch::settlement(self)?.clone())
    }

    fn rules(&self) -> RummyRules {
        self.rules.clone()
    }

    /// The points each scored, the net of the pairwise settlement, who won (equal best totals
    /// share the win) and the hands each took.
    fn player_results(&self) -> Option<Vec<PlayerResult>> {
        let Some(s) = RummyMatch::settlement(self) else {
            return Some(Vec::new());
        };
        Some(
            (0..self.players)
                .map(|seat| {
                    let i = usize::from(seat);
                    let hands_won = self
                        .history
                        .iter()
                        .filter(|r| matches!(r.end, RummyEnd::Out { winner, .. } if winner == seat))
                        .count() as u32;
                    PlayerResult {
                        seat,
                        total: s.totals[i],
                        lines: 0,
                        line_bonus: 0,
                        game_bonus: 0,
                        final_total: s.totals[i],
                        net: s.net[i],
                        won: s.winners.contains(&seat),
                        hands_won,
                        gins: 0,
                        knocks: 0,
                        undercuts_given: 0,
                        undercuts_suffered: 0,
                        knock_deadwood: 0,
                    }
                })
                .collect(),
        )
    }

    fn hand_rows(&self, before: usize) -> Vec<HandRow> {
        let doubles = self.rules.hand_rummy == HandRummy::Double;
        self.history[before..]
            .iter()
            .map(|r| hand_row(r, doubles))
            .collect()
    }

    fn decider(&self, seat: Seat, level: Level, _seed: [u8; 32]) -> Decider {
        let view = self.view_for(seat);
        let level = rummy_level(level);
        Box::new(move || Play::Rummy(decide_rummy(level, &view)))
    }
}

/// The ledger row of a finished Rummy hand: who went out, for how many points (`doubles`:
/// hand rummy doubles the hand under these rules).
fn hand_row(rec: &RummyRecord, doubles: bool) -> HandRow {
    let (kind, points, winner) = match &rec.end {
        RummyEnd::Out {
            winner,
            points,
            hand_rummy,
            ..
        } => (
            if *hand_rummy {
                HandKind::HandRummy
            } else {
                HandKind::Out
            },
            *points,
            Some(*winner),
        ),
        RummyEnd::StockExhausted => (HandKind::Dead, 0, None),
    };
    HandRow {
        deal_no: rec.deal_no,
        dealer_seat: rec.dealer,
        first_seat: rec.dealer,
        second_seat: rec.dealer,
        knocker_seat: winner,
        kind,
        knocker_deadwood: None,
        defender_deadwood: None,
        points,
        winner_seat: winner,
        lines: 0,
        doubled: doubles
            && matches!(
                rec.end,
                RummyEnd::Out {
                    hand_rummy: true,
                    ..
                }
            ),
        commitment: crate::engine::deck::commitment(&rec.seed),
        seed_hex: crate::engine::deck::seed_hex(&rec.seed),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Event, GameError, RulesOf};
    use super::*;
    use crate::engine::Action;

    /// A move of another game (a forged button) is refused as such, and changes nothing.
    #[test]
    fn a_move_of_another_game_is_refused() {
        let rummy = RulesOf::Rummy(RummyRules::default());
        let mut g = rummy.new_game(2, [5; 32]).unwrap();
        let before = g.clone();
        let seat = g.to_act().unwrap();
        let forged = Event::Play {
            seat,
            play: Play::Gin(Action::DrawStock),
        };
        assert_eq!(g.apply(forged), Err(GameError::WrongGame));
        assert_eq!(g, before);
    }
}
