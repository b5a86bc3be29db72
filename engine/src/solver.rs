//! The deadwood solver (RULES.md section 2): the arrangement of a hand into disjoint melds that
//! leaves the least deadwood, found exactly.
//!
//! Every meld the hand contains is listed (long runs and four-card sets also as their shorter
//! parts), sorted by value, and a depth-first search picks disjoint melds. A branch stops as soon
//! as all the cards its remaining melds could still cover would not beat the best found, so hands
//! without melds cost only the meld scan and long runs are settled on the first path.

use super::card::{Card, CardSet};
use super::meld::{has_meld, melds_in, Meld};
use serde::{Deserialize, Serialize};

/// A hand laid out: its melds and the deadwood left over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    hand.iter()
        .map(|c| {
            let mut rest = hand;
            rest.remove(c);
            (c, min_deadwood(rest))
        })
        .collect()
}

/// Calls `visit` with every collection of disjoint melds of `hand` (the empty one included), as
/// meld masks. The showdown enumerates both players' options with it.
pub(crate) fn for_each_packing(hand: CardSet, mut visit: impl FnMut(&[u64], u64)) {
    let list = melds_in(hand.0);
    let melds = list.as_slice();
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
    go(melds, 0, 0, &mut path, 0, &mut visit);
}

/// Branch-and-bound over the hand's melds. `score` is the melded value, plus (for an 11-card
/// hand) the value of the best card left to discard.
struct Search<'a> {
    /// Borrowed from the meld list: copying its 64 slots cost more than many searches.
    melds: &'a [u64],
    /// `reach[i]`: every card that melds `i..` cover, for the bound.
    reach: [u64; 65],
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
        let list = melds_in(hand);
        let mut s = Search {
            melds: list.as_slice(),
            reach: [0; 65],
            hand,
            with_discard,
            total: CardSet(hand).value(),
            score: base,
            path: [0; 4],
            best_path: [0; 4],
            best_len: 0,
        };
        for i in (0..s.melds.len()).rev() {
            s.reach[i] = s.reach[i + 1] | s.melds[i];
        }
        s.descend(0, 0, 0, 0);
        Outcome {
            score: s.score,
            best_path: s.best_path,
            best_len: s.best_len,
        }
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
