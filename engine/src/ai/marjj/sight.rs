//! What the opponent can reach, as MARJJ reads the table: the cards it took from the pile and
//! still holds, the cards nobody has seen (the stock and its hidden cards), and every other
//! card, gone for it (in this hand or on the pile). No inference beyond that: the published
//! agent tracks the cards taken and seen, not a model of the opponent's play.

use crate::ai::knowledge::Knowledge;
use crate::card::{Card, CardSet};

/// Where a card stands for the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// It took the card from the pile and holds it.
    Held,
    /// Nobody has seen it: in the stock or among its hidden cards.
    Open,
    /// Out of its reach: in this hand, on the pile, or no card at all (past a suit's end).
    Gone,
}

/// The cards the opponent holds for certain, and the unseen ones.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sight {
    pub held: CardSet,
    pub unseen: CardSet,
}

impl Sight {
    pub fn new(know: &Knowledge) -> Sight {
        Sight {
            held: know.opp_known,
            unseen: know.unseen,
        }
    }

    pub fn reach(&self, card: Option<Card>) -> Reach {
        match card {
            Some(c) if self.held.contains(c) => Reach::Held,
            Some(c) if self.unseen.contains(c) => Reach::Open,
            _ => Reach::Gone,
        }
    }

    /// Whether the opponent may hold `card`: it took it, or nobody has seen it.
    pub fn may_hold(&self, card: Card) -> bool {
        self.reach(Some(card)) != Reach::Gone
    }
}
