//! The draw: MARJJ takes the upcard or the top discard only when the card goes into a meld and
//! lowers its deadwood; otherwise it draws from the stock. A card that merely lowers the count
//! (a low card for a high one) is left on the pile: taking it shows the opponent a card and
//! gives up the stock's chances for a small gain.

use crate::ai::eval::{with, without};
use crate::card::{Card, CardSet};
use crate::solver::min_deadwood;

/// Whether `hand` (ten cards) takes `card` from the pile: some discard other than the card
/// leaves less deadwood than the hand has now, with the card in a meld of the best arrangement.
pub(super) fn takes(hand: CardSet, card: Card) -> bool {
    let now = min_deadwood(hand);
    let eleven = with(hand, card);
    eleven.iter().filter(|&d| d != card).any(|d| {
        let ten = without(eleven, d);
        let after = min_deadwood(ten);
        after < now && melded(ten, card, after)
    })
}

/// Whether `card` lies in a meld of every least-deadwood arrangement of `ten` (whose least
/// deadwood is `deadwood`): left out, it would add its full value.
fn melded(ten: CardSet, card: Card, deadwood: u32) -> bool {
    deadwood < min_deadwood(without(ten, card)) + u32::from(card.value())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::{card, hand};

    #[test]
    fn takes_a_card_only_into_a_meld_that_lowers_the_deadwood() {
        let h = hand("7H 8H 5D 5S 2C 9S JD QS KC 4S");
        // 9H makes 7H 8H 9H, 5C makes the fives: both meld and lower the deadwood.
        assert!(takes(h, card("9H")));
        assert!(takes(h, card("5C")));
        // AD would replace KC and lower the deadwood by nine, but melds with nothing.
        assert!(!takes(h, card("AD")));
        // KD melds with nothing either.
        assert!(!takes(h, card("KD")));
        // Gin already: 6C extends the run, but no discard leaves less than nothing.
        let gin = hand("2C 3C 4C 5C 7H 7S 7D 9S TS JS");
        assert!(!takes(gin, card("6C")));
    }
}
