//! Partnership Gin: two decks, one per table.

use super::{gin_hidden, gin_places, Audit};
use gin_engine::card::CardSet;
use gin_engine::{PartnershipMatch, Rules, Seat, PARTNERSHIP_TARGET};

impl Audit for PartnershipMatch {
    fn cases() -> Vec<(Rules, std::ops::Range<u64>)> {
        let rules = Rules {
            target: PARTNERSHIP_TARGET,
            ..Rules::default()
        };
        vec![(rules, 50..55)]
    }
    fn decks(&self) -> Vec<Vec<CardSet>> {
        self.tables.iter().map(gin_places).collect()
    }
    fn hidden_from(&self, seat: Seat) -> CardSet {
        gin_hidden(self.hand_of(seat).expect("every seat plays"), Some(seat))
    }
    /// The public view shows both tables: a card may be hidden at one and open at the other,
    /// so only what both hide is checked there (each table alone is checked in the seats'
    /// views, which show their own table's public view).
    fn hidden_from_all(&self) -> CardSet {
        let [a, b] = self.tables.each_ref().map(|h| gin_hidden(h, None));
        CardSet(a.0 & b.0)
    }
}
