//! One deal of Partnership Gin (RULES.md section 11a): who meets whom at the two tables, and
//! what the pair of results scores for the teams.

use crate::deck::Seed;
use crate::hand::HandEnd;
use crate::seat::Seat;
use crate::team::team_of;
use serde::{Deserialize, Serialize};

/// One table of a finished deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableRecord {
    /// The non-dealer first.
    pub players: [Seat; 2],
    /// The table's dealer.
    pub dealer: Seat,
    /// The table's seed.
    pub seed: Seed,
    /// How the table's hand ended.
    pub end: HandEnd,
}

/// A finished deal: both tables and what the teams made of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DealRecord {
    /// The deal's number, from 0.
    pub deal_no: u32,
    /// Its two tables, table 0 (the one seat 0 played at) first.
    pub tables: [TableRecord; 2],
    /// The team that scored the deal and its points (`None`: nobody scored).
    pub scored: Option<(usize, u32)>,
    /// Team totals after this deal.
    pub totals: Vec<u32>,
}

/// The two pairs of opponents of deal `deal_no`: opponents switch every deal.
pub fn pairings(deal_no: u32) -> [[Seat; 2]; 2] {
    if deal_no % 2 == 0 {
        [[0, 1], [2, 3]]
    } else {
        [[0, 3], [2, 1]]
    }
}

/// The team score of a deal from its two tables' results (winner seat and points; `None` for
/// a dead table): both tables to one team, the sum; one each, the difference to the higher
/// (equal: nobody). A dead table is won by nobody with 0.
pub fn deal_score(tables: [Option<(Seat, u32)>; 2]) -> Option<(usize, u32)> {
    let mut points = [0i64; 2];
    for (seat, p) in tables.into_iter().flatten() {
        points[team_of(seat)] += i64::from(p);
    }
    let net = points[0] - points[1];
    match net {
        0 => None,
        n if n > 0 => Some((0, n as u32)),
        n => Some((1, n.unsigned_abs() as u32)),
    }
}
