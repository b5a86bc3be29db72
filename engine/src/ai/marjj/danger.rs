//! The danger term of a discard: fixed points for how the card stands towards the opponent's
//! melds, read from the cards it took (and holds) and the cards out of its reach.
//!
//! Runs: the card is safe (a bonus) when every run through it lacks a card gone from the
//! opponent's reach; otherwise each gone neighbour, and less each gone card two ranks away,
//! lowers the score. It is dangerous when the opponent holds two cards that make a run with
//! it; otherwise each neighbour it holds, and less each card two away, raises the score.
//! Sets: two of the other three cards of its rank gone make it safe, one gone helps; the
//! opponent holding two makes it dangerous, and none gone counts against it a little.
//!
//! Negative points make a discard more attractive; the scale is the published agent's.

use super::sight::{Reach, Sight};
use crate::card::{Card, Suit};

/// No run through the card can be made: every one lacks a card gone.
pub(super) const RUN_BLOCKED: f64 = -10.0;
/// A neighbour in suit gone (when runs are not blocked outright).
pub(super) const NEIGHBOUR_GONE: f64 = -5.0;
/// A card two ranks away in suit gone.
pub(super) const GAP_GONE: f64 = -3.0;
/// The opponent holds two cards that make a run with it.
pub(super) const RUN_MADE: f64 = 20.0;
/// The opponent holds a neighbour in suit (when it holds no run's pair).
pub(super) const NEIGHBOUR_HELD: f64 = 5.0;
/// The opponent holds a card two ranks away in suit.
pub(super) const GAP_HELD: f64 = 3.0;
/// Two or three of the rank's other cards gone: no set can be made.
pub(super) const SET_BLOCKED: f64 = -10.0;
/// One of the rank's other cards gone.
pub(super) const RANK_GONE: f64 = -4.0;
/// The opponent holds two of the rank's other cards: the card makes its set.
pub(super) const SET_MADE: f64 = 20.0;
/// None of the rank's other cards gone (and the opponent holds fewer than two).
pub(super) const RANK_OPEN: f64 = 4.0;

/// The danger of discarding `card`, in points added to its score.
pub(super) fn danger(card: Card, sight: &Sight) -> f64 {
    runs(card, sight) + sets(card, sight)
}

fn runs(card: Card, sight: &Sight) -> f64 {
    let at = |offset: i8| {
        let r = card.rank() as i8 + offset;
        sight.reach(
            (0..13)
                .contains(&r)
                .then(|| Card::new(r as u8, card.suit())),
        )
    };
    // The pairs that make a run with the card: below it, around it, above it.
    let pairs = [(-2, -1), (-1, 1), (1, 2)].map(|(a, b)| (at(a), at(b)));
    let near = [at(-1), at(1)];
    let gap = [at(-2), at(2)];
    let count = |cards: [Reach; 2], r: Reach| cards.iter().filter(|&&c| c == r).count() as f64;

    let bonus = if pairs
        .iter()
        .all(|&(a, b)| a == Reach::Gone || b == Reach::Gone)
    {
        RUN_BLOCKED
    } else {
        NEIGHBOUR_GONE * count(near, Reach::Gone) + GAP_GONE * count(gap, Reach::Gone)
    };
    let penalty = if pairs
        .iter()
        .any(|&(a, b)| a == Reach::Held && b == Reach::Held)
    {
        RUN_MADE
    } else {
        NEIGHBOUR_HELD * count(near, Reach::Held) + GAP_HELD * count(gap, Reach::Held)
    };
    bonus + penalty
}

fn sets(card: Card, sight: &Sight) -> f64 {
    let others = Suit::ALL
        .into_iter()
        .filter(|&s| s != card.suit())
        .map(|s| sight.reach(Some(Card::new(card.rank(), s))));
    let (mut gone, mut held) = (0, 0);
    for r in others {
        match r {
            Reach::Gone => gone += 1,
            Reach::Held => held += 1,
            Reach::Open => {}
        }
    }
    let bonus = match gone {
        0 => 0.0,
        1 => RANK_GONE,
        _ => SET_BLOCKED,
    };
    let penalty = if held >= 2 {
        SET_MADE
    } else if gone == 0 {
        RANK_OPEN
    } else {
        0.0
    };
    bonus + penalty
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::{card, hand};
    use crate::card::{CardSet, FULL_DECK};

    /// The opponent holds `held`; `gone` is out of its reach; every other card is unseen.
    fn sight(held: &str, gone: &str) -> Sight {
        let (held, gone) = (hand(held), hand(gone));
        Sight {
            held,
            unseen: CardSet(FULL_DECK & !held.0 & !gone.0),
        }
    }

    #[test]
    fn an_unknown_middle_card_scores_only_its_open_rank() {
        // 8D itself is in this hand (gone); nothing else is known.
        assert_eq!(danger(card("8D"), &sight("", "8D")), RANK_OPEN);
    }

    #[test]
    fn a_card_with_both_neighbours_gone_is_safe_from_runs() {
        let s = sight("", "8D 7D 9D");
        assert_eq!(runs(card("8D"), &s), RUN_BLOCKED);
        // One neighbour and the card two away on the other side also block every run.
        assert_eq!(runs(card("8D"), &sight("", "8D 7D TD")), RUN_BLOCKED);
        // A king's missing neighbours above count as gone: its queen gone blocks it.
        assert_eq!(runs(card("KD"), &sight("", "KD QD")), RUN_BLOCKED);
        // Two cards away on both sides leave 7-8-9 open: two gap bonuses.
        assert_eq!(runs(card("8D"), &sight("", "8D 6D TD")), 2.0 * GAP_GONE);
    }

    #[test]
    fn a_card_the_opponent_can_meld_is_dangerous() {
        // It took 7S and 9S: 8S makes its run.
        assert_eq!(
            runs(card("8S"), &sight("7S 9S", "8S")),
            RUN_MADE + 0.0 // no neighbour gone: both are held
        );
        // It took 7S only: one neighbour held.
        assert_eq!(runs(card("8S"), &sight("7S", "8S")), NEIGHBOUR_HELD);
        // It holds two eights: the third makes its set.
        assert_eq!(sets(card("8S"), &sight("8H 8C", "8S")), SET_MADE);
        // Two eights gone (on the pile): no set for it.
        assert_eq!(sets(card("8S"), &sight("", "8S 8H 8C")), SET_BLOCKED);
        assert_eq!(sets(card("8S"), &sight("", "8S 8H")), RANK_GONE);
    }
}
