//! The discard score: the deadwood a discard leaves, blended with a one-ply look-ahead of the
//! next stock draw, plus the danger of handing the card to the opponent. Lower is better.
//!
//! The look-ahead is the expected deadwood after drawing each unseen card and discarding the
//! best card, averaged over the unseen cards (the stock and the opponent's hidden cards look
//! alike from here). Its weight, 18 × 0.9^(turn − 1), starts high, when a hand's shape matters
//! more than its count, and decays as the hand goes on and a knock or gin by either side draws
//! near. The two parts are averaged with weights 1 and the look-ahead's weight, so the score
//! stays in deadwood points and the danger term adds to it on the same scale.

use super::danger::danger;
use super::odds::Odds;
use crate::ai::eval::{expected_after_draw, without};
use crate::card::{Card, CardSet};
use crate::solver::min_deadwood;

/// The look-ahead's weight on a seat's first turn...
pub(super) const LOOKAHEAD_START: f64 = 18.0;
/// ... and its decay per turn after that.
pub(super) const LOOKAHEAD_DECAY: f64 = 0.9;

/// 18 × 0.9^(turn − 1), `turn` counting this seat's turns in the hand from 1.
pub(super) fn lookahead_weight(turn: u32) -> f64 {
    LOOKAHEAD_START * LOOKAHEAD_DECAY.powi(turn.max(1) as i32 - 1)
}

/// The score of discarding `card` from `hand` on this seat's turn `turn`.
pub(super) fn score(hand: CardSet, card: Card, turn: u32, odds: &Odds) -> f64 {
    let rest = without(hand, card);
    let now = min_deadwood(rest) as f64;
    let next = expected_after_draw(rest, odds.unseen);
    let w = lookahead_weight(turn);
    (now + w * next) / (1.0 + w) + danger(card, odds)
}

/// The best-scored card of `options`; on equal scores the higher card goes (less deadwood if
/// the opponent knocks), then the first in card order.
pub(super) fn best(hand: CardSet, options: CardSet, turn: u32, odds: &Odds) -> Option<Card> {
    options
        .iter()
        .map(|c| (score(hand, c, turn, odds), c))
        .min_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(b.1.value().cmp(&a.1.value()))
                .then(a.1.cmp(&b.1))
        })
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::least_deadwood_discards;
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

    /// An opponent with no hidden card and none known: no danger anywhere, so only the deadwood
    /// and the look-ahead speak.
    fn no_danger(hand: CardSet) -> Odds {
        Odds {
            known: CardSet::EMPTY,
            unseen: CardSet(FULL_DECK & !hand.0),
            hidden_share: 0.0,
            declined: CardSet::EMPTY,
        }
    }

    #[test]
    fn early_on_the_look_ahead_keeps_the_cards_that_draw_to_melds() {
        // Two melds, TH JH JS (a run and a set in the making) and odd cards. Least deadwood
        // throws a ten or a jack; on turn 1 the look-ahead keeps all three (9H, QH, JD or JC
        // makes a meld) and throws 9D, one point more.
        let h = hand("AC 2C 3C 4H 4S 4D TH JH JS 9D 2D");
        let odds = no_danger(h);
        let (ties, deadwood) = least_deadwood_discards(h, CardSet::EMPTY).unwrap();
        assert_eq!((ties, deadwood), (hand("TH JH JS"), 31));
        assert_eq!(best(h, h, 1, &odds), Some(card("9D")));
        // Far into the hand the weight is small and the deadwood now decides.
        assert_eq!(best(h, h, 60, &odds), Some(card("TH")));
    }
}
