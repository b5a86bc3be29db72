//! The showdown (RULES.md section 5), played optimally for both sides.
//!
//! The knocker tries every arrangement of its ten cards whose deadwood is within the knock limit;
//! against each, the defender tries every collection of its own melds (breaking one is allowed)
//! and lays off every remaining card it can, chained along runs. The defender keeps its least
//! deadwood; the knocker keeps the arrangement with the largest (defender - knocker) deadwood.
//! A gin hand is always shown as gin, and nothing is laid off onto it.

use super::card::{CardSet, LANE};
use super::meld::{Meld, MeldKind};
use super::solver::{for_each_packing, min_deadwood};
use serde::{Deserialize, Serialize};

/// How a knock ended (a dead hand has no showdown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ShowdownKind {
    /// The knocker had no deadwood.
    Gin,
    /// The knocker had less deadwood than the defender.
    Knock,
    /// The defender had as little deadwood as the knocker, or less.
    Undercut,
}

impl ShowdownKind {
    /// RULES.md section 6 from the knocking side's deadwood `k` and the defending side's `d`
    /// (after layoffs): no deadwood is gin, less is a knock, as much or more an undercut.
    pub fn of(k: u32, d: u32) -> ShowdownKind {
        if k == 0 {
            ShowdownKind::Gin
        } else if k < d {
            ShowdownKind::Knock
        } else {
            ShowdownKind::Undercut
        }
    }
}

/// A defender card laid off onto one of the knocker's melds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Layoff {
    /// The card laid off.
    pub card: super::card::Card,
    /// Index into the knocker's melds.
    pub onto: usize,
}

/// Both hands as laid out, with the layoffs and the deadwood counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Showdown {
    /// Gin, knock or undercut.
    pub kind: ShowdownKind,
    /// The knocker's melds.
    pub knocker_melds: Vec<Meld>,
    /// The knocker's cards in no meld.
    pub knocker_deadwood_cards: CardSet,
    /// Their value.
    pub knocker_deadwood: u32,
    /// The defender's melds.
    pub defender_melds: Vec<Meld>,
    /// The defender's cards laid off onto the knocker's melds.
    pub layoffs: Vec<Layoff>,
    /// The defender's cards in no meld after the layoffs.
    pub defender_deadwood_cards: CardSet,
    /// Their value.
    pub defender_deadwood: u32,
}

impl Showdown {
    /// Whether the knocker won the hand (RULES.md section 6: a tie is an undercut).
    pub fn knocker_wins(&self) -> bool {
        self.kind != ShowdownKind::Undercut
    }
}

/// Why a showdown could not be held.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShowdownError {
    #[error("a knock needs deadwood of at most {limit}, this hand has {deadwood}")]
    /// The knocker's deadwood is above the knock limit.
    AboveKnockLimit {
        /// The knocker's deadwood.
        deadwood: u32,
        /// The knock limit.
        limit: u32,
    },
    #[error("the two hands share a card")]
    /// The two hands share a card.
    Overlap,
}

/// One way the defender can answer a knocker arrangement.
#[derive(Clone, Copy)]
struct DefenderChoice {
    melds: [u64; 8],
    len: usize,
    covered: u64,
}

/// The knocker's best arrangement so far and the defender's answer to it.
struct KnockerChoice {
    /// (defender - knocker deadwood, -knocker deadwood): larger is better for the knocker.
    key: (i64, i64),
    melds: Vec<u64>,
    answer: DefenderChoice,
    laid_off: u64,
}

/// Plays the showdown of `knocker` (ten cards after its discard) against `defender`.
pub fn solve_showdown(
    knocker: CardSet,
    defender: CardSet,
    knock_limit: u32,
) -> Result<Showdown, ShowdownError> {
    if knocker.0 & defender.0 != 0 {
        return Err(ShowdownError::Overlap);
    }
    let knocker_min = min_deadwood(knocker);
    if knocker_min > knock_limit {
        return Err(ShowdownError::AboveKnockLimit {
            deadwood: knocker_min,
            limit: knock_limit,
        });
    }
    let mut defender_options = Vec::new();
    for_each_packing(defender, |melds, covered| {
        let mut choice = DefenderChoice {
            melds: [0; 8],
            len: melds.len(),
            covered,
        };
        choice.melds[..melds.len()].copy_from_slice(melds);
        defender_options.push(choice);
    });

    let gin = knocker_min == 0;
    // Best so far: (defender - knocker deadwood, -knocker deadwood) and the layout behind it.
    let mut best: Option<KnockerChoice> = None;
    for_each_packing(knocker, |melds, covered| {
        let k = CardSet(knocker.0 & !covered).value();
        if k > knock_limit || (gin && k != 0) {
            return;
        }
        let mut answer: Option<(u32, DefenderChoice, u64)> = None;
        for choice in &defender_options {
            let rest = defender.0 & !choice.covered;
            let off = if gin { 0 } else { layoffs(melds, rest) };
            let d = CardSet(rest & !off).value();
            if answer.as_ref().is_none_or(|a| d < a.0) {
                answer = Some((d, *choice, off));
            }
        }
        let (d, choice, off) = answer.expect("the empty collection is always an option");
        let key = (d as i64 - k as i64, -(k as i64));
        if best.as_ref().is_none_or(|b| key > b.key) {
            best = Some(KnockerChoice {
                key,
                melds: melds.to_vec(),
                answer: choice,
                laid_off: off,
            });
        }
    });
    let KnockerChoice {
        melds: knocker_masks,
        answer: choice,
        laid_off: off,
        ..
    } = best.expect("an arrangement within the limit exists");
    let knocker_cover = knocker_masks.iter().fold(0, |a, m| a | m);
    let knocker_deadwood_cards = CardSet(knocker.0 & !knocker_cover);
    let defender_deadwood_cards = CardSet(defender.0 & !choice.covered & !off);
    let (kd, dd) = (
        knocker_deadwood_cards.value(),
        defender_deadwood_cards.value(),
    );
    Ok(Showdown {
        kind: ShowdownKind::of(kd, dd),
        layoffs: attach_layoffs(&knocker_masks, CardSet(off)),
        knocker_melds: knocker_masks.iter().map(|&m| Meld(CardSet(m))).collect(),
        knocker_deadwood_cards,
        knocker_deadwood: kd,
        defender_melds: choice.melds[..choice.len]
            .iter()
            .map(|&m| Meld(CardSet(m)))
            .collect(),
        defender_deadwood_cards,
        defender_deadwood: dd,
    })
}

/// Every card of `rest` that can be laid off onto `melds`: the fourth card of a three-card set,
/// and the cards that extend a run at either end, one after another.
pub(super) fn layoffs(melds: &[u64], rest: u64) -> u64 {
    let mut off = 0;
    for &m in melds {
        if Meld(CardSet(m)).kind() == MeldKind::Set {
            let rank = m.trailing_zeros() & 15;
            off |= rest & (0x0001_0001_0001_0001u64 << rank) & !m;
            continue;
        }
        let shift = m.trailing_zeros() & !15;
        let (run, avail) = (m >> shift, rest >> shift & LANE);
        let mut reach = run;
        loop {
            let grown = reach | (reach << 1 | reach >> 1) & avail & LANE;
            if grown == reach {
                break;
            }
            reach = grown;
        }
        off |= (reach & !run) << shift;
    }
    off
}

/// Names, for each laid-off card, the knocker meld it extends (for the showdown message).
/// Runs take their chains first: a card that fits both a set and a run may be what the next
/// card of the chain attaches to, so it goes to the run.
pub(super) fn attach_layoffs(melds: &[u64], off: CardSet) -> Vec<Layoff> {
    let mut grown: Vec<u64> = melds.to_vec();
    let mut left = off.0;
    let mut out = Vec::new();
    let attach = |left: &mut u64, i: usize, fits: u64, out: &mut Vec<Layoff>| {
        let one = fits & fits.wrapping_neg();
        *left &= !one;
        out.push(Layoff {
            card: CardSet(one).iter().next().expect("one card"),
            onto: i,
        });
        one
    };
    loop {
        let before = left;
        for (i, meld) in grown.iter_mut().enumerate() {
            if Meld(CardSet(*meld)).kind() == MeldKind::Run {
                let fits = left & (*meld << 1 | *meld >> 1) & !*meld;
                if fits != 0 {
                    *meld |= attach(&mut left, i, fits, &mut out);
                }
            }
        }
        if before == left {
            break;
        }
    }
    for (i, meld) in grown.iter().enumerate() {
        if Meld(CardSet(*meld)).kind() == MeldKind::Set {
            let fits = left & (0x0001_0001_0001_0001u64 << (meld.trailing_zeros() & 15));
            if fits != 0 {
                attach(&mut left, i, fits, &mut out);
            }
        }
    }
    assert_eq!(left, 0, "every laid-off card attaches to a meld");
    out.sort_by_key(|l| (l.onto, l.card));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::card::testing::hand;

    #[test]
    fn layoffs_chain_at_both_ends_of_a_run() {
        let s = solve_showdown(
            hand("5C 6C 7C 2H 2S 2D 9S 9H 9D AS"),
            hand("3C 4C 8C 9C KH KD QS JS TH 4D"),
            10,
        )
        .unwrap();
        let mut cards: Vec<String> = s.layoffs.iter().map(|l| l.card.to_string()).collect();
        cards.sort();
        assert_eq!(cards, ["3C", "4C", "8C", "9C"]);
        assert_eq!(
            (s.kind, s.knocker_deadwood, s.defender_deadwood),
            (ShowdownKind::Knock, 1, 54)
        );
    }

    #[test]
    fn a_card_fitting_a_set_and_a_run_carries_the_run_chain() {
        // 5C could complete the fives, but 6C needs it on the run 2C-4C.
        let s = solve_showdown(
            hand("7H 8H 9H 2C 3C 4C 5S 5H 5D KS"),
            hand("6H AC 5C 6C JD QS 9D 3D KH KD"),
            10,
        )
        .unwrap();
        let on_run: Vec<String> = s
            .layoffs
            .iter()
            .filter(|l| l.onto == 1)
            .map(|l| l.card.to_string())
            .collect();
        assert_eq!(on_run, ["AC", "5C", "6C"]);
    }

    #[test]
    fn a_run_layoff_does_not_jump_a_gap() {
        let s = solve_showdown(
            hand("5C 6C 7C 2H 2S 2D 9S 9H 9D AS"),
            hand("TC JC KH KD QS JS TH 4D 3D 3H"),
            10,
        )
        .unwrap();
        assert!(s.layoffs.is_empty());
    }

    #[test]
    fn knocking_above_the_limit_is_refused() {
        let e = solve_showdown(hand("5C 6C 7C 2H 2S 2D 9S 9H KD QS"), hand("AS"), 10).unwrap_err();
        assert_eq!(
            e,
            ShowdownError::AboveKnockLimit {
                deadwood: 38,
                limit: 10
            }
        );
    }
}
