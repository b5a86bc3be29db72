//! Basic Rummy for two to six, with and without its house rules.

use super::{set, union, Audit};
use gin_engine::card::CardSet;
use gin_engine::rummy::{RummyEnd, RummyMatch, RummyRules};
use gin_engine::Seat;

/// A Rummy hand: the stock, and until someone goes out the other hands, less the cards seen
/// taken from the pile.
fn rummy_hidden(m: &RummyMatch, seat: Option<Seat>) -> CardSet {
    let h = &m.hand;
    let shown = matches!(h.end, Some(RummyEnd::Out { .. }));
    let known = union(h.known.iter().copied());
    let hands = (0..m.players)
        .filter(|&s| !shown && Some(s) != seat)
        .map(|s| CardSet(h.hands[usize::from(s)].0 & !known.0));
    union(hands.chain([set(&h.stock)]))
}

impl Audit for RummyMatch {
    fn cases() -> Vec<((RummyRules, u8), std::ops::Range<u64>)> {
        let mut cases: Vec<_> = (2..=6)
            .map(|players| {
                let seeds = 70 + 10 * u64::from(players);
                ((RummyRules::default(), players), seeds..seeds + 5)
            })
            .collect();
        let house = RummyRules {
            multiple_melds: true,
            aces_high_low: true,
            discard_to_go_out: true,
            reshuffle_stock: true,
            rounds: Some(3),
            ..RummyRules::default()
        };
        cases.push(((house, 4), 200..205));
        cases
    }
    fn decks(&self) -> Vec<Vec<CardSet>> {
        let h = &self.hand;
        let mut places = h.hands.clone();
        places.extend([set(&h.stock), set(&h.discard_pile)]);
        places.extend(h.melds.iter().map(|m| m.cards));
        vec![places]
    }
    fn hidden_from(&self, seat: Seat) -> CardSet {
        rummy_hidden(self, Some(seat))
    }
    fn hidden_from_all(&self) -> CardSet {
        rummy_hidden(self, None)
    }
}
