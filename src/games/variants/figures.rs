//! The ledger figures the Gin family shares: a two-player hand's row and counts (Gin, and each
//! table of Partnership Gin), and the settled figures of a side (a player, or a team).

use crate::engine::hand::{opponent_of, HandEnd};
use crate::engine::team::team_of;
use crate::engine::{HandRecord, Seat, Settlement, ShowdownKind};
use crate::store::{HandKind, HandRow, PlayerResult};

pub(super) fn kind_of(kind: ShowdownKind) -> HandKind {
    match kind {
        ShowdownKind::Gin => HandKind::Gin,
        ShowdownKind::Knock => HandKind::Knock,
        ShowdownKind::Undercut => HandKind::Undercut,
    }
}

/// Each player's figures in a team match: the team's totals, bonuses, net and result
/// (RULES.md section 11: "each player's ledger result is the team's"); the hands, gins and
/// knocks are the player's own.
pub(super) fn team_figures(s: &Settlement, seat: Seat) -> PlayerResult {
    settled_figures(s, team_of(seat), seat)
}

/// `seat`'s figures from side `side` of a settlement (its own, or its team's); the hand
/// counts start at zero.
pub(super) fn settled_figures(s: &Settlement, side: usize, seat: Seat) -> PlayerResult {
    PlayerResult {
        seat,
        total: s.totals[side],
        lines: s.lines[side],
        line_bonus: s.line_bonus[side],
        game_bonus: s.game_bonus[side],
        final_total: s.finals[side],
        net: s.net[side],
        won: usize::from(s.winner) == side,
        hands_won: 0,
        gins: 0,
        knocks: 0,
        undercuts_given: 0,
        undercuts_suffered: 0,
        knock_deadwood: 0,
    }
}

/// The ledger row of a finished Gin deal.
pub(super) fn gin_hand_row(rec: &HandRecord) -> HandRow {
    let (knocker_seat, kind, kd, dd, points, winner, lines, doubled) = match &rec.end {
        HandEnd::Dead => (None, HandKind::Dead, None, None, 0, None, 0, false),
        HandEnd::Knocked {
            knocker,
            showdown,
            score,
            ..
        } => {
            let defender = opponent_of(rec.players, *knocker);
            (
                Some(*knocker),
                kind_of(showdown.kind),
                Some(showdown.knocker_deadwood),
                Some(showdown.defender_deadwood),
                score.points,
                Some(if score.knocker_won {
                    *knocker
                } else {
                    defender
                }),
                score.lines,
                score.doubled,
            )
        }
    };
    HandRow {
        deal_no: rec.deal_no,
        dealer_seat: rec.dealer,
        first_seat: rec.players[0],
        second_seat: rec.players[1],
        knocker_seat,
        kind,
        knocker_deadwood: kd,
        defender_deadwood: dd,
        points,
        winner_seat: winner,
        lines,
        doubled,
        commitment: crate::engine::deck::commitment(&rec.seed),
        seed_hex: crate::engine::deck::seed_hex(&rec.seed),
    }
}

/// Adds a knock of the player's own (a gin, a knock, or a knock undercut) to its figures.
pub(super) fn count_own_knock(r: &mut PlayerResult, kind: ShowdownKind, deadwood: u32) {
    match kind {
        ShowdownKind::Gin => r.gins += 1,
        ShowdownKind::Knock => r.knocks += 1,
        ShowdownKind::Undercut => {
            r.knocks += 1;
            r.undercuts_suffered += 1;
        }
    }
    r.knock_deadwood += deadwood;
}

/// Adds a two-player hand `seat` played to its figures.
pub(super) fn count_gin_hand(r: &mut PlayerResult, seat: Seat, players: [Seat; 2], end: &HandEnd) {
    let HandEnd::Knocked {
        knocker,
        showdown,
        score,
        ..
    } = end
    else {
        return;
    };
    let won = end.winner(players).is_some_and(|(w, _)| w == seat);
    r.hands_won += won as u32;
    if *knocker == seat {
        count_own_knock(r, showdown.kind, showdown.knocker_deadwood);
    } else if !score.knocker_won {
        r.undercuts_given += 1;
    }
}
