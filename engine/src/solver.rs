//! The deadwood solver (RULES.md section 2): the arrangement of a hand into disjoint melds that
//! leaves the least deadwood, found exactly.
//!
//! Every meld the hand contains is listed (long runs and four-card sets also as their shorter
//! parts), sorted by value, and a depth-first search picks disjoint melds. A branch stops as soon
//! as all the cards its remaining melds could still cover would not beat the best found, so hands
//! without melds cost only the meld scan and long runs are settled on the first path.

use super::card::{Card, CardSet};
use super::meld::{has_meld, meld_cover, with_melds, Meld};
use serde::{Deserialize, Serialize};

/// A hand laid out: its melds and the deadwood left over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Arrangement {
    /// The melds.
    pub melds: Vec<Meld>,
    /// The cards in no meld.
    pub deadwood: CardSet,
}

impl Arrangement {
    /// The deadwood's value.
    pub fn deadwood_count(&self) -> u32 {
        self.deadwood.value()
    }
}

/// Minimum deadwood of a hand (any size).
pub fn min_deadwood(hand: CardSet) -> u32 {
    hand.value() - Search::run(hand.0, false).score
}

/// Minimum deadwood of the ten cards left after the best discard from an 11-card hand.
pub fn knock_deadwood(hand: CardSet) -> u32 {
    debug_assert!(!hand.is_empty());
    hand.value() - Search::run(hand.0, true).score
}

/// The minimum-deadwood arrangement of a hand.
pub fn best_arrangement(hand: CardSet) -> Arrangement {
    let s = Search::run(hand.0, false);
    let melds: Vec<Meld> = s.best_path[..s.best_len]
        .iter()
        .map(|&m| Meld(CardSet(m)))
        .collect();
    let covered = s.best_path[..s.best_len].iter().fold(0, |a, m| a | m);
    Arrangement {
        melds,
        deadwood: CardSet(hand.0 & !covered),
    }
}

/// For each card of a hand about to discard, the deadwood left after discarding it, in card
/// order. The hand message and the AI both read this.
pub fn deadwood_after_each_discard(hand: CardSet) -> Vec<(Card, u32)> {
    let mut after = Vec::with_capacity(hand.len());
    for_each_discard(hand, CardSet::EMPTY, |card, deadwood| {
        after.push((card, deadwood))
    });
    after
}

/// Calls `each` with every card of `hand` outside `skip` and the least deadwood left after
/// discarding it, in card order. A card in no meld of the hand leaves the same melds behind, so
/// its deadwood is the whole hand's less its value: one search serves all such cards, and only
/// the cards that melds could use are searched again.
pub(crate) fn for_each_discard(hand: CardSet, skip: CardSet, mut each: impl FnMut(Card, u32)) {
    let cover = meld_cover(hand.0);
    let mut whole = None;
    for card in hand.iter() {
        if skip.contains(card) {
            continue;
        }
        let deadwood = if CardSet(cover).contains(card) {
            min_deadwood(hand.without(card))
        } else {
            *whole.get_or_insert_with(|| min_deadwood(hand)) - u32::from(card.value())
        };
        each(card, deadwood);
    }
}

/// Calls `visit` with every collection of disjoint melds of `hand` (the empty one included), as
/// meld masks. The showdown enumerates both players' options with it.
pub(crate) fn for_each_packing(hand: CardSet, mut visit: impl FnMut(&[u64], u64)) {
    let mut path = [0u64; 8];
    fn go(
        melds: &[u64],
        start: usize,
        used: u64,
        path: &mut [u64; 8],
        depth: usize,
        visit: &mut dyn FnMut(&[u64], u64),
    ) {
        visit(&path[..depth], used);
        for i in start..melds.len() {
            if melds[i] & used == 0 {
                path[depth] = melds[i];
                go(melds, i + 1, used | melds[i], path, depth + 1, visit);
            }
        }
    }
    with_melds(hand.0, |melds, _| go(melds, 0, 0, &mut path, 0, &mut visit));
}

/// Branch-and-bound over the hand's melds. `score` is the melded value, plus (for an 11-card
/// hand) the value of the best card left to discard.
struct Search<'a> {
    /// Borrowed from the meld list: copying it cost more than many searches.
    melds: &'a [u64],
    /// `reach[i]`: every card that melds `i..` cover, for the bound.
    reach: &'a [u64],
    hand: u64,
    with_discard: bool,
    /// No score can pass the hand's total value: reaching it ends the search.
    total: u32,
    score: u32,
    path: [u64; 4],
    best_path: [u64; 4],
    best_len: usize,
}

impl Search<'_> {
    #[inline]
    fn run(hand: u64, with_discard: bool) -> Outcome {
        let base = if with_discard {
            CardSet(hand).max_value()
        } else {
            0
        };
        if !has_meld(hand) {
            return Outcome {
                score: base,
                best_path: [0; 4],
                best_len: 0,
            };
        }
        Search::run_melds(hand, with_discard, base)
    }

    fn run_melds(hand: u64, with_discard: bool, base: u32) -> Outcome {
        with_melds(hand, |melds, reach| {
            let mut covered = 0;
            for (r, m) in reach.iter_mut().zip(melds).rev() {
                covered |= m;
                *r = covered;
            }
            let mut s = Search {
                melds,
                reach,
                hand,
                with_discard,
                total: CardSet(hand).value(),
                score: base,
                path: [0; 4],
                best_path: [0; 4],
                best_len: 0,
            };
            s.descend(0, 0, 0, 0);
            Outcome {
                score: s.score,
                best_path: s.best_path,
                best_len: s.best_len,
            }
        })
    }

    fn descend(&mut self, start: usize, used: u64, melded: u32, depth: usize) {
        let discard = if self.with_discard {
            CardSet(self.hand & !used).max_value()
        } else {
            0
        };
        if melded + discard > self.score {
            self.score = melded + discard;
            self.best_path = self.path;
            self.best_len = depth;
        }
        for i in start..self.melds.len() {
            let bound = melded + discard + CardSet(self.reach[i] & !used).value();
            if bound.min(self.total) <= self.score {
                return;
            }
            let m = self.melds[i];
            if m & used == 0 {
                self.path[depth] = m;
                self.descend(i + 1, used | m, melded + CardSet(m).value(), depth + 1);
            }
        }
    }
}

/// What a search found.
struct Outcome {
    score: u32,
    best_path: [u64; 4],
    best_len: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::card::testing::hand;

    #[test]
    fn a_card_fitting_a_set_and_a_run_goes_where_it_saves_most() {
        // RULES.md section 2: the run 7H 8H 9H beats the set of sevens.
        assert_eq!(min_deadwood(hand("7D 7S 7H 8H 9H")), 14);
        let a = best_arrangement(hand("7D 7S 7H 8H 9H"));
        assert_eq!(a.melds, vec![Meld(hand("7H 8H 9H"))]);
        assert_eq!(a.deadwood, hand("7D 7S"));
    }

    #[test]
    fn a_discard_of_a_card_in_no_meld_costs_no_search_and_gives_the_same_deadwood() {
        // Cards in a meld, in two, and in none; the bar skips one of each.
        for text in [
            "2C 3C 4C 7H 7D KS KH 5D 9S QC AS",
            "7D 7S 7H 8H 9H 9S 9D 2C 3C 4C",
            "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
            "KS KH KD KC QS QH QD JS JH JD TS",
            "3D 8C",
        ] {
            let h = hand(text);
            let skip = CardSet(h.0 & 0x0001_0001_0001_0001u64 << 9);
            let mut seen = Vec::new();
            for_each_discard(h, skip, |card, deadwood| seen.push((card, deadwood)));
            let searched: Vec<(Card, u32)> = h
                .iter()
                .filter(|&c| !skip.contains(c))
                .map(|c| (c, min_deadwood(h.without(c))))
                .collect();
            assert_eq!(seen, searched, "{text}");
        }
    }

    #[test]
    fn a_whole_suit_is_one_search_too() {
        // 66 runs: more than the meld list once held (it panicked).
        let suit = hand("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS");
        assert_eq!(min_deadwood(suit), 0);
        assert_eq!(best_arrangement(suit).deadwood, CardSet::EMPTY);
    }

    #[test]
    fn ace_is_low_only() {
        assert_eq!(min_deadwood(hand("QS KS AS")), 21);
        assert_eq!(min_deadwood(hand("AS 2S 3S")), 0);
    }

    #[test]
    fn eleven_cards_discard_the_best_card() {
        // Gin after discarding the king.
        assert_eq!(knock_deadwood(hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 8C KD")), 8);
        assert_eq!(knock_deadwood(hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 7H KD")), 0);
    }
}
