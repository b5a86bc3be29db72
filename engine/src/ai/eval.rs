//! Small, fast judgements about cards and hands that every level uses.

use super::Random;
use crate::card::{Card, CardSet, Suit, LANE};
use crate::solver::{for_each_discard, knock_deadwood, min_deadwood};

/// One bit per suit lane at rank 0: shifted by a rank, the four cards of that rank.
const RANK_SPREAD: u64 = 0x0001_0001_0001_0001;

/// Whether `card` would be part of some meld made with cards of `hand` (any meld, not only one
/// of the best arrangement): the EAAI simple player's test for taking a card from the pile.
/// `card` itself may or may not be in `hand`.
pub(super) fn completes_meld(hand: CardSet, card: Card) -> bool {
    let others = hand.0 & !(1u64 << card.bit());
    let rank = card.rank() as i32;
    if (others & (RANK_SPREAD << rank)).count_ones() >= 2 {
        return true;
    }
    let lane = others >> (16 * card.suit().index() as u32) & LANE;
    let has = |offset: i32| {
        let r = rank + offset;
        (0..13).contains(&r) && lane >> r & 1 == 1
    };
    (has(-2) && has(-1)) || (has(-1) && has(1)) || (has(1) && has(2))
}

/// How two cards can work together in a meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Relation {
    /// Same rank, another suit: a set in the making.
    SameRank,
    /// Same suit, next rank: a run in the making.
    Adjacent,
    /// Same suit, two ranks apart: a run with a gap.
    Gap,
    Unrelated,
}

pub(super) fn relation(a: Card, b: Card) -> Relation {
    if a == b {
        Relation::Unrelated
    } else if a.rank() == b.rank() {
        Relation::SameRank
    } else if a.suit() != b.suit() {
        Relation::Unrelated
    } else {
        match a.rank().abs_diff(b.rank()) {
            1 => Relation::Adjacent,
            2 => Relation::Gap,
            _ => Relation::Unrelated,
        }
    }
}

pub(super) fn with(hand: CardSet, card: Card) -> CardSet {
    let mut h = hand;
    h.insert(card);
    h
}

pub(super) fn without(hand: CardSet, card: Card) -> CardSet {
    let mut h = hand;
    h.remove(card);
    h
}

/// The mean, over the cards of `pool`, of the deadwood `hand` keeps after drawing that card
/// and discarding its best card: how good the hand is one stock draw from now.
pub(super) fn expected_after_draw(hand: CardSet, pool: CardSet) -> f64 {
    if pool.is_empty() {
        return min_deadwood(hand) as f64;
    }
    let sum: u32 = pool.iter().map(|u| knock_deadwood(with(hand, u))).sum();
    sum as f64 / pool.len() as f64
}

/// The cards of `hand`, outside `barred`, whose discard leaves the least deadwood, and that
/// deadwood; `None` when every card is barred.
pub(super) fn least_deadwood_discards(hand: CardSet, barred: CardSet) -> Option<(CardSet, u32)> {
    let mut best = u32::MAX;
    let mut ties = CardSet::EMPTY;
    for_each_discard(hand, barred, |card, deadwood| {
        if deadwood < best {
            best = deadwood;
            ties = CardSet::EMPTY;
        }
        if deadwood == best {
            ties.insert(card);
        }
    });
    (!ties.is_empty()).then_some((ties, best))
}

/// Points within which a gin-waiter's discard (MARJJ's) stays near its highest loose card, and
/// near the least deadwood.
const WAITER_SPREAD: u32 = 5;

/// The discards of `hand` outside `barred` as two kinds of player choose them: the ones that
/// leave the least deadwood (`simple`, and that deadwood: [`least_deadwood_discards`]), and a
/// gin-waiter's (MARJJ's) candidates: the cards loose in some least-deadwood arrangement within
/// a few points of the highest of them, and leaving within as many of the least deadwood.
/// One pass of the solver serves both.
pub(super) fn discards_by_kind(hand: CardSet, barred: CardSet) -> Option<(CardSet, u32, CardSet)> {
    let mut after = [(Card::new(0, Suit::Spades), 0u32); 11];
    let mut n = 0;
    // The barred card too: whether a card is loose depends on the whole hand.
    for_each_discard(hand, CardSet::EMPTY, |card, deadwood| {
        if n < after.len() {
            after[n] = (card, deadwood);
            n += 1;
        }
    });
    let all = &after[..n];
    // Loose in some least-deadwood arrangement: the hand's deadwood is the rest's plus the card.
    let whole = all.iter().map(|&(c, d)| d + u32::from(c.value())).min()?;
    let after: Vec<(Card, u32)> = all
        .iter()
        .copied()
        .filter(|a| !barred.contains(a.0))
        .collect();
    let best = after.iter().map(|a| a.1).min()?;
    let least: CardSet = after.iter().filter(|a| a.1 == best).map(|a| a.0).collect();
    let loose = after
        .iter()
        .filter(|&&(c, d)| d + u32::from(c.value()) == whole);
    let top = loose.clone().map(|a| a.0.value()).max().unwrap_or(0);
    let near: Vec<(Card, u32)> = loose
        .filter(|a| u32::from(a.0.value()) + WAITER_SPREAD >= u32::from(top))
        .copied()
        .collect();
    let near = if near.is_empty() { after } else { near };
    let near_best = near.iter().map(|a| a.1).min().unwrap_or(0);
    let waiter: CardSet = near
        .iter()
        .filter(|a| a.1 <= near_best + WAITER_SPREAD)
        .map(|a| a.0)
        .collect();
    Some((least, best, waiter))
}

/// Whether holding `card` and discarding the best other card leaves `hand` with less deadwood
/// than it has now: a reason to take a pile card that melds with nothing yet.
pub(super) fn lowers_deadwood(hand: CardSet, card: Card) -> bool {
    let mut barred = CardSet::EMPTY;
    barred.insert(card);
    least_deadwood_discards(with(hand, card), barred)
        .is_some_and(|(_, after)| after < min_deadwood(hand))
}

/// A card of `set` chosen uniformly at random.
pub(super) fn pick(set: CardSet, rng: &mut impl Random) -> Option<Card> {
    match set.len() {
        0 => None,
        n => set.iter().nth(rng.below(n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::card::testing::{card, hand};

    #[test]
    fn a_card_completes_a_meld_with_two_partners_only() {
        let h = hand("7H 8H 5D 5S 2C 9S JD QS KC 4S");
        for yes in ["9H", "6H", "5C", "5H", "3S"] {
            // 3S: 3S 4S 5S is a run.
            assert!(completes_meld(h, card(yes)), "{yes}");
        }
        for no in ["KD", "3C", "TH", "AC", "8S"] {
            assert!(!completes_meld(h, card(no)), "{no}");
        }
        // A card already in the hand is judged against the others.
        assert!(completes_meld(hand("7H 8H 9H"), card("8H")));
        assert!(
            !completes_meld(hand("QS KS"), card("AS")),
            "the ace is low only"
        );
    }

    #[test]
    fn least_deadwood_discards_lists_every_tie_and_respects_the_bar() {
        let h = hand("2C 3C 4C 7H 7D KS KH 5D 9S QC AS");
        let (ties, deadwood) = least_deadwood_discards(h, CardSet::EMPTY).unwrap();
        assert_eq!((ties, deadwood), (hand("KS KH QC"), 49));
        let (ties, _) = least_deadwood_discards(h, hand("KS")).unwrap();
        assert_eq!(ties, hand("KH QC"));
        assert!(least_deadwood_discards(hand("AS"), hand("AS")).is_none());
    }

    #[test]
    fn a_gin_waiters_discards_are_loose_cards_near_its_highest() {
        // 2C-4C melds; 59 points loose. The deadwood counter throws a ten-point card; MARJJ
        // weighs every loose card within 5 points of the highest (not AS), then keeps those
        // leaving within 5 of the least (all of them here).
        let h = hand("2C 3C 4C 7H 7D KS KH 5D 9S QC AS");
        let (least, deadwood, own) = discards_by_kind(h, CardSet::EMPTY).unwrap();
        assert_eq!((least, deadwood), (hand("KS KH QC"), 49));
        assert_eq!(own, hand("7H 7D KS KH 5D 9S QC"));
        // The card just taken is never thrown, and stays loose for the others' sake.
        let (least, _, own) = discards_by_kind(h, hand("KS")).unwrap();
        assert_eq!(least, hand("KH QC"));
        assert_eq!(own, hand("7H 7D KH 5D 9S QC"));
        // A melded card is thrown only when nothing else may be: here the only loose card is
        // barred, so all the others are weighed.
        let h = hand("2C 3C 4C 5C 9H 9D 9S KS KH KD 6D");
        let (least, deadwood, own) = discards_by_kind(h, hand("6D")).unwrap();
        assert_eq!((least, deadwood), (hand("2C 5C"), 6));
        assert_eq!(own, hand("2C 5C"));
    }
}
