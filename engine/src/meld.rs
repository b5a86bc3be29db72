//! Melds (RULES.md section 2): runs of three or more in one suit, sets of three or four of a rank.

use super::card::{Card, CardSet, LANE};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A run or a set, as shown at the showdown.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meld(pub CardSet);

/// Which of the two meld shapes a meld has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// Three or more cards in sequence in one suit.
    Run,
    /// Three or four cards of one rank.
    Set,
}

impl Meld {
    /// A run lies inside one suit lane; a set spans several.
    pub fn kind(self) -> MeldKind {
        let m = self.0 .0;
        if m >> (m.trailing_zeros() & !15) & !LANE == 0 {
            MeldKind::Run
        } else {
            MeldKind::Set
        }
    }

    /// The meld's cards.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        self.0.iter()
    }

    /// Whether `cards` form a legal meld.
    pub fn is_valid(cards: CardSet) -> bool {
        let m = cards.0;
        let n = m.count_ones();
        if n < 3 {
            return false;
        }
        let low = m.trailing_zeros();
        let lane_start = low & !15;
        if m >> lane_start & !LANE == 0 {
            // One suit: the bits must be consecutive.
            let run = m >> low;
            return run & (run + 1) == 0;
        }
        // A set: one rank, no more than four cards (guaranteed by the lanes).
        let rank = low & 15;
        let spread = 0x0001_0001_0001_0001u64 << rank;
        n <= 4 && m & !spread == 0
    }
}

impl fmt::Debug for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}{:?}", self.kind(), self.0)
    }
}

/// The melds found in a hand, on the stack: an 11-card hand holds at most 45 (one long run).
pub(crate) struct MeldList {
    pub masks: [u64; 64],
    pub len: usize,
}

impl MeldList {
    fn push(&mut self, m: u64) {
        self.masks[self.len] = m;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[u64] {
        &self.masks[..self.len]
    }
}

/// Whether `hand` holds any meld at all: the solver's fast path for meldless hands.
#[inline]
pub(crate) fn has_meld(hand: u64) -> bool {
    // Bits 13 to 15 of every lane are empty, so the shifted ANDs never join two suits.
    hand & hand >> 1 & hand >> 2 != 0 || rank_with_three(hand) != 0
}

/// Ranks (as a 13-bit mask) held in three or four suits.
#[inline]
fn rank_with_three(hand: u64) -> u64 {
    let (a, b, c, d) = (
        hand & LANE,
        hand >> 16 & LANE,
        hand >> 32 & LANE,
        hand >> 48 & LANE,
    );
    (a & b & (c | d)) | (c & d & (a | b))
}

/// Every meld contained in `hand`, including the shorter runs inside a long run and the
/// three-card sets inside a four-card set (a card may be needed elsewhere). Longer melds come
/// first, so the search meets a long run whole before its parts.
pub(crate) fn melds_in(hand: u64) -> MeldList {
    let mut out = MeldList {
        masks: [0; 64],
        len: 0,
    };
    let mut starts = hand & hand >> 1 & hand >> 2;
    while starts != 0 {
        let start = starts.trailing_zeros();
        starts &= starts - 1;
        // Length of the run of consecutive cards from `start` (lanes never join, see above).
        let len = (!(hand >> start)).trailing_zeros();
        for l in (3..=len).rev() {
            out.push(((1u64 << l) - 1) << start);
        }
    }
    let mut threes = rank_with_three(hand);
    while threes != 0 {
        let rank = threes.trailing_zeros();
        threes &= threes - 1;
        let set = hand & (0x0001_0001_0001_0001u64 << rank);
        out.push(set);
        if set.count_ones() == 4 {
            let mut rest = set;
            while rest != 0 {
                let one = rest & rest.wrapping_neg();
                rest &= rest - 1;
                out.push(set & !one);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        CardSet::parse(text).unwrap().into_iter().collect()
    }

    #[test]
    fn runs_and_sets_are_melds_and_nothing_else_is() {
        for ok in ["AS 2S 3S", "9H TH JH QH KH", "7D 7S 7H", "7D 7S 7H 7C"] {
            assert!(Meld::is_valid(set(ok)), "{ok}");
        }
        for bad in [
            "QS KS AS", "KS AS 2S", "AS 2S", "7D 7S 8S", "2S 3S 5S", "7D 8H 9S",
        ] {
            assert!(!Meld::is_valid(set(bad)), "{bad}");
        }
        assert_eq!(Meld(set("7D 7S 7H")).kind(), MeldKind::Set);
        assert_eq!(Meld(set("2C 3C 4C")).kind(), MeldKind::Run);
    }

    #[test]
    fn enumeration_lists_every_sub_meld() {
        // A five-card run holds 3 + 2 + 1 runs; a four-card set holds itself and four threes.
        assert_eq!(melds_in(set("3H 4H 5H 6H 7H").0).len, 6);
        assert_eq!(melds_in(set("9S 9H 9D 9C").0).len, 5);
        assert_eq!(melds_in(set("KS AS 2S 7H 7D").0).len, 0);
        for &m in melds_in(set("7D 7S 7H 8H 9H 9S 9D").0).as_slice() {
            assert!(Meld::is_valid(CardSet(m)));
        }
    }
}
