//! The draw: MARJJ takes the upcard or the top discard only when the card goes into a meld of
//! its chosen arrangement of the eleven cards and its deadwood drops; otherwise it draws from
//! the stock. A card that merely lowers the count (a low card for a high one) is left on the
//! pile: taking it shows the opponent a card and gives up the stock's chances for a small gain.

use super::knock::arrangement;
use super::sight::Sight;
use crate::ai::eval::with;
use crate::card::{Card, CardSet};
use crate::solver::{knock_deadwood, min_deadwood};

/// Whether `hand` (ten cards) takes `card` from the pile.
pub(super) fn takes(hand: CardSet, card: Card, sight: &Sight) -> bool {
    let eleven = with(hand, card);
    let melded = arrangement(eleven, sight)
        .iter()
        .any(|&m| CardSet(m).contains(card));
    melded && knock_deadwood(eleven) < min_deadwood(hand)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::{card, hand};
    use crate::card::FULL_DECK;

    #[test]
    fn takes_a_card_only_into_a_meld_that_lowers_the_deadwood() {
        let h = hand("7H 8H 5D 5S 2C 9S JD QS KC 4S");
        let s = Sight {
            held: CardSet::EMPTY,
            unseen: CardSet(FULL_DECK & !h.0),
        };
        // 9H makes 7H 8H 9H, 5C makes the fives: both meld and lower the deadwood.
        assert!(takes(h, card("9H"), &s));
        assert!(takes(h, card("5C"), &s));
        // AD would replace KC and lower the deadwood by nine, but melds with nothing.
        assert!(!takes(h, card("AD"), &s));
        // KD melds with nothing either.
        assert!(!takes(h, card("KD"), &s));
        // Gin already: 6C extends the run, but no discard leaves less than nothing.
        let gin = hand("2C 3C 4C 5C 7H 7S 7D 9S TS JS");
        assert!(!takes(gin, card("6C"), &s));
    }
}
