//! The `medium` player: sound greedy play without look-ahead, for players who want an even game.
//!
//! It values a ten-card hand by its deadwood now and its expected deadwood after one more stock
//! draw, steers clear of discards that fit the cards the opponent has been seen collecting,
//! takes a pile card when that beats the average stock draw, and knocks early only with little
//! deadwood. A little noise in its discards keeps it human-beatable. Its discard score also
//! picks the candidates that the hard player simulates.

use super::eval::{
    completes_meld, expected_after_draw, least_deadwood_discards, relation, with, without, Relation,
};
use super::knowledge::Knowledge;
use super::Random;
use crate::card::{Card, CardSet};
use crate::hand::{Action, Phase};
use crate::solver::min_deadwood;
use crate::view::PlayerView;

/// Weight of the deadwood now against the expected deadwood after the next draw.
const NOW_WEIGHT: f64 = 0.4;
/// A pile card is taken when it leaves this much less deadwood than the average stock draw.
const TAKE_MARGIN: f64 = 1.0;
/// Largest random amount added to a discard's score.
const NOISE: f64 = 2.0;
/// Early in the hand it knocks only with this much deadwood or less...
const EARLY_KNOCK_DEADWOOD: u32 = 6;
/// ... until the stock is down to this many cards, or the opponent has taken two pile cards.
const LATE_STOCK: usize = 20;

pub(super) fn decide(know: &Knowledge, view: &PlayerView, rng: &mut impl Random) -> Action {
    let legal = &view.legal_actions;
    let fallback = legal.first().copied().unwrap_or(Action::Pass);
    match view.table.phase {
        Phase::UpcardOffer { .. } if wants_top(know) => Action::TakeUpcard,
        Phase::UpcardOffer { .. } => Action::Pass,
        Phase::Draw { .. } if legal.contains(&Action::DrawDiscard) && wants_top(know) => {
            Action::DrawDiscard
        }
        Phase::Draw { .. } => Action::DrawStock,
        Phase::FiftiethCard { .. } if legal.contains(&Action::DrawDiscard) => Action::DrawDiscard,
        Phase::FiftiethCard { .. } => Action::Pass,
        Phase::Discard { must_knock, .. } => {
            discard(know, legal, must_knock, rng).unwrap_or(fallback)
        }
        Phase::Over => fallback,
    }
}

/// Whether to take the top of the pile rather than draw from the stock.
fn wants_top(know: &Knowledge) -> bool {
    let Some(top) = know.top else {
        return false;
    };
    if completes_meld(know.hand, top) {
        return true;
    }
    let mut barred = CardSet::EMPTY;
    barred.insert(top);
    let Some((_, after_take)) = least_deadwood_discards(with(know.hand, top), barred) else {
        return false;
    };
    after_take as f64 + TAKE_MARGIN < expected_after_draw(know.hand, know.unseen)
}

fn discard(
    know: &Knowledge,
    legal: &[Action],
    must_knock: bool,
    rng: &mut impl Random,
) -> Option<Action> {
    // The knock leaving the least deadwood, throwing the higher card on a tie.
    let knock = legal
        .iter()
        .filter_map(|a| match a {
            Action::Knock(c) => Some(*c),
            _ => None,
        })
        .map(|c| (min_deadwood(without(know.hand, c)), c))
        .min_by_key(|&(deadwood, c)| (deadwood, std::cmp::Reverse(c.value())));
    if let Some((deadwood, card)) = knock {
        let early = know.stock_count > LATE_STOCK && know.opp_pickups < 2;
        if must_knock || deadwood == 0 || deadwood <= EARLY_KNOCK_DEADWOOD || !early {
            return Some(Action::Knock(card));
        }
    }
    let options: Vec<Card> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some(*c),
            _ => None,
        })
        .collect();
    let fresh: Vec<Card> = options
        .iter()
        .copied()
        .filter(|&c| !know.repeat_barred.contains(c))
        .collect();
    let options = if fresh.is_empty() { options } else { fresh };
    options
        .into_iter()
        .map(|c| (discard_score(know, c) + NOISE * rng.unit(), c))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| Action::Discard(c))
}

/// What discarding `card` costs this seat, lower being better: the deadwood left now, the
/// deadwood expected after the next draw, and the danger of handing the opponent a card it wants.
pub(super) fn discard_score(know: &Knowledge, card: Card) -> f64 {
    let rest = without(know.hand, card);
    let now = min_deadwood(rest) as f64;
    let next = expected_after_draw(rest, know.unseen);
    NOW_WEIGHT * now + (1.0 - NOW_WEIGHT) * next + danger(know, card)
}

/// How much `card` would help the opponent, judged from the cards it took and threw, in
/// deadwood points.
fn danger(know: &Knowledge, card: Card) -> f64 {
    // It melds with cards the opponent is known to hold: it will surely be taken.
    if completes_meld(know.opp_known, card) {
        return 8.0;
    }
    let near: f64 = know
        .opp_known
        .iter()
        .map(|p| match relation(p, card) {
            Relation::SameRank | Relation::Adjacent => 2.0,
            Relation::Gap => 1.0,
            Relation::Unrelated => 0.0,
        })
        .sum();
    // Cards like the ones it threw or passed are safer.
    let thrown = CardSet(know.opp_discarded.0 | know.opp_declined.0);
    let safe = thrown
        .iter()
        .filter(|&q| matches!(relation(q, card), Relation::SameRank | Relation::Adjacent))
        .count()
        .min(3);
    near - 0.5 * safe as f64
}
