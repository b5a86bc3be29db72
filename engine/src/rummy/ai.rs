//! Rummy players, from a seat's view alone.
//!
//! `simple` melds what it sees and throws its highest loose card. `medium` judges a hand by
//! how far it is from going out: in its best arrangement into melds, every loose card costs,
//! less when it already has a partner (a pair, or a suit neighbour one or two ranks away),
//! and its points break ties. It takes the discard when that brings it closer, lays out the
//! meld that leaves the best hand, and discards the card whose loss costs least, keeping cards
//! the next player was seen to want away from them. `hard` looks one draw ahead (`hard.rs`).

pub use super::distance::distance;
use super::distance::HALF;
use super::hand::RummyAction;
use super::melds::{card_points, melds_in};
use super::RummyView;
use crate::card::{Card, CardSet};
use serde::{Deserialize, Serialize};

/// How well a Rummy seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RummyLevel {
    /// Melds what it sees and throws its highest loose card.
    Simple,
    /// Judges a hand by how far it is from going out.
    Medium,
    /// Medium's judgement, one stock draw ahead, with layoffs and danger (see `hard.rs`).
    Hard,
}

/// The move of the seat whose view this is: always one of `view.legal_actions` (a view that
/// offers none gets `DrawStock`, which the engine then refuses).
pub fn decide_rummy(level: RummyLevel, view: &RummyView) -> RummyAction {
    let legal = &view.legal_actions;
    let Some(&first) = legal.first() else {
        return RummyAction::DrawStock;
    };
    if level == RummyLevel::Hard {
        return super::hard::decide(view);
    }
    let aces = aces_high(view);
    if matches!(first, RummyAction::DrawStock | RummyAction::DrawDiscard) {
        let take = RummyAction::DrawDiscard;
        let wanted = view
            .table
            .discard_pile
            .last()
            .is_some_and(|&top| match level {
                RummyLevel::Simple => melds_in(view.hand.with(top), aces)
                    .iter()
                    .any(|m| m.contains(top)),
                RummyLevel::Medium | RummyLevel::Hard => {
                    let after = view.hand.with(top);
                    let best_keep = after
                        .iter()
                        .filter(|&c| c != top)
                        .map(|c| distance(after.without(c), aces))
                        .min()
                        .unwrap_or(u32::MAX);
                    best_keep + HALF <= distance(view.hand, aces)
                }
            });
        return if wanted && legal.contains(&take) {
            take
        } else {
            legal
                .iter()
                .copied()
                .find(|a| *a == RummyAction::DrawStock)
                .unwrap_or(first)
        };
    }
    // Lay off first (it never costs a meld), then meld, then discard.
    if let Some(layoff) = legal
        .iter()
        .find(|a| matches!(a, RummyAction::LayOff { .. }))
    {
        return *layoff;
    }
    let melds = legal.iter().filter_map(|a| match a {
        RummyAction::Meld { cards } => Some(*cards),
        _ => None,
    });
    let chosen = match level {
        RummyLevel::Simple => melds.into_iter().next(),
        RummyLevel::Medium | RummyLevel::Hard => melds.min_by_key(|m| {
            (
                distance(without_all(view.hand, *m), aces),
                std::cmp::Reverse(m.len()),
            )
        }),
    };
    if let Some(cards) = chosen {
        return RummyAction::Meld { cards };
    }
    let discards: Vec<Card> = legal
        .iter()
        .filter_map(|a| match a {
            RummyAction::Discard { card } => Some(*card),
            _ => None,
        })
        .collect();
    let card = match level {
        RummyLevel::Simple => {
            let in_meld = melds_in(view.hand, aces).iter().fold(0, |a, m| a | m.0);
            discards.iter().copied().max_by_key(|&c| {
                (
                    in_meld & CardSet::from_cards(&[c]).0 == 0,
                    card_points(c, aces),
                )
            })
        }
        RummyLevel::Medium | RummyLevel::Hard => discards.iter().copied().min_by_key(|&c| {
            (
                distance(view.hand.without(c), aces) + danger(view, c),
                std::cmp::Reverse(card_points(c, aces)),
            )
        }),
    };
    card.map(|card| RummyAction::Discard { card })
        .unwrap_or(first)
}

fn aces_high(view: &RummyView) -> bool {
    view.table.rules.aces_high_low
}

/// What discarding `card` may give the next player, who was seen taking cards from the pile:
/// a card of the same rank as one of those, or a suit neighbour, may complete their meld.
fn danger(view: &RummyView, card: Card) -> u32 {
    let next = usize::from((view.seat + 1) % view.table.players);
    let wants = view
        .table
        .known
        .get(next)
        .copied()
        .unwrap_or_default()
        .iter()
        .any(|k| {
            k.rank() == card.rank()
                || (k.suit() == card.suit() && k.rank().abs_diff(card.rank()) == 1)
        });
    if wants {
        HALF / 2
    } else {
        0
    }
}

fn without_all(set: CardSet, cards: CardSet) -> CardSet {
    CardSet(set.0 & !cards.0)
}

/// Plays one hand with a level per seat, from a seeded deal; returns how it ended. The arena
/// and the tests pit the levels against each other with it.
pub fn play_hand(
    levels: &[RummyLevel],
    rules: &super::RummyRules,
    seed: crate::Seed,
    dealer: crate::Seat,
) -> super::RummyEnd {
    let players = levels.len() as u8;
    let mut m =
        super::RummyMatch::new(rules.clone(), players, seed).expect("2 to 6 levels, one per seat");
    m.hand = super::RummyHand::deal(rules, seed, players, dealer % players);
    loop {
        let seat = m
            .hand
            .to_act()
            .expect("a hand in play has a player to move");
        let action = decide_rummy(levels[usize::from(seat)], &m.view_for(seat));
        m.hand
            .apply(seat, action)
            .expect("the AI plays only legal moves");
        if let Some(end) = m.hand.end.clone() {
            return end;
        }
    }
}
