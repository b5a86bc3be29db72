//! Knocking: MARJJ knocks only in its first three turns, when the opponent's hand is still
//! loose and an undercut unlikely; after that it plays for gin, which no undercut can beat and
//! onto which nothing is laid off. The knock's discard is the one its discard rule picks.
//!
//! Of its least-deadwood arrangements it lays out the one leaving the opponent the fewest
//! layoff points. The engine's showdown lays a knocker's cards out by itself, optimally against
//! the defender's true hand, so that choice decides nothing at a showdown here; it does decide
//! which arrangement the draw rule asks a pile card to meld in.

use super::sight::Sight;
use crate::card::CardSet;
use crate::meld::{Meld, MeldKind};
use crate::solver::for_each_packing;

/// The turns (this seat's, from 1) in which it knocks with deadwood; later only gin.
pub(super) const KNOCK_TURNS: u32 = 3;

/// Whether this seat knocks with `deadwood` on its turn `turn`.
pub(super) fn may_knock(turn: u32, deadwood: u32) -> bool {
    deadwood == 0 || turn <= KNOCK_TURNS
}

/// The least-deadwood arrangement of `hand` (as meld masks) with the fewest layoff points;
/// the first found on a tie.
pub(super) fn arrangement(hand: CardSet, sight: &Sight) -> Vec<u64> {
    let mut best: Option<(u32, u32, Vec<u64>)> = None;
    for_each_packing(hand, |melds, covered| {
        let deadwood = CardSet(hand.0 & !covered).value();
        let better = best.as_ref().is_none_or(|(d, l, _)| {
            deadwood < *d || (deadwood == *d && layoff_points(melds, sight) < *l)
        });
        if better {
            best = Some((deadwood, layoff_points(melds, sight), melds.to_vec()));
        }
    });
    best.map(|(_, _, m)| m).unwrap_or_default()
}

/// The value of the cards the opponent may hold (took, or unseen) that would extend one of
/// `melds`: the fourth of a set, the next card at either end of a run.
pub(super) fn layoff_points(melds: &[u64], sight: &Sight) -> u32 {
    let covered = melds.iter().fold(0, |a, m| a | m);
    let ends = melds.iter().fold(0, |a, &m| a | extensions(m)) & !covered;
    CardSet(ends)
        .iter()
        .filter(|&c| sight.may_hold(c))
        .map(|c| u32::from(c.value()))
        .sum()
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
    use crate::card::testing::hand;
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
        assert_eq!(CardSet(extensions(hand("4C 5C 6C").0)), hand("3C 7C"));
        assert_eq!(CardSet(extensions(hand("AH 2H 3H").0)), hand("4H"));
        assert_eq!(CardSet(extensions(hand("JS QS KS").0)), hand("TS"));
        assert_eq!(CardSet(extensions(hand("9S 9H 9C").0)), hand("9D"));
        assert_eq!(extensions(hand("9S 9H 9C 9D").0), 0);
    }

    #[test]
    fn of_equal_deadwood_it_lays_out_the_fewest_layoffs() {
        // The queen of hearts goes in the run TH-QH (QS QD loose) or in the set of queens (TH
        // JH loose): 20 points either way.
        let h = hand("TH JH QH QS QD 2C 3C 4C 5D 7S");
        let unseen = CardSet(FULL_DECK & !h.0);
        let laid = |gone: &str| {
            let sight = Sight {
                held: CardSet::EMPTY,
                unseen: CardSet(unseen.0 & !hand(gone).0),
            };
            let melds = arrangement(h, &sight);
            let covered = melds.iter().fold(0, |a, m| a | m);
            assert_eq!(CardSet(h.0 & !covered).value(), 32);
            melds.contains(&hand("QH QS QD").0)
        };
        // All open: the set leaves QC (10) to lay off, the run 9H and KH (19).
        assert!(laid(""));
        // 9H and KH gone: the run leaves nothing, the set still QC.
        assert!(!laid("9H KH"));
        // QC gone as well: 0 against 0, the first found stays.
        assert_eq!(laid("9H KH QC"), laid("QC 9H KH"));
    }
}
