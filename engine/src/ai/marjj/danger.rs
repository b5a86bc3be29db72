//! The danger term of a discard: how useful the card would be to the opponent.
//!
//! A card helps the opponent when it completes a three-card meld with two cards it holds (a
//! longer meld holds a three-card one, so extending is counted too). The term sums, over the
//! pairs of cards that make a meld with the card, the chance that the opponent holds both
//! ([`Odds::holds`]: certain for a card it took from the pile, the hidden share for an unseen
//! one, nothing for a card in this hand or on the pile). A pair that a card the opponent passed
//! or threw would also have completed is unlikely in its hand: it would have kept that card.

use super::odds::Odds;
use crate::card::{Card, CardSet, Suit};
use crate::meld::Meld;

/// Deadwood points of this seat's score one meld completed for the opponent costs. The
/// description fixes no scale; this is the one knob tuned, against `simple` (EAAI protocol,
/// 2,000 mirrored matches each, seeds apart from the arena's): 10 (about a middling meld's whole value) 69.0%, 7 75.0%,
/// 6 77.0%, 5 78.8%, 4 78.5%, 3 77.5%, none 75.1%; the published agent scored about 77%.
/// Above 5 the term outweighs the deadwood and the look-ahead, and MARJJ keeps high cards to
/// starve an opponent it cannot see.
pub(super) const MELD_POINTS: f64 = 5.0;
/// Weight of a pair that a card the opponent turned down would also have completed.
pub(super) const DECLINED_WEIGHT: f64 = 0.25;

/// The danger of discarding `card`, in deadwood points: the expected number of melds it
/// completes in the opponent's hand, times [`MELD_POINTS`].
pub(super) fn danger(card: Card, odds: &Odds) -> f64 {
    let melds: f64 = partner_pairs(card)
        .into_iter()
        .map(|(a, b)| {
            let both = odds.holds(a) * odds.holds(b);
            if turned_down(a, b, odds.declined) {
                both * DECLINED_WEIGHT
            } else {
                both
            }
        })
        .sum();
    MELD_POINTS * melds
}

/// The pairs of cards that make a three-card meld with `card`: two more of its rank, or its
/// suit neighbours below it, around it or above it.
pub(super) fn partner_pairs(card: Card) -> Vec<(Card, Card)> {
    let rank = card.rank();
    let same_rank: Vec<Card> = Suit::ALL
        .into_iter()
        .filter(|&s| s != card.suit())
        .map(|s| Card::new(rank, s))
        .collect();
    let mut pairs = vec![
        (same_rank[0], same_rank[1]),
        (same_rank[0], same_rank[2]),
        (same_rank[1], same_rank[2]),
    ];
    let at = |offset: i8| {
        let r = rank as i8 + offset;
        (0..13)
            .contains(&r)
            .then(|| Card::new(r as u8, card.suit()))
    };
    for (low, high) in [(-2, -1), (-1, 1), (1, 2)] {
        if let (Some(a), Some(b)) = (at(low), at(high)) {
            pairs.push((a, b));
        }
    }
    pairs
}

/// Whether a card the opponent turned down (the discard itself, if it passed it before) melds
/// with `a` and `b`: holding both, it would have taken that card.
fn turned_down(a: Card, b: Card, declined: CardSet) -> bool {
    declined
        .iter()
        .filter(|&x| x != a && x != b)
        .any(|x| Meld::is_valid(CardSet::EMPTY.with(a).with(b).with(x)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::{card, hand};

    fn odds(known: &str, unseen: CardSet, share: f64, declined: &str) -> Odds {
        Odds {
            known: hand(known),
            unseen,
            hidden_share: share,
            declined: hand(declined),
        }
    }

    #[test]
    fn a_middle_card_has_six_partner_pairs_an_ace_four() {
        assert_eq!(partner_pairs(card("7H")).len(), 6);
        assert_eq!(partner_pairs(card("AS")).len(), 4);
        assert_eq!(partner_pairs(card("KD")).len(), 4);
        for (a, b) in partner_pairs(card("2C")) {
            assert!(Meld::is_valid(hand("2C").with(a).with(b)), "{a} {b}");
        }
    }

    #[test]
    fn a_card_next_to_one_the_opponent_took_is_dangerous_one_it_passed_less() {
        let unseen = CardSet(crate::card::FULL_DECK & !hand("7S 8S 6D").0);
        // 8S melds with 7S (taken) and 6S or 9S (unseen); 6D with unseen cards only.
        let took = odds("7S", unseen, 0.25, "");
        // Two of 8S's pairs hold 7S: a quarter each instead of a sixteenth.
        let extra = danger(card("8S"), &took) - danger(card("6D"), &took);
        assert!(
            (extra - 2.0 * (0.25 - 0.0625) * MELD_POINTS).abs() < 1e-9,
            "{extra}"
        );
        // Without the take the two are alike (both middle cards, partners unseen).
        let blank = odds("", CardSet(unseen.0 | hand("7S").0), 0.25, "");
        let (eight, six) = (danger(card("8S"), &blank), danger(card("6D"), &blank));
        assert!((eight - six).abs() < 1e-9, "{eight} {six}");
        // 8H on the pile: passed by the opponent, it says it holds no pair of eights (it would
        // have made a set); thrown by this seat, it says nothing.
        let unseen = CardSet(crate::card::FULL_DECK & !hand("8D 6D 8H").0);
        let passed = danger(card("8D"), &odds("", unseen, 0.25, "8H"));
        let ours = danger(card("8D"), &odds("", unseen, 0.25, ""));
        assert!(passed < ours, "{passed} {ours}");
        // Cards out of the opponent's reach are no danger.
        assert_eq!(danger(card("8S"), &odds("", CardSet::EMPTY, 0.25, "")), 0.0);
    }
}
