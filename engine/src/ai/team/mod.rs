//! The Team Gin players (RULES.md section 11b), from the seat's view alone (its own hand and
//! its partner's, never an opponent's): [`decide_team`] for `medium` and `hard`, and
//! [`simple::decide`] for `simple` ([`decide`] picks by level).
//!
//! The `medium`/`hard` player judges a position by the team's deadwood: its own best knock deadwood plus the
//! partner's least deadwood. It takes a card that lowers its own, swaps when the swap (with the
//! partner's best answer) lowers the team's, and knocks when the team's deadwood is well below
//! what the other team can be expected to hold.

pub mod simple;

use super::Level;
use crate::solver::{knock_deadwood, min_deadwood};
use crate::team::{TeamAction, TeamView};
use crate::{Action, Card, CardSet};

/// The move of a Team Gin seat at `level`, as the bot plays it: `simple` plays like the
/// two-player `simple` level ([`simple::decide`]); `medium` and `hard` are [`decide_team`].
pub fn decide(level: Level, view: &TeamView) -> TeamAction {
    match level {
        Level::Simple => simple::decide(view),
        Level::Medium | Level::Hard => decide_team(view),
    }
}

/// What a player of the other team is expected to hold in deadwood with `stock` cards left:
/// about 35 at the deal, falling as the hand goes on.
fn expected_opponent_deadwood(stock: usize) -> u32 {
    12 + stock as u32
}

/// Own best deadwood after a discard from eight cards, plus the partner's.
fn team_value(own: CardSet, partner: CardSet) -> u32 {
    knock_deadwood(own) + min_deadwood(partner)
}

/// Whether holding `card` (and discarding the best other card) lowers the deadwood of `hand`.
fn improves(hand: CardSet, card: Card) -> bool {
    knock_deadwood(hand.with(card)) < min_deadwood(hand)
}

/// The `medium` and `hard` move of the seat whose view this is. Always one of
/// `view.legal_actions`; a view with none gets `Pass`, which the engine refuses.
pub fn decide_team(view: &TeamView) -> TeamAction {
    let legal = &view.legal_actions;
    let Some(&first) = legal.first() else {
        return TeamAction::Play(Action::Pass);
    };
    match first {
        TeamAction::Play(Action::TakeUpcard) => {
            let up = *view.discard_pile.last().expect("the upcard is on the pile");
            TeamAction::Play(if improves(view.hand, up) {
                Action::TakeUpcard
            } else {
                Action::Pass
            })
        }
        TeamAction::Play(Action::DrawStock) => {
            let discard = TeamAction::Play(Action::DrawDiscard);
            match view.discard_pile.last() {
                Some(&top) if legal.contains(&discard) && improves(view.hand, top) => discard,
                _ => first,
            }
        }
        TeamAction::Return(_) => best_return(view),
        _ => turn(view),
    }
}

/// The card to give back: the one that leaves the team's deadwood least. `view.hand` holds
/// the card received; `view.partner_hand` is the mover's seven.
fn best_return(view: &TeamView) -> TeamAction {
    let back = view
        .hand
        .iter()
        .min_by_key(|&r| {
            (
                team_value(view.partner_hand.with(r), view.hand.without(r)),
                Some(r) == view.swap_given,
            )
        })
        .expect("a hand is never empty");
    TeamAction::Return(back)
}

fn turn(view: &TeamView) -> TeamAction {
    let legal = &view.legal_actions;
    let own = view.hand;
    // Knock: always with gin; otherwise when the team is well ahead of what is expected.
    let knock = legal
        .iter()
        .filter_map(|a| match a {
            TeamAction::Play(Action::Knock(c)) => Some((min_deadwood(own.without(*c)), *c)),
            _ => None,
        })
        .min_by_key(|&(d, c)| (d, std::cmp::Reverse(c.value())));
    if let Some((d, c)) = knock {
        let team = d + min_deadwood(view.partner_hand);
        if d == 0 || team + 10 < 2 * expected_opponent_deadwood(view.stock_len) {
            return TeamAction::Play(Action::Knock(c));
        }
    }
    // Swap: the gift and the answer that lower the team's deadwood most, if by enough.
    let now = team_value(own, view.partner_hand);
    let swap = legal
        .iter()
        .filter_map(|a| match a {
            TeamAction::Swap(c) => Some(*c),
            _ => None,
        })
        .map(|give| {
            let their = view.partner_hand.with(give);
            let best = their
                .iter()
                .map(|r| team_value(own.without(give).with(r), their.without(r)))
                .min()
                .expect("the partner holds cards");
            (best, give)
        })
        .min_by_key(|&(v, give)| (v, give));
    if let Some((v, give)) = swap {
        if v + 3 <= now {
            return TeamAction::Swap(give);
        }
    }
    // Discard: the card whose loss leaves the least deadwood; the higher of equals.
    let discard = legal
        .iter()
        .filter_map(|a| match a {
            TeamAction::Play(Action::Discard(c)) => Some(*c),
            _ => None,
        })
        .min_by_key(|&c| (min_deadwood(own.without(c)), std::cmp::Reverse(c.value())))
        .expect("a turn always offers a discard");
    TeamAction::Play(Action::Discard(discard))
}

/// A player that never swaps, draws from the stock, discards its highest card and knocks
/// as soon as it may: the yardstick of the team player's tests and of the team arena.
pub fn naive(view: &TeamView) -> TeamAction {
    let legal = &view.legal_actions;
    if let Some(k) = legal
        .iter()
        .find(|a| matches!(a, TeamAction::Play(Action::Knock(_))))
    {
        return *k;
    }
    legal
        .iter()
        .filter(|a| !matches!(a, TeamAction::Swap(_)))
        .max_by_key(|a| match a {
            TeamAction::Play(Action::Discard(c)) => c.value(),
            TeamAction::Play(Action::Pass) => 1,
            _ => 0,
        })
        .copied()
        .expect("a legal move")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, TeamMatch};

    /// Plays a match: team 0 by `even`, team 1 by `odd`.
    pub(super) fn play(
        seed: [u8; 32],
        even: impl Fn(&TeamView) -> TeamAction,
        odd: impl Fn(&TeamView) -> TeamAction,
    ) -> TeamMatch {
        let mut m = TeamMatch::new(Rules::default(), seed);
        let mut steps = 0;
        while !m.is_over() {
            let seat = m.hand.to_act().unwrap();
            let view = m.hand.view(seat);
            let action = if seat % 2 == 0 {
                even(&view)
            } else {
                odd(&view)
            };
            m.apply(seat, action)
                .expect("the AI plays only legal moves");
            steps += 1;
            assert!(steps < 50_000, "the match ends");
        }
        m
    }

    #[test]
    fn every_move_is_legal_in_whole_matches_on_all_four_seats() {
        for s in 0..6u8 {
            let m = play([s; 32], decide_team, decide_team);
            assert!(m.settlement().is_some());
        }
    }

    #[test]
    fn it_swaps_and_answers_swaps() {
        let m = play([7; 32], decide_team, decide_team);
        let swaps = m
            .log
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    crate::TeamMatchEvent::Play {
                        action: TeamAction::Swap(_),
                        ..
                    }
                )
            })
            .count();
        assert!(swaps > 0);
    }

    #[test]
    fn it_beats_a_naive_team_over_twenty_matches() {
        let won = (0..20u8)
            .filter(|&s| {
                play([s.wrapping_add(100); 32], decide_team, naive)
                    .settlement()
                    .unwrap()
                    .winner
                    == 0
            })
            .count();
        assert!(won >= 14, "won {won} of 20");
    }
}
