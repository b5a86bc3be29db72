//! Melds as Basic Rummy counts them: section 2's sets and runs, and with `aces_high_low` also
//! runs that end in Q-K-A (never K-A-2).

use crate::card::{Card, CardSet};

/// Whether `cards` form a meld.
pub fn is_meld(cards: CardSet, aces_high: bool) -> bool {
    let n = cards.len();
    if n < 3 {
        return false;
    }
    let list: Vec<Card> = cards.iter().collect();
    let rank = list[0].rank();
    if list.iter().all(|c| c.rank() == rank) {
        return n <= 4;
    }
    let suit = list[0].suit();
    if !list.iter().all(|c| c.suit() == suit) {
        return false;
    }
    let lane = cards.lane(suit);
    // Consecutive ranks, ace low: one unbroken block of bits.
    let consecutive = |bits: u64| {
        let block = bits >> bits.trailing_zeros();
        block & (block + 1) == 0
    };
    if consecutive(lane) {
        return true;
    }
    // Ace high: the ace counts as the rank after the king.
    aces_high && lane & 1 == 1 && consecutive((lane & !1) | 1 << 13)
}

/// A card's value when it is left in a hand: aces 1, or 15 with `aces_high_low`.
pub fn card_points(card: Card, aces_high: bool) -> u32 {
    if aces_high && card.rank() == 0 {
        15
    } else {
        u32::from(card.value())
    }
}

/// The points of the cards of `hand`.
pub fn hand_points(hand: CardSet, aces_high: bool) -> u32 {
    hand.iter().map(|c| card_points(c, aces_high)).sum()
}

/// Every meld that can be made from `hand`, as card sets, in a stable order.
pub fn melds_in(hand: CardSet, aces_high: bool) -> Vec<CardSet> {
    let cards: Vec<Card> = hand.iter().collect();
    let mut out = Vec::new();
    // Sets: three or four of a rank.
    for rank in 0..13u8 {
        let same: Vec<Card> = cards.iter().copied().filter(|c| c.rank() == rank).collect();
        if same.len() >= 3 {
            for skip in 0..=same.len() {
                if same.len() == 3 && skip < 3 {
                    continue;
                }
                let set = CardSet::from_cards(
                    &same
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i != skip)
                        .map(|(_, c)| *c)
                        .collect::<Vec<_>>(),
                );
                if set.len() >= 3 {
                    out.push(set);
                }
            }
        }
    }
    // Runs: every stretch of three or more consecutive cards of a suit.
    for suit in crate::Suit::ALL {
        let ranks: Vec<u8> = (0..14u8)
            .filter(|&r| {
                let rank = if r == 13 { 0 } else { r };
                (r < 13 || aces_high) && hand.contains(Card::new(rank, suit))
            })
            .collect();
        for (i, &start) in ranks.iter().enumerate() {
            let mut end = i;
            while end + 1 < ranks.len() && ranks[end + 1] == ranks[end] + 1 {
                end += 1;
                if end - i >= 2 {
                    let run = CardSet::from_cards(
                        &(start..=ranks[end])
                            .map(|r| Card::new(if r == 13 { 0 } else { r }, suit))
                            .collect::<Vec<_>>(),
                    );
                    if !out.contains(&run) {
                        out.push(run);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::hand;

    #[test]
    fn sets_and_runs_as_in_section_two() {
        assert!(is_meld(hand("7S 7H 7D"), false));
        assert!(is_meld(hand("7S 7H 7D 7C"), false));
        assert!(is_meld(hand("AS 2S 3S"), false));
        assert!(!is_meld(hand("7S 7H"), false));
        assert!(!is_meld(hand("5S 6S 8S"), false));
        assert!(!is_meld(hand("5S 6S 7H"), false));
    }

    #[test]
    fn aces_high_low_allows_queen_king_ace_but_never_king_ace_two() {
        assert!(!is_meld(hand("QS KS AS"), false));
        assert!(is_meld(hand("QS KS AS"), true));
        assert!(is_meld(hand("JS QS KS AS"), true));
        assert!(!is_meld(hand("KS AS 2S"), true));
        assert!(is_meld(hand("AS 2S 3S"), true));
    }

    #[test]
    fn aces_count_fifteen_with_aces_high_low() {
        assert_eq!(hand_points(hand("AS KD 5C"), false), 16);
        assert_eq!(hand_points(hand("AS KD 5C"), true), 30);
    }

    #[test]
    fn every_meld_of_a_hand_is_listed() {
        let m = melds_in(hand("7S 7H 7D 7C 8S 9S"), false);
        assert!(m.contains(&hand("7S 7H 7D 7C")));
        assert!(m.contains(&hand("7H 7D 7C")));
        assert!(m.contains(&hand("7S 8S 9S")));
        assert!(m.iter().all(|&s| is_meld(s, false)));
        assert!(melds_in(hand("QS KS AS"), true).contains(&hand("QS KS AS")));
        assert!(melds_in(hand("QS KS AS"), false).is_empty());
    }
}
