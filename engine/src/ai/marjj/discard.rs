//! The discard: which cards are candidates, and how each is scored. Lower is better.
//!
//! Candidates are the cards in no meld of some least-deadwood arrangement of the eleven, kept
//! only within [`SPREAD`] points of the highest of them: MARJJ sheds high deadwood and weighs
//! only the close calls. A discard that leaves gin is played at once, and a candidate leaving
//! more than [`SPREAD`] points above the least deadwood is dropped.
//!
//! A candidate's score is the deadwood it leaves, plus a look-ahead weighted 18 × 0.9^(turn −
//! 1): the mean deadwood after the best [`BEST_DRAWS`] of the next draws (each unseen card
//! drawn, the best card thrown), how well the hand can still improve; plus the danger of
//! handing the card to the opponent. The look-ahead's weight starts high, when a hand's shape
//! matters more than its count, and decays as a knock or gin by either side draws near.

use super::danger::danger;
use super::sight::Sight;
use crate::ai::eval::{with, without};
use crate::card::{Card, CardSet};
use crate::solver::{for_each_packing, knock_deadwood, min_deadwood};

/// The look-ahead's weight on a seat's first turn...
pub(super) const LOOKAHEAD_START: f64 = 18.0;
/// ... and its decay per turn after that.
pub(super) const LOOKAHEAD_DECAY: f64 = 0.9;
/// How many of the best draws the look-ahead averages: about what a hand sees before it ends.
pub(super) const BEST_DRAWS: usize = 7;
/// Points within which a candidate stays near the highest one, and near the least deadwood.
pub(super) const SPREAD: u32 = 5;

/// 18 × 0.9^(turn − 1), `turn` counting this seat's turns in the hand from 1.
pub(super) fn lookahead_weight(turn: u32) -> f64 {
    LOOKAHEAD_START * LOOKAHEAD_DECAY.powi(turn.max(1) as i32 - 1)
}

/// The mean deadwood of `ten` after each of its best [`BEST_DRAWS`] draws from `unseen`.
pub(super) fn lookahead(ten: CardSet, unseen: CardSet) -> f64 {
    let mut after: Vec<u32> = unseen
        .iter()
        .map(|u| knock_deadwood(with(ten, u)))
        .collect();
    if after.is_empty() {
        return 0.0;
    }
    after.sort_unstable();
    let best = &after[..after.len().min(BEST_DRAWS)];
    best.iter().sum::<u32>() as f64 / best.len() as f64
}

/// The score of discarding `card` from `hand` on this seat's turn `turn`.
pub(super) fn score(hand: CardSet, card: Card, turn: u32, sight: &Sight) -> f64 {
    let rest = without(hand, card);
    min_deadwood(rest) as f64
        + lookahead_weight(turn) * lookahead(rest, sight.unseen)
        + danger(card, sight)
}

/// A discard's candidates among `options`, or the one card to throw at once (gin, or the only
/// candidate): `Err(card)` then.
pub(super) fn candidates(hand: CardSet, options: CardSet) -> Result<CardSet, Card> {
    let mut least = u32::MAX;
    let mut loose = CardSet::EMPTY;
    for_each_packing(hand, |_, covered| {
        let dead = CardSet(hand.0 & !covered);
        let value = dead.value();
        if value < least {
            (least, loose) = (value, CardSet::EMPTY);
        }
        if value == least {
            loose = CardSet(loose.0 | dead.0);
        }
    });
    let loose = CardSet(loose.0 & options.0);
    let top = loose
        .iter()
        .map(|c| u32::from(c.value()))
        .max()
        .unwrap_or(0);
    let mut near: CardSet = loose
        .iter()
        .filter(|c| u32::from(c.value()) + SPREAD >= top)
        .collect();
    if near.len() == 1 {
        return Err(near.iter().next().expect("one card"));
    }
    if near.is_empty() {
        near = options;
    }
    let after: Vec<(Card, u32)> = near
        .iter()
        .map(|c| (c, min_deadwood(without(hand, c))))
        .collect();
    if let Some(&(gin, _)) = after.iter().find(|(_, d)| *d == 0) {
        return Err(gin);
    }
    let best = after.iter().map(|&(_, d)| d).min().unwrap_or(0);
    Ok(after
        .into_iter()
        .filter(|&(_, d)| d <= best + SPREAD)
        .map(|(c, _)| c)
        .collect())
}

/// The discards of `options` with the best score (ties are broken by the caller); a gin or a
/// lone candidate alone.
pub(super) fn best(hand: CardSet, options: CardSet, turn: u32, sight: &Sight) -> CardSet {
    let near = match candidates(hand, options) {
        Ok(near) => near,
        Err(card) => return CardSet::EMPTY.with(card),
    };
    let scored: Vec<(f64, Card)> = near
        .iter()
        .map(|c| (score(hand, c, turn, sight), c))
        .collect();
    let least = scored.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    scored
        .into_iter()
        .filter(|s| s.0 == least)
        .map(|s| s.1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::{card, hand};
    use crate::card::FULL_DECK;

    #[test]
    fn the_look_ahead_weight_is_18_decaying_by_a_tenth_a_turn() {
        assert_eq!(lookahead_weight(1), 18.0);
        assert!((lookahead_weight(2) - 16.2).abs() < 1e-12);
        assert!((lookahead_weight(3) - 14.58).abs() < 1e-12);
        assert!((lookahead_weight(11) - 18.0 * 0.9f64.powi(10)).abs() < 1e-12);
        assert!(lookahead_weight(40) < 0.5);
    }

    /// Everything but `hand` unseen, and the opponent holding nothing known.
    fn blind(hand: CardSet) -> Sight {
        Sight {
            held: CardSet::EMPTY,
            unseen: CardSet(FULL_DECK & !hand.0),
        }
    }

    #[test]
    fn candidates_are_loose_cards_near_the_highest() {
        // Melds 2C-4C and 7H 7S 7D; loose KS QD 9S 5D 2H: the candidates are those within five
        // points of the king: KS QD 9S 5D.
        let h = hand("2C 3C 4C 7H 7S 7D KS QD 9S 5D 2H");
        assert_eq!(candidates(h, h), Ok(hand("KS QD 9S 5D")));
        // A card barred (just taken) is no candidate.
        assert_eq!(
            candidates(h, hand("2C 3C 4C 7H 7S 7D QD 9S 5D 2H")),
            Ok(hand("QD 9S 5D"))
        );
        // A discard that leaves gin is thrown at once.
        let gin = hand("2C 3C 4C 7H 7S 7D 9S TS JS QS KD");
        assert_eq!(candidates(gin, gin), Err(card("KD")));
    }

    #[test]
    fn early_on_the_look_ahead_keeps_the_cards_that_draw_to_melds() {
        // Two melds, and QH JH JS 9D 2D loose. Least deadwood throws the queen or a jack; the
        // look-ahead keeps the jacks and the queen (each has two ways to a meld) and throws 9D,
        // which has fewer.
        let h = hand("AC 2C 3C 4H 4S 4D QH JH JS 9D 8C");
        let s = blind(h);
        let picked = best(h, h, 1, &s);
        assert!(!picked.contains(card("QH")), "{picked:?}");
        // Without the look-ahead (far into the hand) the deadwood now decides: a ten-pointer.
        let late = best(h, h, 80, &s);
        assert!(late.iter().all(|c| c.value() == 10), "{late:?}");
        assert_ne!(picked, late);
    }
}
