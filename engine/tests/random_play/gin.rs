//! Gin for two and three, its presets and house rules, and Hollywood.

use super::{gin_hidden, gin_places, Audit};
use gin_engine::card::CardSet;
use gin_engine::{Match, Preset, Rules, Seat};

impl Audit for Match {
    fn cases() -> Vec<((Rules, u8), std::ops::Range<u64>)> {
        let house = Rules {
            eleven_card_deal: true,
            fiftieth_card: true,
            allow_rediscard: true,
            ..Rules::default()
        };
        let hollywood = Rules {
            hollywood: true,
            ..Rules::default()
        };
        vec![
            ((Rules::default(), 2), 0..5),
            ((Preset::Oklahoma.rules(), 2), 10..12),
            ((house, 2), 20..22),
            ((Rules::default(), 3), 30..35),
            ((hollywood, 2), 40..45),
        ]
    }
    fn decks(&self) -> Vec<Vec<CardSet>> {
        vec![gin_places(&self.hand)]
    }
    fn hidden_from(&self, seat: Seat) -> CardSet {
        gin_hidden(&self.hand, Some(seat))
    }
    fn hidden_from_all(&self) -> CardSet {
        gin_hidden(&self.hand, None)
    }
}
