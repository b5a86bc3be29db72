//! `baseline`: a second yardstick, unlike the `simple` player the hard level models. It takes
//! the upcard or the top discard whenever that lowers its deadwood (not only when the card
//! melds), keeps cards near melds (a pair, a suit neighbour, a run with a gap) when choosing
//! among the discards that leave the least deadwood, and knocks at the first legal chance.
//! Only the arena plays it: it is no level a player can choose.

use super::eval::{lowers_deadwood, relation, Relation};
use super::knowledge::Knowledge;
use crate::card::{Card, CardSet};
use crate::hand::Action;
use crate::view::PlayerView;

/// How many cards of `hand` a card could meld with later.
fn neighbours(hand: CardSet, card: Card) -> usize {
    hand.iter()
        .filter(|&o| relation(card, o) != Relation::Unrelated)
        .count()
}

pub(super) fn decide(know: &Knowledge, view: &PlayerView) -> Action {
    let wanted = know.top.is_some_and(|c| lowers_deadwood(know.hand, c));
    // Among equals: the card with the fewest neighbours, then the highest, then the first in
    // card order (no randomness: a yardstick should not wobble).
    super::simple::play(know, view, wanted, |ties| {
        ties.iter().min_by_key(|&c| {
            (
                neighbours(know.hand, c),
                std::cmp::Reverse(c.value()),
                c.index(),
            )
        })
    })
}
