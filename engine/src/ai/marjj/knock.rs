//! Knocking: MARJJ knocks only in its first three turns, when the opponent's hand is still
//! loose and an undercut unlikely; after that it plays for gin, which no undercut can beat and
//! onto which nothing is laid off.
//!
//! When it knocks, it chooses the arrangement that leaves the opponent the fewest layoffs. The
//! engine's showdown lays the knocker's cards out itself, optimally against the defender's true
//! hand, which is never worse for the knocker than any arrangement chosen blind; what this
//! choice decides here is the knock's discard: the card whose ten left can be arranged with the
//! least deadwood plus the points the opponent is expected to lay off.

use super::odds::Odds;
use crate::ai::eval::without;
use crate::card::{Card, CardSet};
use crate::meld::{Meld, MeldKind};
use crate::solver::for_each_packing;

/// The turns (this seat's, from 1) in which it knocks with deadwood; later only gin.
pub(super) const KNOCK_TURNS: u32 = 3;

/// Whether this seat knocks with `deadwood` on its turn `turn`.
pub(super) fn may_knock(turn: u32, deadwood: u32) -> bool {
    deadwood == 0 || turn <= KNOCK_TURNS
}

/// A knock: the discard, the arrangement of the ten cards left, and its cost.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Knock {
    pub discard: Card,
    pub melds: Vec<Meld>,
    pub deadwood: u32,
    /// Points the opponent is expected to lay off onto the melds (none onto gin).
    pub layoffs: f64,
}

/// The knock among the discards `options` of `hand` whose ten cards have an arrangement within
/// `limit` with the least deadwood plus expected layoffs; on a tie the less deadwood, then the
/// higher discard, then the first in card order.
pub(super) fn choose(hand: CardSet, options: CardSet, limit: u32, odds: &Odds) -> Option<Knock> {
    let mut best: Option<(f64, Knock)> = None;
    for discard in options.iter() {
        let ten = without(hand, discard);
        for_each_packing(ten, |melds, covered| {
            let deadwood = CardSet(ten.0 & !covered).value();
            if deadwood > limit {
                return;
            }
            let layoffs = if deadwood == 0 {
                0.0
            } else {
                expected_layoffs(melds, odds)
            };
            let cost = deadwood as f64 + layoffs;
            let better = best.as_ref().is_none_or(|(c, b)| {
                cost.total_cmp(c)
                    .then(deadwood.cmp(&b.deadwood))
                    .then(b.discard.value().cmp(&discard.value()))
                    .then(discard.cmp(&b.discard))
                    .is_lt()
            });
            if better {
                let melds = melds.iter().map(|&m| Meld(CardSet(m))).collect();
                best = Some((
                    cost,
                    Knock {
                        discard,
                        melds,
                        deadwood,
                        layoffs,
                    },
                ));
            }
        });
    }
    best.map(|(_, k)| k)
}

/// The points the opponent is expected to lay off onto `melds` (meld masks): each card that
/// extends one of them, the fourth of a three-card set or the next card at either end of a
/// run, by its value and the chance the opponent holds it. A chain (two cards beyond a run's
/// end) needs both and is left out.
pub(super) fn expected_layoffs(melds: &[u64], odds: &Odds) -> f64 {
    let cards = melds.iter().fold(CardSet::EMPTY, |acc, &m| {
        CardSet(acc.0 | extensions(m) & !covered_by(melds))
    });
    cards
        .iter()
        .map(|c| odds.holds(c) * f64::from(c.value()))
        .sum()
}

fn covered_by(melds: &[u64]) -> u64 {
    melds.iter().fold(0, |a, m| a | m)
}

/// The cards that extend meld `m` by one.
fn extensions(m: u64) -> u64 {
    match Meld(CardSet(m)).kind() {
        MeldKind::Set if m.count_ones() == 3 => {
            let rank = m.trailing_zeros() & 15;
            0x0001_0001_0001_0001u64 << rank & !m
        }
        MeldKind::Set => 0,
        MeldKind::Run => {
            let (low, high) = (m.trailing_zeros(), 63 - m.leading_zeros());
            let below = if low & 15 > 0 { 1u64 << (low - 1) } else { 0 };
            let above = if high & 15 < 12 {
                1u64 << (high + 1)
            } else {
                0
            };
            below | above
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::{card, hand};
    use crate::card::FULL_DECK;

    #[test]
    fn knocks_with_deadwood_only_in_the_first_three_turns_gin_always() {
        for turn in 1..=3 {
            assert!(may_knock(turn, 10), "turn {turn}");
        }
        assert!(!may_knock(4, 1));
        assert!(!may_knock(20, 10));
        assert!(may_knock(4, 0));
        assert!(may_knock(40, 0));
    }

    #[test]
    fn a_run_extends_at_both_ends_a_set_of_three_by_its_fourth() {
        let run = hand("4C 5C 6C").0;
        assert_eq!(CardSet(extensions(run)), hand("3C 7C"));
        assert_eq!(CardSet(extensions(hand("AH 2H 3H").0)), hand("4H"));
        assert_eq!(CardSet(extensions(hand("JS QS KS").0)), hand("TS"));
        assert_eq!(CardSet(extensions(hand("9S 9H 9C").0)), hand("9D"));
        assert_eq!(extensions(hand("9S 9H 9C 9D").0), 0);
    }

    fn odds(known: &str, hand: CardSet) -> Odds {
        let known = crate::card::testing::hand(known);
        Odds {
            known,
            unseen: CardSet(FULL_DECK & !hand.0 & !known.0),
            hidden_share: 0.25,
            declined: CardSet::EMPTY,
        }
    }

    #[test]
    fn the_knock_leaves_the_fewest_layoffs() {
        let h = hand("2C 3C 4C 5C KS KH KD AS 2D 3H 4S");
        // Least deadwood throws 4S and knocks with 6: AS 2D 3H.
        let plain = choose(h, h, 10, &odds("", h)).unwrap();
        assert_eq!((plain.discard, plain.deadwood), (card("4S"), 6));
        // The opponent took 6C from the pile: it lays off onto 2C-5C. Throwing 5C instead
        // knocks with 10 but leaves it nothing to lay off there.
        let k = choose(h, h, 10, &odds("6C", h)).unwrap();
        assert_eq!((k.discard, k.deadwood), (card("5C"), 10));
        assert!(k.melds.contains(&Meld(hand("2C 3C 4C"))));
        assert!(k.melds.contains(&Meld(hand("KS KH KD"))));
        assert_eq!(k.melds.len(), 2);
        // Expected: AC (1) and KC (10), a quarter each.
        assert!((k.layoffs - 0.25 * 11.0).abs() < 1e-9, "{}", k.layoffs);
        // Gin leaves nothing to lay off, whatever the opponent holds.
        let gin = hand("2C 3C 4C 5C KS KH KD 7H 8H 9H QD");
        let g = choose(gin, gin, 10, &odds("6C", gin)).unwrap();
        assert_eq!((g.discard, g.deadwood, g.layoffs), (card("QD"), 0, 0.0));
    }
}
