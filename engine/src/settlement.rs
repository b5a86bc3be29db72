//! How a match ends in points and payments (RULES.md sections 7 and 10): the bonuses, the
//! final totals and who pays whom.
//!
//! Shared by every game: a Gin match settles between its seats, the four-player modes between
//! their two teams, Hollywood once per game of its sheet, and Rummy pair by pair. It lives apart
//! from any one match type so that none of them imports another's file.

use super::rules::Rules;
use super::seat::Seat;
use serde::{Deserialize, Serialize};

/// One pair's settlement: `payer` pays `amount` to `payee` (RULES.md sections 7 and 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Payment {
    /// Who pays.
    pub payer: Seat,
    /// Who is paid.
    pub payee: Seat,
    /// How much.
    pub amount: u32,
}

/// The end of a match: bonuses, final totals and who pays whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Settlement {
    /// The seat (in the four-player modes, the team) that won.
    pub winner: Seat,
    /// Who resigned, if anyone.
    pub resigned: Option<Seat>,
    /// Running totals at the end (what counted towards the target).
    pub totals: Vec<u32>,
    /// Lines (boxes) won per seat.
    pub lines: Vec<u32>,
    /// `lines * line_bonus` per seat.
    pub line_bonus: Vec<u32>,
    /// Game bonus per seat: the winner's (a shutout's bonus or doubling when every loser was
    /// shut out; with three players a single shutout is settled in that pair), zero for losers.
    pub game_bonus: Vec<u32>,
    /// Losers who scored nothing in the whole match.
    pub shutouts: Vec<Seat>,
    /// Final totals: running total + line bonus + game bonus.
    pub finals: Vec<u32>,
    /// Who pays whom: one payment per pair that owes anything.
    pub payments: Vec<Payment>,
    /// Per seat: what it won (positive) or paid (negative) in all; the sum is zero.
    pub net: Vec<i64>,
}

/// Whether the match is still being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum MatchStatus {
    /// Still being played.
    InProgress,
    /// Played out or resigned, and settled.
    Finished(Settlement),
    /// Ended by a moderator without scoring.
    Cancelled,
}

impl MatchStatus {
    /// The settlement of a finished match.
    pub fn settlement(&self) -> Option<&Settlement> {
        match self {
            MatchStatus::Finished(s) => Some(s),
            _ => None,
        }
    }
}

/// Bonuses and the settlement of a match that `winner` won (RULES.md sections 7 and 10),
/// between the sides whose running totals and lines are given: seats, or in the four-player
/// modes the two teams (section 11).
pub fn settle(
    r: &Rules,
    totals: &[u32],
    lines: &[u32],
    winner: Seat,
    resigned: Option<Seat>,
) -> Settlement {
    let sides = totals.len() as Seat;
    let n = totals.len();
    let line_bonus: Vec<u32> = lines.iter().map(|l| l * r.line_bonus).collect();
    let shutouts: Vec<Seat> = (0..sides)
        .filter(|&s| s != winner && totals[s as usize] == 0)
        .collect();
    let plain = |s: usize| totals[s] + line_bonus[s];
    // What the winner counts against one loser: shutout bonus or doubling if that loser
    // never scored, the game bonus otherwise.
    let winner_against = |loser: Seat| {
        let w = winner as usize;
        if !shutouts.contains(&loser) {
            plain(w) + r.game_bonus
        } else if r.shutout_doubles {
            2 * totals[w] + line_bonus[w] + r.game_bonus
        } else {
            plain(w) + r.shutout_bonus
        }
    };
    // The winner's final total: against shut-out losers only, the shutout one.
    let losers = n - 1;
    let w = winner as usize;
    let mut finals: Vec<u32> = (0..n).map(plain).collect();
    finals[w] = if shutouts.len() == losers {
        winner_against(shutouts[0])
    } else {
        plain(w) + r.game_bonus
    };
    let mut game_bonus = vec![0; n];
    game_bonus[w] = finals[w] - plain(w);
    let (payments, net) = pairwise(sides, |a, b| {
        let (va, vb) = if a == winner {
            (winner_against(b), plain(b as usize))
        } else if b == winner {
            (plain(a as usize), winner_against(a))
        } else {
            (plain(a as usize), plain(b as usize))
        };
        va as i64 - vb as i64
    });
    Settlement {
        winner,
        resigned,
        totals: totals.to_vec(),
        lines: lines.to_vec(),
        line_bonus,
        game_bonus,
        shutouts,
        finals,
        payments,
        net,
    }
}

/// Every pair of `sides` settles `diff(a, b)` (what `a` wins from `b`, negative if it pays):
/// the payments between them and each side's net, whose sum is zero.
pub fn pairwise(sides: u8, diff: impl Fn(Seat, Seat) -> i64) -> (Vec<Payment>, Vec<i64>) {
    let mut payments = Vec::new();
    let mut net = vec![0i64; usize::from(sides)];
    for a in 0..sides {
        for b in a + 1..sides {
            let d = diff(a, b);
            net[usize::from(a)] += d;
            net[usize::from(b)] -= d;
            if d != 0 {
                let (payer, payee) = if d > 0 { (b, a) } else { (a, b) };
                payments.push(Payment {
                    payer,
                    payee,
                    amount: d.unsigned_abs() as u32,
                });
            }
        }
    }
    (payments, net)
}
