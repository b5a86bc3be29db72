//! What the opponent may hold, as MARJJ reads the table: a card it took from the pile and still
//! holds is certain, every unseen card is as likely as any other (its hidden cards over all the
//! unseen ones), and every other card is out of its reach. No inference beyond that: the
//! published agent tracks the cards taken and passed, not a model of the opponent's play.

use crate::ai::knowledge::Knowledge;
use crate::card::{Card, CardSet};

/// The chance, card by card, that the opponent holds it, and the cards it turned down.
#[derive(Clone, Copy, Debug)]
pub(super) struct Odds {
    /// Cards the opponent took from the pile and still holds.
    pub known: CardSet,
    /// Cards this seat has not seen: the stock and the opponent's hidden cards.
    pub unseen: CardSet,
    /// The chance that a given unseen card is one of the opponent's hidden cards.
    pub hidden_share: f64,
    /// Cards the opponent passed, drew past or discarded this hand.
    pub declined: CardSet,
}

impl Odds {
    pub fn new(know: &Knowledge) -> Odds {
        let share = if know.unseen.is_empty() {
            0.0
        } else {
            know.opp_hidden() as f64 / know.unseen.len() as f64
        };
        Odds {
            known: know.opp_known,
            unseen: know.unseen,
            hidden_share: share.min(1.0),
            declined: CardSet(know.opp_declined.0 | know.opp_discarded.0),
        }
    }

    /// The chance that the opponent holds `card`.
    pub fn holds(&self, card: Card) -> f64 {
        if self.known.contains(card) {
            1.0
        } else if self.unseen.contains(card) {
            self.hidden_share
        } else {
            0.0
        }
    }
}
