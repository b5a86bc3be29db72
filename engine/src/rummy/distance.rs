//! How far a Rummy hand is from going out: the measure the `medium` and `hard` players judge
//! by. In the hand's best arrangement into melds every loose card costs, less when it has a
//! partner (a pair, or a suit neighbour one or two ranks away), and its points break ties.

use super::melds::{hand_points, melds_in};
use crate::card::{Card, CardSet};

/// What a loose card costs in [`distance`]: a whole step from going out alone, half with a
/// partner.
pub(super) const WHOLE: u32 = 100;
pub(super) const HALF: u32 = 50;

/// How far `hand` is from going out, in its best arrangement into melds (see the module).
pub fn distance(hand: CardSet, aces: bool) -> u32 {
    fn best(hand: CardSet, melds: &[CardSet], aces: bool) -> u32 {
        let mut least = loose_cost(hand, aces);
        for (i, m) in melds.iter().enumerate() {
            if m.0 & !hand.0 == 0 {
                least = least.min(best(CardSet(hand.0 & !m.0), &melds[i + 1..], aces));
            }
        }
        least
    }
    best(hand, &melds_in(hand, aces), aces)
}

/// The cost of `loose` cards that are in no meld.
fn loose_cost(loose: CardSet, aces: bool) -> u32 {
    let partnered = |c: Card| {
        loose.iter().any(|o| {
            o != c
                && (o.rank() == c.rank()
                    || (o.suit() == c.suit() && o.rank().abs_diff(c.rank()) <= 2))
        })
    };
    loose
        .iter()
        .map(|c| if partnered(c) { HALF } else { WHOLE })
        .sum::<u32>()
        + hand_points(loose, aces)
}
