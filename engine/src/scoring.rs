//! Scoring a hand (RULES.md section 6) with the Oklahoma doubling and extra boxes (section 9).

use super::card::{Card, Suit};
use super::rules::Rules;
use super::showdown::{Showdown, ShowdownKind};
use serde::{Deserialize, Serialize};

/// What a finished hand is worth and to whom (seats are the hand's: 0 knocker, 1 defender).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandScore {
    /// `true` when the knocker scored, `false` when the defender undercut.
    pub knocker_won: bool,
    /// The points scored.
    pub points: u32,
    /// Lines (boxes) won: one, plus extra boxes under that option.
    pub lines: u32,
    /// The Oklahoma spade upcard doubled this hand.
    pub doubled: bool,
}

/// Scores a showdown. `upcard` is the card turned at the deal, if any.
pub fn score_showdown(showdown: &Showdown, rules: &Rules, upcard: Option<Card>) -> HandScore {
    let (k, d) = (showdown.knocker_deadwood, showdown.defender_deadwood);
    let (knocker_won, base, extra) = match showdown.kind {
        ShowdownKind::Gin => (true, rules.gin_bonus + d, 2),
        ShowdownKind::Knock => (true, d - k, 0),
        ShowdownKind::Undercut => (false, k - d + rules.undercut_bonus, 1),
    };
    let doubled = rules.oklahoma && upcard.is_some_and(|c| c.suit() == Suit::Spades);
    let factor = if doubled { 2 } else { 1 };
    let extra = if rules.extra_boxes { extra * factor } else { 0 };
    HandScore {
        knocker_won,
        points: base * factor,
        lines: 1 + extra,
        doubled,
    }
}

/// The knock limit of a hand: the rule's, or under Oklahoma the upcard's value (an ace allowing
/// gin only when `oklahoma_ace_gin_only`).
pub fn knock_limit(rules: &Rules, upcard: Option<Card>) -> u32 {
    match upcard {
        Some(c) if rules.oklahoma => {
            if c.rank() == 0 && rules.oklahoma_ace_gin_only {
                0
            } else {
                c.value() as u32
            }
        }
        _ => rules.knock_limit,
    }
}
