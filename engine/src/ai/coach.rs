//! The coach: the move the hard player would make from a player's own view, and the plain
//! facts that make it sensible (the deadwood before and after, whether a discard is a loose
//! card). The reason is a type, not a sentence: the presentation words it in each language.

use super::{decide, Level};
use crate::card::{Card, CardSet};
use crate::hand::Action;
use crate::solver::{best_arrangement, min_deadwood};
use crate::view::PlayerView;

/// A hint: the hard player's move, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub action: Action,
    /// The facts that make it sensible.
    pub why: Why,
}

/// The facts behind a hint, as the rule book names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Take the upcard or the discard: with the best discard after it, the deadwood goes
    /// from `before` to `after`; `melds` when the card is in a meld of what is kept.
    Take {
        /// The card to take.
        card: Card,
        /// The deadwood now.
        before: u32,
        /// The deadwood after taking it and the best discard.
        after: u32,
        /// The card is in a meld of what is kept.
        melds: bool,
    },
    /// Leave the upcard (pass) or the discard (draw from the stock): taking `card` would
    /// leave `after` against `before` now. When `after < before` the playouts still found
    /// the stock better (the card would show the opponent what is collected).
    Leave {
        /// The card to leave.
        card: Card,
        /// The deadwood now.
        before: u32,
        /// The deadwood taking it would leave.
        after: u32,
    },
    /// Discard `card`, leaving `after`; `least` is the least any discard would leave (more
    /// than that when the cards kept draw better, or the card thrown feeds the opponent
    /// less). `loose`: it is in no meld and has no neighbour of the same rank or within two
    /// ranks of its suit.
    Discard {
        /// The card to discard.
        card: Card,
        /// The deadwood it leaves.
        after: u32,
        /// The least deadwood any discard would leave.
        least: u32,
        /// In no meld and without a neighbour.
        loose: bool,
    },
    /// Discard and play on although knocking is allowed (gin may come, or the knock may be
    /// undercut); `knock` is the least deadwood a knock would show now.
    PlayOn {
        /// The card to discard.
        card: Card,
        /// The deadwood it leaves.
        after: u32,
        /// The least deadwood a knock would show now.
        knock: u32,
    },
    /// Knock, discarding `card` face down, with `deadwood` left.
    Knock {
        /// The card discarded face down.
        card: Card,
        /// The deadwood shown.
        deadwood: u32,
    },
    /// Go gin, discarding `card` face down.
    Gin {
        /// The card discarded face down.
        card: Card,
    },
}

/// What the hard player would do with `view`, and why. `None` when the view's seat has no
/// choice to make now (nothing to do, or a single move). A pure function, like [`decide`]:
/// the same seed and view give the same move the hard player makes.
pub fn hint(seed: &[u8; 32], view: &PlayerView) -> Option<Hint> {
    if view.legal_actions.len() < 2 {
        return None;
    }
    let own = CardSet::from_cards(view.hand.as_ref()?);
    let action = decide(Level::Hard, seed, view);
    let why = explain(view, own, action)?;
    Some(Hint { action, why })
}

fn explain(view: &PlayerView, own: CardSet, action: Action) -> Option<Why> {
    let offered = view.table.discard_pile.last().copied();
    let after_each = |keep: fn(&Action) -> Option<Card>| {
        view.legal_actions
            .iter()
            .filter_map(keep)
            .map(|c| min_deadwood(own.without(c)))
            .min()
    };
    Some(match (action, offered) {
        (Action::TakeUpcard | Action::DrawDiscard, Some(card)) => {
            let (after, kept) = best_after_taking(own, card);
            let melds = best_arrangement(kept)
                .melds
                .iter()
                .any(|m| m.0.contains(card));
            Why::Take {
                card,
                before: min_deadwood(own),
                after,
                melds,
            }
        }
        (Action::Pass | Action::DrawStock, Some(card)) => Why::Leave {
            card,
            before: min_deadwood(own),
            after: best_after_taking(own, card).0,
        },
        (Action::Knock(card), _) => match min_deadwood(own.without(card)) {
            0 => Why::Gin { card },
            deadwood => Why::Knock { card, deadwood },
        },
        (Action::Discard(card), _) => {
            let after = min_deadwood(own.without(card));
            let knock = after_each(|a| match a {
                Action::Knock(c) => Some(*c),
                _ => None,
            });
            match knock {
                Some(knock) => Why::PlayOn { card, after, knock },
                None => Why::Discard {
                    card,
                    after,
                    least: after_each(|a| match a {
                        Action::Discard(c) => Some(*c),
                        _ => None,
                    })
                    .unwrap_or(after),
                    loose: is_loose(own, card),
                },
            }
        }
        _ => return None,
    })
}

/// The least deadwood after taking `card` and discarding another card, and the cards kept.
fn best_after_taking(own: CardSet, card: Card) -> (u32, CardSet) {
    let with = own.with(card);
    with.iter()
        .filter(|&c| c != card)
        .map(|c| (min_deadwood(with.without(c)), with.without(c)))
        .min_by_key(|(deadwood, _)| *deadwood)
        .unwrap_or((min_deadwood(own), own))
}

/// In no meld of the best arrangement, and no card of the same rank or within two ranks in
/// its suit beside it.
fn is_loose(own: CardSet, card: Card) -> bool {
    let in_meld = best_arrangement(own)
        .melds
        .iter()
        .any(|m| m.0.contains(card));
    !in_meld
        && !own.iter().any(|c| {
            c != card
                && (c.rank() == card.rank()
                    || (c.suit() == card.suit() && c.rank().abs_diff(card.rank()) <= 2))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cs(text: &str) -> CardSet {
        CardSet::from_cards(&CardSet::parse(text).unwrap())
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn a_card_in_no_meld_and_near_no_card_is_loose() {
        let own = cs("2S 3S 4S 9D 9C KC 5H");
        assert!(is_loose(own, card("KC")));
        assert!(is_loose(own, card("5H")));
        assert!(!is_loose(own, card("9D")), "a pair is a set draw");
        assert!(!is_loose(own, card("2S")), "in a meld");
        assert!(
            !is_loose(cs("9D JD KC"), card("9D")),
            "a run draw two ranks away"
        );
    }

    #[test]
    fn taking_a_card_is_counted_after_the_best_discard() {
        // 2S 3S 4S is a run; 9C makes a set of the nines and KC goes: no deadwood left.
        let own = cs("2S 3S 4S 9D 9H KC");
        assert_eq!(min_deadwood(own), 28);
        let (after, kept) = best_after_taking(own, card("9C"));
        assert_eq!((after, kept), (0, cs("2S 3S 4S 9D 9H 9C")));
        assert_eq!(
            best_after_taking(own, card("QH")).0,
            28,
            "QH or KC goes: nothing gained"
        );
    }
}
