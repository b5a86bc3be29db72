//! Team Gin: partners see each other's hands.

use super::{set, union, Audit};
use gin_engine::card::CardSet;
use gin_engine::team::TeamHandEnd;
use gin_engine::{Rules, Seat, TeamMatch};

/// A Team Gin hand: the stock, and until a showdown the hands of `seats`, less the cards
/// seen taken from the pile.
fn team_hidden(m: &TeamMatch, seats: impl Iterator<Item = Seat>) -> CardSet {
    let h = &m.hand;
    let shown = matches!(h.end, Some(TeamHandEnd::Knocked { .. }));
    let known = union(h.known);
    let hands = seats
        .filter(|_| !shown)
        .map(|s| CardSet(h.hands[usize::from(s)].0 & !known.0));
    union(hands.chain([set(&h.stock)]))
}

impl Audit for TeamMatch {
    fn cases() -> Vec<(Rules, std::ops::Range<u64>)> {
        vec![(Rules::default(), 60..65)]
    }
    fn decks(&self) -> Vec<Vec<CardSet>> {
        let h = &self.hand;
        let mut places = h.hands.to_vec();
        // A knock's discard goes on the pile.
        places.extend([set(&h.stock), set(&h.discard_pile)]);
        vec![places]
    }
    /// The opponents' hands: a seat sees its partner's.
    fn hidden_from(&self, seat: Seat) -> CardSet {
        team_hidden(self, (0..4).filter(|s| s % 2 != seat % 2))
    }
    fn hidden_from_all(&self) -> CardSet {
        team_hidden(self, 0..4)
    }
}
