//! Cards, their rule-book values and their text form (`TS` = ten of spades).
//!
//! A card is stored as `suit * 16 + rank` so that a hand fits in one `u64` with each suit in its
//! own 16-bit lane: runs become shifts inside a lane and sets become ANDs across lanes, which is
//! what makes the deadwood solver fast.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Ranks in rule-book order; the ace is always low (RULES.md section 1).
pub const RANKS: &[u8; 13] = b"A23456789TJQK";
/// Suits in the text form's order: spades, hearts, diamonds, clubs.
pub const SUITS: &[u8; 4] = b"SHDC";

/// One of the four suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Suit {
    /// Spades (S).
    Spades = 0,
    /// Hearts (H).
    Hearts = 1,
    /// Diamonds (D).
    Diamonds = 2,
    /// Clubs (C).
    Clubs = 3,
}

impl Suit {
    /// The four suits in the text form's order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Index 0..4 in [`Suit::ALL`] order.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's letter in the text form: S, H, D or C.
    pub fn letter(self) -> char {
        SUITS[self as usize] as char
    }

    /// The suit symbol, language-neutral for messages.
    pub fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self as usize]
    }
}

/// A playing card: rank 0 (ace) to 12 (king) and a suit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Builds a card from a rank index (0 = ace .. 12 = king) and a suit.
    pub fn new(rank: u8, suit: Suit) -> Card {
        assert!(rank < 13, "rank index out of range");
        Card(suit as u8 * 16 + rank)
    }

    /// Rank index: 0 for the ace up to 12 for the king.
    pub fn rank(self) -> u8 {
        self.0 & 15
    }

    /// The card's suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 >> 4) as usize]
    }

    /// Deadwood value: ace 1, number cards their number, J/Q/K 10.
    pub fn value(self) -> u8 {
        (self.rank() + 1).min(10)
    }

    /// Bit position inside a [`CardSet`].
    pub fn bit(self) -> u32 {
        self.0 as u32
    }

    /// Dense index 0..52 (suit-major), for arrays and the deck order.
    pub fn index(self) -> usize {
        (self.0 >> 4) as usize * 13 + self.rank() as usize
    }

    /// The card of dense index `i` (see [`Card::index`]).
    pub fn from_index(i: usize) -> Card {
        Card::new((i % 13) as u8, Suit::ALL[i / 13])
    }

    /// Every card of the deck in the fixed order the shuffle starts from.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card::from_index)
    }

    /// The rank's character in the text form: A, 2 to 9, T, J, Q or K.
    pub fn rank_char(self) -> char {
        RANKS[self.rank() as usize] as char
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_char(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card's text form could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card: write rank A23456789TJQK then suit SHDC, e.g. TS")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let bytes = s.trim().as_bytes();
        let err = || ParseCardError(s.to_string());
        if bytes.len() != 2 {
            return Err(err());
        }
        let rank = RANKS
            .iter()
            .position(|&r| r == bytes[0].to_ascii_uppercase())
            .ok_or_else(err)?;
        let suit = SUITS
            .iter()
            .position(|&c| c == bytes[1].to_ascii_uppercase())
            .ok_or_else(err)?;
        Ok(Card::new(rank as u8, Suit::ALL[suit]))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// In TypeScript a card is its text, e.g. `"7H"`.
#[cfg(feature = "ts")]
impl ts_rs::TS for Card {
    type WithoutGenerics = Card;
    type OptionInnerType = Card;
    fn name(_: &ts_rs::Config) -> String {
        "string".into()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }
}

/// Mask of the 13 rank bits of one suit lane.
pub const LANE: u64 = 0x1FFF;
/// Every real card bit.
pub const FULL_DECK: u64 = LANE | LANE << 16 | LANE << 32 | LANE << 48;

/// A set of cards as a bit mask (see the module doc for the layout).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);

    /// The set of these cards.
    pub fn from_cards<'a>(cards: impl IntoIterator<Item = &'a Card>) -> CardSet {
        CardSet(cards.into_iter().fold(0, |m, c| m | 1 << c.bit()))
    }

    /// Whether `c` is in the set.
    pub fn contains(self, c: Card) -> bool {
        self.0 >> c.bit() & 1 == 1
    }

    /// Adds `c`.
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.bit();
    }

    /// This set and `c`.
    pub fn with(mut self, c: Card) -> CardSet {
        self.insert(c);
        self
    }

    /// This set but `c`.
    pub fn without(mut self, c: Card) -> CardSet {
        self.remove(c);
        self
    }

    /// Removes `c`.
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.bit());
    }

    /// How many cards the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The 13-bit rank mask of one suit.
    pub fn lane(self, suit: Suit) -> u64 {
        self.0 >> (16 * suit as u32) & LANE
    }

    /// Cards in suit-major, rank-ascending order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let b = m.trailing_zeros();
            m &= m - 1;
            Some(Card(b as u8))
        })
    }

    /// Sum of the cards' values (table lookup per suit lane).
    pub fn value(self) -> u32 {
        let m = self.0;
        let t = &LANE_VALUE;
        t[(m & LANE) as usize] as u32
            + t[(m >> 16 & LANE) as usize] as u32
            + t[(m >> 32 & LANE) as usize] as u32
            + t[(m >> 48 & LANE) as usize] as u32
    }

    /// Value of the highest-valued card, 0 when empty.
    pub fn max_value(self) -> u32 {
        let m = self.0;
        let ranks = (m | m >> 16 | m >> 32 | m >> 48) & LANE;
        if ranks == 0 {
            0
        } else {
            (64 - ranks.leading_zeros()).min(10)
        }
    }

    /// Parses space- or comma-separated cards, e.g. `"7D 7S 7H"`.
    pub fn parse(text: &str) -> Result<Vec<Card>, ParseCardError> {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(str::parse)
            .collect()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        CardSet(iter.into_iter().fold(0, |m, c| m | 1 << c.bit()))
    }
}

/// Serialized as the list of its cards, e.g. `["7H","8H","9H"]`.
impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        Ok(Vec::<Card>::deserialize(d)?.into_iter().collect())
    }
}

/// In TypeScript a set is the list of its cards.
#[cfg(feature = "ts")]
impl ts_rs::TS for CardSet {
    type WithoutGenerics = CardSet;
    type OptionInnerType = CardSet;
    fn name(_: &ts_rs::Config) -> String {
        "Array<string>".into()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Sum of card values for every 13-bit suit lane, computed at compile time.
static LANE_VALUE: [u8; 8192] = lane_values();

const fn lane_values() -> [u8; 8192] {
    let mut t = [0u8; 8192];
    let mut m = 0;
    while m < 8192 {
        let (mut v, mut r) = (0u8, 0u8);
        while r < 13 {
            if m >> r & 1 == 1 {
                v += if r < 9 { r + 1 } else { 10 };
            }
            r += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
}

/// Cards from their text form, for the engine's unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Card, CardSet};

    /// `hand("7H 8H 9H")`: the set of those cards.
    pub(crate) fn hand(text: &str) -> CardSet {
        CardSet::parse(text).unwrap().into_iter().collect()
    }

    pub(crate) fn card(text: &str) -> Card {
        text.parse().unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips_for_every_card() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        assert_eq!(Card::all().count(), 52);
        assert!("1S".parse::<Card>().is_err());
        assert!("TX".parse::<Card>().is_err());
        assert!("TSS".parse::<Card>().is_err());
    }

    #[test]
    fn values_follow_the_rule_book() {
        let v = |s: &str| s.parse::<Card>().unwrap().value();
        assert_eq!(
            (v("AS"), v("9H"), v("TD"), v("JC"), v("QS"), v("KH")),
            (1, 9, 10, 10, 10, 10)
        );
        let all = CardSet(FULL_DECK);
        assert_eq!(all.value(), 4 * (45 + 40));
        assert_eq!(
            CardSet::from_cards(&CardSet::parse("2S JH").unwrap()).max_value(),
            10
        );
    }
}
