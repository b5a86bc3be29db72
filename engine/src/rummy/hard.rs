//! The `hard` Rummy player: medium's measure of a hand ([`distance`]), looking one draw ahead.
//!
//! - A card that extends a meld on the table costs nothing: it can be laid off.
//! - It keeps the hand whose *expected* distance after the next stock draw is least: over
//!   every card it has not seen (not in its hand, on the table, in the pile or known to be
//!   held by another player), the best hand that card makes, averaged. A hand with many ways
//!   to grow beats one that is merely close today.
//! - It takes the discard only when that beats what the stock is expected to bring.
//! - Its discards avoid what any player was seen to want (the next player most) and cards with
//!   many unseen partners, and when a player is about to go out it sheds points, since every
//!   card left in its hand then pays.
//!
//! Deterministic, from the seat's view alone.

use super::distance::{distance, HALF};
use super::hand::RummyAction;
use super::melds::{card_points, hand_points, is_meld};
use super::RummyView;
use crate::card::{Card, CardSet, FULL_DECK};

/// An opponent holding this many cards or fewer may go out on their next turn.
const CLOSE_TO_OUT: usize = 2;
/// How much more a point in hand weighs once an opponent is close to going out.
const POINTS_WHEN_CLOSE: u32 = 3;
/// What the discard must beat the stock's expectation by, per player at the table: a card
/// taken is seen by all and avoided by the next players' discards, and the more players,
/// the more it costs (tuned in the arena: 0 lost at 6 players, 20 per player lost at 2).
const TAKE_MARGIN_PER_PLAYER: u64 = 10;

/// What the player knows that shapes its judgement: the table's melds, the cards it has not
/// seen, and the rules' aces.
struct Sight {
    aces: bool,
    table: Vec<CardSet>,
    unseen: CardSet,
    /// The extra weight of each point held (0 until an opponent is close to going out).
    point_weight: u32,
}

impl Sight {
    fn of(view: &RummyView) -> Sight {
        let t = &view.table;
        let table: Vec<CardSet> = t.melds.iter().map(|m| m.cards).collect();
        let mut seen = view.hand.0;
        seen |= table.iter().fold(0, |a, m| a | m.0);
        seen |= CardSet::from_cards(&t.discard_pile).0;
        seen |= t.known.iter().fold(0, |a, k| a | k.0);
        let close = t
            .card_counts
            .iter()
            .enumerate()
            .any(|(s, &n)| s != usize::from(view.seat) && n <= CLOSE_TO_OUT);
        Sight {
            aces: t.rules.aces_high_low,
            table,
            unseen: CardSet(FULL_DECK & !seen),
            point_weight: if close { POINTS_WHEN_CLOSE - 1 } else { 0 },
        }
    }

    /// [`distance`] after laying off what extends the table's melds (as they grow), plus the
    /// extra weight of points held near the end.
    fn value(&self, hand: CardSet) -> u32 {
        let mut rest = hand;
        let mut table = self.table.clone();
        let mut laid = true;
        while laid {
            laid = false;
            for c in rest.iter() {
                if let Some(m) = table.iter_mut().find(|m| is_meld(m.with(c), self.aces)) {
                    *m = m.with(c);
                    rest.remove(c);
                    laid = true;
                }
            }
        }
        distance(rest, self.aces) + self.point_weight * hand_points(hand, self.aces)
    }

    /// The best value of `hand` plus `card`, keeping all but one card (never `card` itself
    /// when `keep` says it was taken from the pile).
    fn best_after(&self, hand: CardSet, card: Card, must_keep: bool) -> u32 {
        let after = hand.with(card);
        after
            .iter()
            .filter(|&c| !(must_keep && c == card))
            .map(|c| self.value(after.without(c)))
            .min()
            .unwrap_or_else(|| self.value(after))
    }

    /// Whether `card` could change `hand`'s best arrangement: it shares a rank with a card of
    /// it, is within two of one of its suit, or extends a meld on the table. Any other card is
    /// thrown straight back, leaving the value as it was.
    fn relevant(&self, hand: CardSet, card: Card) -> bool {
        hand.iter().any(|c| {
            c.rank() == card.rank()
                || (c.suit() == card.suit() && near(c.rank(), card.rank(), self.aces))
        }) || self.table.iter().any(|m| is_meld(m.with(card), self.aces))
    }

    /// The expected value of `hand` after one stock draw and the best discard, summed over
    /// the unseen cards (the common divisor is left out: only comparisons matter).
    fn look_ahead(&self, hand: CardSet) -> u64 {
        let now = u64::from(self.value(hand));
        self.unseen
            .iter()
            .map(|u| {
                if self.relevant(hand, u) {
                    u64::from(self.best_after(hand, u, false)).min(now)
                } else {
                    now
                }
            })
            .sum()
    }
}

/// Ranks at most two apart, the ace also next to the king when aces are high.
fn near(a: u8, b: u8, aces: bool) -> bool {
    let d = a.abs_diff(b);
    d <= 2 || (aces && d >= 11)
}

/// What discarding `card` may give away: a card of the same rank as one another player was
/// seen taking from the pile, or its suit neighbour, may complete their meld. The next player
/// can take it at once; the others only if nobody before them does.
fn danger(view: &RummyView, card: Card) -> u32 {
    let t = &view.table;
    let next = (usize::from(view.seat) + 1) % usize::from(t.players);
    t.known
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != usize::from(view.seat))
        .filter(|(_, k)| {
            k.iter().any(|k| {
                k.rank() == card.rank()
                    || (k.suit() == card.suit() && k.rank().abs_diff(card.rank()) == 1)
            })
        })
        .map(|(s, _)| if s == next { HALF / 2 } else { HALF / 8 })
        .max()
        .unwrap_or(0)
}

/// How likely the next player can use `card`: the unseen cards it could meld with (its rank,
/// its suit neighbours), weighted by how many cards the next player holds. Half of it is
/// added to a discard's cost, in [`distance`]'s units.
fn live(sight: &Sight, view: &RummyView, card: Card) -> u64 {
    let t = &view.table;
    let next = (usize::from(view.seat) + 1) % usize::from(t.players);
    let partners = sight
        .unseen
        .iter()
        .filter(|u| {
            u.rank() == card.rank()
                || (u.suit() == card.suit() && u.rank().abs_diff(card.rank()) == 1)
        })
        .count() as u64;
    partners * t.card_counts[next] as u64
}

/// The hard player's move; always one of `view.legal_actions` (the caller checked there is one).
pub(super) fn decide(view: &RummyView) -> RummyAction {
    let legal = &view.legal_actions;
    let first = legal[0];
    let sight = Sight::of(view);
    if matches!(first, RummyAction::DrawStock | RummyAction::DrawDiscard) {
        let take = RummyAction::DrawDiscard;
        let worth_taking = view.table.discard_pile.last().is_some_and(|&top| {
            let n = sight.unseen.len().max(1) as u64;
            let taken = u64::from(sight.best_after(view.hand, top, true));
            let margin = TAKE_MARGIN_PER_PLAYER * u64::from(view.table.players);
            (taken + margin) * n < sight.look_ahead(view.hand)
        });
        return if worth_taking && legal.contains(&take) {
            take
        } else if legal.contains(&RummyAction::DrawStock) {
            RummyAction::DrawStock
        } else {
            first
        };
    }
    // Lay off first: it never costs a meld.
    if let Some(layoff) = legal
        .iter()
        .find(|a| matches!(a, RummyAction::LayOff { .. }))
    {
        return *layoff;
    }
    let meld = legal
        .iter()
        .filter_map(|a| match a {
            RummyAction::Meld { cards } => Some(*cards),
            _ => None,
        })
        .min_by_key(|m| {
            (
                sight.value(CardSet(view.hand.0 & !m.0)),
                std::cmp::Reverse(m.len()),
            )
        });
    if let Some(cards) = meld {
        return RummyAction::Meld { cards };
    }
    let n = sight.unseen.len().max(1) as u64;
    legal
        .iter()
        .filter_map(|a| match a {
            RummyAction::Discard { card } => Some(*card),
            _ => None,
        })
        .min_by_key(|&c| {
            let rest = view.hand.without(c);
            let ahead = if rest.is_empty() {
                0
            } else {
                sight.look_ahead(rest)
            };
            (
                ahead + n * (u64::from(danger(view, c)) + live(&sight, view, c) / 2),
                std::cmp::Reverse(card_points(c, sight.aces)),
            )
        })
        .map(|card| RummyAction::Discard { card })
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::hand;
    use crate::rummy::{RummyHand, RummyMatch, RummyRules, TableMeld};

    fn view_of(h: RummyHand, seat: u8) -> RummyView {
        let mut m = RummyMatch::new(RummyRules::default(), h.players, [1; 32]).unwrap();
        m.hand = h;
        m.view_for(seat)
    }

    #[test]
    fn a_card_that_extends_a_table_meld_costs_nothing() {
        let rules = RummyRules::default();
        let mut h = RummyHand::with_cards(
            &rules,
            1,
            vec![hand("5S KD"), hand("2C 3C 4C")],
            &[Card::new(9, crate::Suit::Hearts)],
            &hand("9D 9C").iter().collect::<Vec<_>>(),
        );
        h.melds.push(TableMeld {
            owner: 1,
            cards: hand("6S 7S 8S"),
        });
        let sight = Sight::of(&view_of(h, 0));
        assert_eq!(sight.value(hand("5S")), 0);
        assert!(sight.value(hand("KD")) > 0);
    }

    #[test]
    fn it_keeps_the_hand_with_more_ways_to_grow() {
        // Discarding 9H or 4C leaves equal distance today; 4C's neighbours are gone, so
        // the look-ahead keeps the pair of hearts that can still become a run or a set.
        let rules = RummyRules::default();
        let h = RummyHand::with_cards(
            &rules,
            1,
            vec![hand("2S 3S 4S 8H 9H 4C KD"), hand("3C 5C 2C 6C AC TS JS")],
            &[],
            &hand("QS QH QD").iter().collect::<Vec<_>>(),
        );
        let mut h = h;
        h.phase = crate::rummy::RummyPhase::Play {
            seat: 0,
            taken: None,
            melded: true,
        };
        let view = view_of(h, 0);
        let RummyAction::Discard { card } = decide(&view) else {
            panic!("a discard");
        };
        assert_ne!(card, Card::new(8, crate::Suit::Hearts));
        assert_ne!(card, Card::new(7, crate::Suit::Hearts));
    }

    #[test]
    fn it_plays_legal_moves_to_the_end_at_every_table_size() {
        use crate::rummy::ai::play_hand;
        use crate::rummy::RummyLevel::{Hard, Medium, Simple};
        for players in 2..=6u8 {
            let levels: Vec<_> = (0..players)
                .map(|s| [Hard, Medium, Simple][usize::from(s % 3)])
                .collect();
            // `play_hand` panics on an illegal move.
            play_hand(&levels, &RummyRules::default(), [players; 32], 0);
        }
    }
}
