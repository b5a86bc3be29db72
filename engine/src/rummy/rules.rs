//! The options of Basic Rummy (RULES.md section 12, "Options" and "The match").

use serde::{Deserialize, Serialize};

/// What going out in one turn is worth (option `hand_rummy`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum HandRummy {
    /// The hand's score is doubled.
    #[default]
    Double,
    /// Ten points are added.
    Bonus10,
    /// No bonus.
    Off,
}

/// Basic Rummy's rules; the defaults are RULES.md's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct RummyRules {
    /// Any number of melds per turn instead of one.
    pub multiple_melds: bool,
    /// Lay off only after one's own first meld.
    pub layoff_after_first_meld: bool,
    /// Q-K-A is a run too (K-A-2 never), and aces count 15.
    pub aces_high_low: bool,
    /// The last card must go by a discard.
    pub discard_to_go_out: bool,
    /// What going out in one turn is worth.
    pub hand_rummy: HandRummy,
    /// The turned discard pile is shuffled before it becomes the stock.
    pub reshuffle_stock: bool,
    /// The hand ends without score when the stock runs out this many times.
    pub max_stock_passes: u32,
    /// The match ends when a player's total reaches it...
    pub target: u32,
    /// ...or, when set, after this many hands.
    pub rounds: Option<u32>,
}

impl Default for RummyRules {
    fn default() -> Self {
        RummyRules {
            multiple_melds: false,
            layoff_after_first_meld: false,
            aces_high_low: false,
            discard_to_go_out: false,
            hand_rummy: HandRummy::Double,
            reshuffle_stock: false,
            max_stock_passes: 3,
            target: 100,
            rounds: None,
        }
    }
}

/// Cards dealt to each player (RULES.md section 12, "Deal").
pub fn cards_per_player(players: usize) -> usize {
    match players {
        2 => 10,
        3 | 4 => 7,
        _ => 6,
    }
}
