//! Melds (RULES.md section 2): runs of three or more in one suit, sets of three or four of a rank.

use super::card::{Card, CardSet, LANE};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A run or a set, as shown at the showdown.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Meld(pub CardSet);

/// Which of the two meld shapes a meld has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// Calls `each` with every meld contained in `hand`, including the shorter runs inside a long
/// run and the three-card sets inside a four-card set (a card may be needed elsewhere). Longer
/// melds come first, so the search meets a long run whole before its parts.
#[inline(always)]
fn for_each_meld(hand: u64, mut each: impl FnMut(u64)) {
    let mut starts = hand & hand >> 1 & hand >> 2;
    while starts != 0 {
        let start = starts.trailing_zeros();
        starts &= starts - 1;
        // Length of the run of consecutive cards from `start` (lanes never join, see above).
        let len = (!(hand >> start)).trailing_zeros();
        for l in (3..=len).rev() {
            each(((1u64 << l) - 1) << start);
        }
    }
    let mut threes = rank_with_three(hand);
    while threes != 0 {
        let rank = threes.trailing_zeros();
        threes &= threes - 1;
        let set = hand & (0x0001_0001_0001_0001u64 << rank);
        each(set);
        if set.count_ones() == 4 {
            let mut rest = set;
            while rest != 0 {
                let one = rest & rest.wrapping_neg();
                rest &= rest - 1;
                each(set & !one);
            }
        }
    }
}

/// Every card of `hand` that is part of at least one meld of it.
pub(crate) fn meld_cover(hand: u64) -> u64 {
    let mut cover = 0;
    for_each_meld(hand, |m| cover |= m);
    cover
}

/// Calls `work` with every meld in `hand` (in [`for_each_meld`]'s order) and a zeroed scratch
/// list of the same length. Both live on the stack, sized to the hand: zeroing one fixed list
/// of 64 slots for every hand took a quarter of the hard player's time, and most hands hold a
/// handful of melds, listed in one pass. A hand of more than 64 (a whole suit holds 66) gets
/// them on the heap.
pub(crate) fn with_melds<R>(hand: u64, work: impl FnOnce(&[u64], &mut [u64]) -> R) -> R {
    /// The melds most hands hold.
    const FEW: usize = 12;
    let mut few = [0u64; FEW];
    let len = fill(hand, &mut few);
    if len <= FEW {
        return work(&few[..len], &mut [0u64; FEW][..len]);
    }
    if len <= 64 {
        let mut melds = [0u64; 64];
        fill(hand, &mut melds);
        return work(&melds[..len], &mut [0u64; 64][..len]);
    }
    let mut melds = vec![0; len];
    fill(hand, &mut melds);
    work(&melds, &mut vec![0; len])
}

/// Writes the melds of `hand` into `out` as far as it reaches; how many there are.
fn fill(hand: u64, out: &mut [u64]) -> usize {
    let mut n = 0;
    for_each_meld(hand, |m| {
        if let Some(slot) = out.get_mut(n) {
            *slot = m;
        }
        n += 1;
    });
    n
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
        let melds = |text: &str| with_melds(set(text).0, |melds, _| melds.to_vec());
        assert_eq!(melds("3H 4H 5H 6H 7H").len(), 6);
        assert_eq!(melds("9S 9H 9D 9C").len(), 5);
        assert_eq!(melds("KS AS 2S 7H 7D").len(), 0);
        for m in melds("7D 7S 7H 8H 9H 9S 9D") {
            assert!(Meld::is_valid(CardSet(m)));
        }
        // Every size of list, up to a whole suit (66 runs: more than the stack's 64).
        for (text, count) in [
            ("AS 2S 3S 4S 5S", 6),
            ("AS 2S 3S 4S 5S 6S 7S", 15),
            ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", 45),
            ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", 66),
        ] {
            let list = melds(text);
            assert_eq!(list.len(), count, "{text}");
            assert!(list.iter().all(|&m| Meld::is_valid(CardSet(m))), "{text}");
        }
    }
}
