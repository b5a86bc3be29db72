//! The Team Gin showdown (RULES.md section 11b), played optimally for both teams.
//!
//! The knocking team tries every arrangement of both its hands (the knocker's within the knock
//! limit; the two hands never share a meld). Against each, the defenders try every pair of
//! arrangements of their own hands and lay off, jointly and chained, every deadwood card they
//! can onto the melds of a knocking player who has deadwood; the knocking team never lays off.
//! The defenders keep their least total deadwood; the knocking team keeps the arrangement with
//! the largest (defending - knocking) total, then the least knocking deadwood.

use crate::card::{Card, CardSet};
use crate::meld::Meld;
use crate::rules::Rules;
use crate::showdown::{attach_layoffs, layoffs, ShowdownError, ShowdownKind};
use crate::solver::{for_each_packing, min_deadwood};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One hand of the showdown as laid out. For a defender, `deadwood_cards` is what is left after
/// the layoffs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamSide {
    /// The hand's melds.
    pub melds: Vec<Meld>,
    /// Its cards in no meld.
    pub deadwood_cards: CardSet,
    /// Their value.
    pub deadwood: u32,
}

/// A defender's card laid off onto a meld of a knocking player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamLayoff {
    /// The card laid off.
    pub card: Card,
    /// 0 or 1: which defender held it.
    pub from: usize,
    /// 0 the knocker, 1 the knocker's partner.
    pub onto_player: usize,
    /// Index into that player's melds.
    pub onto: usize,
}

/// The four hands as laid out, the layoffs, and the two teams' deadwood.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamShowdown {
    /// Gin, knock or undercut.
    pub kind: ShowdownKind,
    /// The knocker, then the partner.
    pub knocking: [TeamSide; 2],
    /// The two defenders, in the order given.
    pub defending: [TeamSide; 2],
    /// The defenders' cards laid off.
    pub layoffs: Vec<TeamLayoff>,
    /// K: both knocking hands' deadwood.
    pub knocking_deadwood: u32,
    /// D: both defending hands' deadwood after the layoffs.
    pub defending_deadwood: u32,
}

/// What a team showdown is worth and to which team (RULES.md section 11b, "Scoring").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamScore {
    /// `true` when the knocking team scored, `false` on an undercut.
    pub knocking_team_won: bool,
    /// The points scored.
    pub points: u32,
}

impl TeamShowdown {
    /// Team gin: `gin_bonus` + D; a knock: D - K; an undercut: (K - D) + `undercut_bonus` to
    /// the defenders.
    pub fn score(&self, rules: &Rules) -> TeamScore {
        let (k, d) = (self.knocking_deadwood, self.defending_deadwood);
        let (knocking_team_won, points) = match self.kind {
            ShowdownKind::Gin => (true, rules.gin_bonus + d),
            ShowdownKind::Knock => (true, d - k),
            ShowdownKind::Undercut => (false, k - d + rules.undercut_bonus),
        };
        TeamScore {
            knocking_team_won,
            points,
        }
    }
}

/// One arrangement of a hand: its meld masks, the cards they cover, the deadwood left.
#[derive(Clone)]
struct Packing {
    melds: Vec<u64>,
    covered: u64,
    deadwood: u32,
}

fn packings(hand: CardSet) -> Vec<Packing> {
    let mut out = Vec::new();
    for_each_packing(hand, |melds, covered| {
        out.push(Packing {
            melds: melds.to_vec(),
            covered,
            deadwood: CardSet(hand.0 & !covered).value(),
        })
    });
    out
}

/// The defenders' best answer to a set of melds open to layoffs.
#[derive(Clone, Copy)]
struct Answer {
    deadwood: u32,
    first: usize,
    second: usize,
    laid_off: u64,
}

/// Plays the showdown: `knocker` (after its discard) and `partner` against `defenders`.
pub fn solve_team_showdown(
    knocker: CardSet,
    partner: CardSet,
    defenders: [CardSet; 2],
    knock_limit: u32,
) -> Result<TeamShowdown, ShowdownError> {
    let hands = [knocker, partner, defenders[0], defenders[1]];
    let total: usize = hands.iter().map(|h| h.len()).sum();
    if hands
        .iter()
        .fold(CardSet::EMPTY, |a, h| CardSet(a.0 | h.0))
        .len()
        != total
    {
        return Err(ShowdownError::Overlap);
    }
    let knocker_min = min_deadwood(knocker);
    if knocker_min > knock_limit {
        return Err(ShowdownError::AboveKnockLimit {
            deadwood: knocker_min,
            limit: knock_limit,
        });
    }
    let ours = packings(knocker);
    let partners = packings(partner);
    let theirs = [packings(defenders[0]), packings(defenders[1])];
    let mut answers: HashMap<Vec<u64>, Answer> = HashMap::new();
    let mut answer_to = |open: Vec<u64>| -> Answer {
        if let Some(a) = answers.get(&open) {
            return *a;
        }
        let mut best: Option<Answer> = None;
        for (i, a) in theirs[0].iter().enumerate() {
            for (j, b) in theirs[1].iter().enumerate() {
                let rest = (defenders[0].0 & !a.covered) | (defenders[1].0 & !b.covered);
                let off = layoffs(&open, rest);
                let d = CardSet(rest & !off).value();
                if best.is_none_or(|x| d < x.deadwood) {
                    best = Some(Answer {
                        deadwood: d,
                        first: i,
                        second: j,
                        laid_off: off,
                    });
                }
            }
        }
        let best = best.expect("the empty arrangements are always there");
        answers.insert(open, best);
        best
    };
    // (D - K, -K), the two arrangements, the defenders' answer and the open melds.
    type Choice = ((i64, i64), usize, usize, Answer, Vec<u64>);
    let mut best: Option<Choice> = None;
    for (i, p) in ours.iter().enumerate() {
        if p.deadwood > knock_limit {
            continue;
        }
        for (j, q) in partners.iter().enumerate() {
            let mut open = Vec::new();
            if p.deadwood > 0 {
                open.extend_from_slice(&p.melds);
            }
            if q.deadwood > 0 {
                open.extend_from_slice(&q.melds);
            }
            let answer = answer_to(open.clone());
            let k = i64::from(p.deadwood + q.deadwood);
            let key = (i64::from(answer.deadwood) - k, -k);
            if best.as_ref().is_none_or(|b| key > b.0) {
                best = Some((key, i, j, answer, open));
            }
        }
    }
    let (_, i, j, answer, open) = best.expect("an arrangement within the limit exists");
    let (p, q) = (&ours[i], &partners[j]);
    let side = |hand: CardSet, packing: &Packing, off: u64| {
        let deadwood_cards = CardSet(hand.0 & !packing.covered & !off);
        TeamSide {
            melds: packing.melds.iter().map(|&m| Meld(CardSet(m))).collect(),
            deadwood_cards,
            deadwood: deadwood_cards.value(),
        }
    };
    // The open melds are the knocker's (if it has deadwood), then the partner's.
    let knocker_open = if p.deadwood > 0 { p.melds.len() } else { 0 };
    let layoffs = attach_layoffs(&open, CardSet(answer.laid_off))
        .into_iter()
        .map(|l| {
            let (onto_player, onto) = if l.onto < knocker_open {
                (0, l.onto)
            } else {
                (1, l.onto - knocker_open)
            };
            TeamLayoff {
                card: l.card,
                from: usize::from(!defenders[0].contains(l.card)),
                onto_player,
                onto,
            }
        })
        .collect();
    let (k, d) = (p.deadwood + q.deadwood, answer.deadwood);
    Ok(TeamShowdown {
        kind: ShowdownKind::of(k, d),
        knocking: [side(knocker, p, 0), side(partner, q, 0)],
        defending: [
            side(defenders[0], &theirs[0][answer.first], answer.laid_off),
            side(defenders[1], &theirs[1][answer.second], answer.laid_off),
        ],
        layoffs,
        knocking_deadwood: k,
        defending_deadwood: d,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::hand;

    fn solve(k: &str, p: &str, d1: &str, d2: &str) -> TeamShowdown {
        solve_team_showdown(hand(k), hand(p), [hand(d1), hand(d2)], 10).unwrap()
    }

    #[test]
    fn defenders_lay_off_jointly_and_chained_onto_a_knocker_with_deadwood() {
        // 8C from the first defender, 9C from the second, onto the knocker's 5C-7C.
        let s = solve(
            "5C 6C 7C 2H 2S 2D 4S",
            "KH KD KS QH QD QS JC",
            "8C AD 3H 6H TD JD JH",
            "9C 4D 5H 8H TH TS 9S",
        );
        let mut off: Vec<(String, usize)> = s
            .layoffs
            .iter()
            .map(|l| (l.card.to_string(), l.from))
            .collect();
        off.sort();
        assert_eq!(off, [("8C".to_string(), 0), ("9C".to_string(), 1)]);
        assert!(s.layoffs.iter().all(|l| l.onto_player == 0));
    }

    #[test]
    fn nothing_is_laid_off_onto_a_knocking_player_without_deadwood() {
        // The partner is melded out: the defenders' KC and 8C stay deadwood.
        let s = solve(
            "5C 6C 7C 2H 2S 2D 4S",
            "KH KD KS AC 2C 3C 4C",
            "5H 6H 7H 8H 9D 9H 9S",
            "KC QD JD TD 8D 7D 6D",
        );
        assert_eq!(s.knocking[1].deadwood, 0);
        assert!(s.layoffs.iter().all(|l| l.onto_player == 0));
        assert!(!s.layoffs.iter().any(|l| l.card.to_string() == "KC"));
    }

    #[test]
    fn a_knocker_with_gin_takes_no_layoffs_while_its_partner_does() {
        // The knocker melds all seven; 8C would extend its run but may not be laid off. The
        // partner's kings have deadwood beside them, so KC goes onto them.
        let s = solve(
            "5C 6C 7C 2H 2S 2D 2C",
            "KH KD KS 9H 4D AD 3S",
            "8C KC 3H 6H TD JD JH",
            "9C 4H 5H 8H TH TS 9S",
        );
        let off: Vec<(String, usize)> = s
            .layoffs
            .iter()
            .map(|l| (l.card.to_string(), l.onto_player))
            .collect();
        assert_eq!(off, [("KC".to_string(), 1)]);
        assert_eq!(s.knocking[0].deadwood, 0);
        assert_eq!(s.kind, ShowdownKind::Knock);
    }

    #[test]
    fn the_partners_deadwood_counts_for_the_team_but_not_for_the_knock() {
        // The knocker has 4 (within the limit), the partner 60: an undercut for the team.
        let s = solve(
            "5C 6C 7C 2H 2S 2D 4S",
            "KH QD JS 9C 8H TD 7S",
            "AC AD AH 3C 3D 3H 4H",
            "5S 5D 5H 6S 6D 6H 7D",
        );
        assert_eq!(s.knocking_deadwood, 4 + 64);
        assert_eq!(s.kind, ShowdownKind::Undercut);
    }

    #[test]
    fn team_gin_needs_both_hands_melded() {
        let s = solve(
            "5C 6C 7C 2H 2S 2D 2C",
            "KH KD KS 3D 4D 5D 6D",
            "8C AH 3H 6H TD JD JH",
            "9C 4H 5H 8H TH TS 9S",
        );
        assert_eq!(s.kind, ShowdownKind::Gin);
        assert!(s.layoffs.is_empty());
        let score = s.score(&Rules::default());
        assert_eq!(
            score.points,
            Rules::default().gin_bonus + s.defending_deadwood
        );
    }

    #[test]
    fn a_knock_above_the_limit_is_refused() {
        let e = solve_team_showdown(
            hand("5C 6C 7C KH QS JD 9D"),
            hand("AS"),
            [hand("2S"), hand("3S")],
            10,
        )
        .unwrap_err();
        assert_eq!(
            e,
            ShowdownError::AboveKnockLimit {
                deadwood: 39,
                limit: 10
            }
        );
    }
}
