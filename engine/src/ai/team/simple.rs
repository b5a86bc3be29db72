//! Team Gin's `simple` player: the two-player `simple` level's habits (`ai/simple.rs`) with
//! a plain rule for the swap, and no look at what the team as a whole holds.
//!
//! - It takes the upcard or the top discard only when the card completes a meld in its hand;
//!   otherwise it passes or draws from the stock.
//! - It knocks at the first legal chance, with the discard that leaves the least deadwood.
//! - Otherwise it offers its partner the card it would throw (the one whose loss leaves the
//!   least deadwood, the highest of equals) when that card completes or starts a meld in the
//!   partner's hand (a card of its rank, or its neighbour in its suit), then discards the card
//!   that leaves the least deadwood, the highest of equals.
//! - Answering a swap, it gives back the card it needs least by the same measure (possibly
//!   the one it was given).
//!
//! Deterministic: it draws on no randomness.

use crate::ai::eval::completes_meld;
use crate::solver::min_deadwood;
use crate::team::{TeamAction, TeamView};
use crate::{Action, Card, CardSet};
use std::cmp::Reverse;

/// The move of the seat whose view this is. Always one of `view.legal_actions`; a view with
/// none gets `Pass`, which the engine refuses.
pub fn decide(view: &TeamView) -> TeamAction {
    let legal = &view.legal_actions;
    let Some(&first) = legal.first() else {
        return TeamAction::Play(Action::Pass);
    };
    let top = view.discard_pile.last().copied();
    let melds = |card: Option<Card>| card.is_some_and(|c| completes_meld(view.hand, c));
    let chosen = match first {
        TeamAction::Play(Action::TakeUpcard) if melds(top) => TeamAction::Play(Action::TakeUpcard),
        TeamAction::Play(Action::TakeUpcard) => TeamAction::Play(Action::Pass),
        TeamAction::Play(Action::DrawStock) if melds(top) => TeamAction::Play(Action::DrawDiscard),
        TeamAction::Play(Action::DrawStock) => first,
        TeamAction::Return(_) => TeamAction::Return(least_needed(view.hand, view.hand)),
        _ => turn(view),
    };
    // Only ever a legal move (the pile card may be barred by the rules of the draw).
    if legal.contains(&chosen) {
        chosen
    } else {
        first
    }
}

/// The card of `among` whose loss leaves `hand` the least deadwood; the highest of equals.
fn least_needed(hand: CardSet, among: CardSet) -> Card {
    among
        .iter()
        .min_by_key(|&c| (min_deadwood(hand.without(c)), Reverse(c.value()), c))
        .expect("a hand is never empty")
}

/// Whether `card` completes a meld in `hand` or starts one there (a card of its rank, or
/// its neighbour in its suit).
fn fits(hand: CardSet, card: Card) -> bool {
    completes_meld(hand, card)
        || hand.iter().any(|c| {
            c.rank() == card.rank()
                || (c.suit() == card.suit() && c.rank().abs_diff(card.rank()) == 1)
        })
}

fn turn(view: &TeamView) -> TeamAction {
    let legal = &view.legal_actions;
    let mut knocks = CardSet::EMPTY;
    let mut discards = CardSet::EMPTY;
    let mut may_swap = false;
    for a in legal {
        match *a {
            TeamAction::Play(Action::Knock(c)) => knocks.insert(c),
            TeamAction::Play(Action::Discard(c)) => discards.insert(c),
            TeamAction::Swap(_) => may_swap = true,
            _ => {}
        }
    }
    if !knocks.is_empty() {
        return TeamAction::Play(Action::Knock(least_needed(view.hand, knocks)));
    }
    let throw = least_needed(view.hand, discards);
    if may_swap && fits(view.partner_hand, throw) {
        return TeamAction::Swap(throw);
    }
    TeamAction::Play(Action::Discard(throw))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::team::decide_team;
    use crate::ai::team::tests::play;
    use crate::card::testing::hand;
    use crate::TeamMatchEvent;

    #[test]
    fn every_move_is_legal_in_whole_matches_and_it_swaps() {
        let mut swaps = 0;
        for s in 0..6u8 {
            let m = play([s.wrapping_add(40); 32], decide, decide);
            assert!(m.settlement().is_some());
            swaps += m
                .log
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        TeamMatchEvent::Play {
                            action: TeamAction::Swap(_),
                            ..
                        }
                    )
                })
                .count();
        }
        assert!(swaps > 0);
    }

    #[test]
    fn the_team_player_beats_it_over_twenty_mirrored_matches() {
        let mut won = 0;
        for s in 0..10u8 {
            let seed = [s.wrapping_add(60); 32];
            won += usize::from(play(seed, decide_team, decide).settlement().unwrap().winner == 0);
            won += usize::from(play(seed, decide, decide_team).settlement().unwrap().winner == 1);
        }
        assert!(won >= 12, "won {won} of 20");
    }

    #[test]
    fn it_gives_back_the_card_it_needs_least() {
        // Eight cards after the partner's gift: the king is the loneliest high card.
        let h = hand("3H 4H 5H 7C 7D 7S KD 2S");
        assert_eq!(least_needed(h, h), "KD".parse().unwrap());
    }
}
