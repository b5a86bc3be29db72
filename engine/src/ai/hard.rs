//! The `hard` player: Monte Carlo over the hands the opponent may hold.
//!
//! Each decision samples worlds (`rollout.rs`): the opponent's hidden cards, drawn from the unseen
//! ones with weights from what it took, threw and passed, and kept in proportion to how well they
//! explain all its moves this hand (`knowledge.rs`), plus a shuffled stock. Every candidate move is
//! then played out to the end of the hand in every world, and the move with the best mean value in
//! match points is chosen. All candidates meet the same worlds and the same playout luck (common
//! random numbers), so the differences between them, which are all that matters, come out far more
//! precisely than the values themselves.
//!
//! This covers the three decisions of the game with one measure:
//! - draw: taking the pile card against a stock draw, the stock card coming from each world;
//! - discard: the playout shows how often the discard feeds the opponent and how the hand
//!   develops after it; the candidates are the few best by the medium player's score;
//! - knock: knocking is scored by the exact showdown against each sampled hand, layoffs and
//!   undercuts included, against discarding and playing on. Gin is always taken.

use super::eval::without;
use super::knowledge::{GinWaiter, Knowledge, WaiterEvidence};
use super::medium::discard_score;
use super::rollout::{sample_worlds_melded, Sim, Step, Table, World, ME};
use super::{Random, SplitMix};
use crate::card::Card;
use crate::hand::{Action, Phase};
use crate::solver::min_deadwood;
use crate::view::PlayerView;

/// The hard player's tuning.
#[derive(Clone, Debug, PartialEq)]
pub struct HardConfig {
    /// Worlds sampled per decision; the time of a decision grows linearly with it.
    pub samples: usize,
    /// Discards simulated (the best by the medium player's score); knocks are always all tried.
    pub max_candidates: usize,
    /// Weight of a guessed opponent hand per move of the opponent this hand it contradicts
    /// (1: ignore the opponent's moves, 0: trust they were `simple`'s). Small, because
    /// `simple`'s moves are laws; not 0, because a person's are not.
    pub contradiction_accept: f64,
    /// Value of winning the match, in points, on top of the points that reach the target.
    pub match_bonus: f64,
    /// Chance, before the match's first showdown, that the opponent plays on for gin rather
    /// than knocking as soon as it can (see `knowledge::Fit`): a knockable hand it did not
    /// knock with is then no contradiction. Each earlier showdown of the match moves it
    /// (`Knowledge::waiter_chance`): caught holding a knockable hand says gin-waiter, knocking
    /// with deadwood says not. A fixed chance cost too much against players who knock early,
    /// so the showdowns move it; at 0 nothing moves and hard plays as without the reading.
    /// 0 at a Partnership table ([`HardConfig::partnership`]), whose view cannot move it.
    pub gin_waiter: f64,
    /// How much each kind of earlier showdown moves that chance ([`WaiterEvidence`]). A
    /// knock-at-once player is caught holding a knockable hand only before its first discard
    /// of a hand, so that factor may be far larger than the others.
    pub waiter_evidence: WaiterEvidence,
    /// Whether, in a world where the opponent is such a gin-waiter, the playouts let it knock
    /// only with gin (else every playout opponent knocks as soon as it can).
    pub waiter_playouts: bool,
    /// How strongly a gin-waiter's guessed hands are weighted toward little deadwood, per
    /// point (`exp(-tilt x deadwood)`): it builds its hand for gin, and the replay of its moves
    /// alone leaves guesses with more deadwood than it holds.
    pub waiter_tilt: f64,
    /// The opponent's discards this hand over which that tilt grows, linearly, from nothing
    /// (up to the first) to full (from the second); `[0, 0]`: full throughout. A gin-waiter's
    /// hand tightens as the hand goes on, which the replay of its moves does not see (the
    /// belief probe, `probe.rs`); a tilt that fits the late turns makes the early ones far too
    /// tight.
    pub waiter_tilt_ramp: [u32; 2],
    /// The share of late guesses built around melds (`rollout::melded_pick`), growing with the
    /// tilt's ramp (and only while the tilt and the gin-waiter chance are on). They are
    /// weighted like the card-by-card guesses: the tight hands that undercut a knock are the
    /// ones card-by-card guesses never draw.
    pub waiter_melded: f64,
    /// Weight, per discard outside the least-deadwood ones, of a guess in a gin-waiter's part
    /// (`knowledge::Fit::weight_split`); `None`: `contradiction_accept` for both kinds of
    /// player. A gin-waiter that throws such cards is otherwise all but ruled out late in a
    /// hand; a looser weight for both kinds costs the reading of `simple`.
    pub waiter_accept: Option<f64>,
    /// Whether this seat, in the playouts, knocks only when its deadwood is below the
    /// opponent's in that world (else at once, like `simple`).
    pub knock_when_ahead: bool,
    /// Whether this seat, in the playouts of a world where the opponent is a gin-waiter, knocks
    /// only when its deadwood is below the opponent's (the waiter ends the hand only with gin,
    /// so there is time to wait for a safe knock). Off as shipped: it measured no better (README).
    pub ahead_against_waiter: bool,
    /// Points a knock short of gin loses per point of its deadwood, in each world where the
    /// opponent is a gin-waiter, against playing on: the worlds' guesses at a waiter's hand
    /// hold more deadwood than the truth, so they see too few undercuts, the more so the more
    /// deadwood the knock shows.
    pub knock_margin: f64,
    /// The opponent's turns of a hand (from 1) in which a gin-waiter still knocks with
    /// deadwood, as MARJJ does in its first three; 0: only ever with gin. The playouts let it
    /// knock then, and a guess that passed up a knock in them is a contradiction for it too.
    /// 0 as shipped: 3 measured no better (README).
    pub waiter_knock_turns: u32,
    /// Whether a gin-waiter's discards are read by its own rule, MARJJ's (a loose card near
    /// its highest), rather than as a deadwood counter's (`knowledge::GinWaiter`). Off as
    /// shipped: such a reading keeps loose guesses, and measured no better (README).
    pub waiter_discards: bool,
}

impl Default for HardConfig {
    /// The tuning the bot ships (its strength and decision time are in the README). The
    /// opponent is read as a possible gin-waiter: a prior moved sharply by a showdown that
    /// catches it waiting, its discards judged loosely, and late in a hand its guessed hand
    /// tightened and built around melds; a knock loses points per point of its deadwood where
    /// the opponent waits.
    fn default() -> HardConfig {
        HardConfig {
            samples: 600,
            max_candidates: 6,
            contradiction_accept: 0.1,
            match_bonus: 30.0,
            gin_waiter: 0.25,
            waiter_evidence: WaiterEvidence {
                waited: 1000.0,
                defended: 0.6,
                knocked: 0.2,
            },
            waiter_playouts: true,
            waiter_tilt: 0.1,
            waiter_tilt_ramp: [5, 9],
            waiter_melded: 0.5,
            waiter_accept: None,
            knock_when_ahead: false,
            ahead_against_waiter: false,
            knock_margin: 0.3,
            waiter_knock_turns: 0,
            waiter_discards: false,
        }
    }
}

impl HardConfig {
    /// The tuning for a Partnership Gin table: the gin-waiter reading off, as measured there
    /// (README, `team_arena`). A table's view keeps no showdowns of earlier deals to move
    /// the belief, so it would stay at its prior for the whole match, which is unmeasured.
    pub fn partnership() -> HardConfig {
        HardConfig {
            contradiction_accept: 0.01,
            gin_waiter: 0.0,
            waiter_evidence: WaiterEvidence {
                waited: 20.0,
                ..HardConfig::default().waiter_evidence
            },
            waiter_tilt: 0.0,
            waiter_melded: 0.0,
            knock_margin: 0.0,
            ..HardConfig::default()
        }
    }

    /// How a gin-waiter's moves are read.
    pub(super) fn gin_waiter(&self) -> GinWaiter {
        GinWaiter {
            knock_turns: self.waiter_knock_turns,
            reads_discards: self.waiter_discards,
        }
    }

    /// The gin-waiter's tilt toward little deadwood at this point of the hand
    /// ([`HardConfig::waiter_tilt_ramp`]).
    pub(super) fn tilt(&self, know: &Knowledge) -> f64 {
        self.waiter_tilt * self.ramp(know)
    }

    /// The share of melded guesses at this point of the hand ([`HardConfig::waiter_melded`]).
    pub(super) fn melded(&self, know: &Knowledge) -> f64 {
        self.waiter_melded * self.ramp(know)
    }

    /// How far along [`HardConfig::waiter_tilt_ramp`] the hand is, 0 to 1.
    fn ramp(&self, know: &Knowledge) -> f64 {
        let discards = know.opp_discards() as f64;
        let [from, full] = self.waiter_tilt_ramp.map(f64::from);
        if full > from {
            ((discards - from) / (full - from)).clamp(0.0, 1.0)
        } else if discards >= from {
            1.0
        } else {
            0.0
        }
    }
}

/// The hard move; `other_table` is what ME's team already made at the other table of a
/// Partnership deal that has ended there (see `Table::other_table`), 0 elsewhere.
pub(super) fn decide(
    config: &HardConfig,
    know: &Knowledge,
    view: &PlayerView,
    other_table: i64,
    rng: &mut impl Random,
) -> Action {
    let legal = &view.legal_actions;
    let fallback = legal.first().copied().unwrap_or(Action::Pass);
    // Gin scores the most any hand can; nothing is worth waiting for.
    if let Some(gin) = know.gin_knock(legal) {
        return gin;
    }
    let candidates = candidates(config, know, view);
    if candidates.len() <= 1 {
        return candidates.first().copied().unwrap_or(fallback);
    }
    let (Some(mut table), Some(step)) = (
        Table::new(view, know, config.match_bonus),
        Step::from_view(view, know),
    ) else {
        return fallback;
    };
    table.me_knocks_when_ahead = config.knock_when_ahead;
    table.me_ahead_against_waiter = config.ahead_against_waiter;
    table.waiter_knock_turns = config.waiter_knock_turns;
    table.other_table = other_table;
    let mut worlds = sample_worlds_melded(
        know,
        config.samples.max(1),
        config.contradiction_accept,
        know.waiter_chance(config.gin_waiter, &config.waiter_evidence),
        config.tilt(know),
        config.melded(know),
        config.waiter_accept,
        config.gin_waiter(),
        rng,
    );
    if !config.waiter_playouts {
        for world in &mut worlds {
            world.waiter = false;
        }
    }
    let mut best = (f64::NEG_INFINITY, fallback);
    for (action, total) in values(config, know, step, &table, &worlds, &candidates) {
        // Strictly better only: on a tie the earlier candidate (a knock, or the better-scored
        // discard) stays.
        if total > best.0 {
            best = (total, action);
        }
    }
    best.1
}

/// Each candidate's summed value over `worlds`, every one played out from `step` (in order).
pub(super) fn values(
    config: &HardConfig,
    know: &Knowledge,
    step: Step,
    table: &Table,
    worlds: &[World],
    candidates: &[Action],
) -> Vec<(Action, f64)> {
    candidates
        .iter()
        .map(|&action| {
            let margin = match action {
                Action::Knock(c) => {
                    config.knock_margin * f64::from(min_deadwood(without(know.hand, c)))
                }
                _ => 0.0,
            };
            let total: f64 = worlds
                .iter()
                .map(|world| {
                    let mut sim = Sim::new(step, know, world);
                    let value = match sim.apply(ME, action, world, table) {
                        Some(value) => value,
                        None => sim.run(world, table, &mut SplitMix(world.seed)),
                    };
                    if world.waiter {
                        value - margin
                    } else {
                        value
                    }
                })
                .sum();
            (action, total)
        })
        .collect()
}

/// The moves worth simulating: every legal move outside the discard phase; in it, every knock
/// and the `max_candidates` best discards by the medium player's score.
pub(super) fn candidates(config: &HardConfig, know: &Knowledge, view: &PlayerView) -> Vec<Action> {
    let legal = &view.legal_actions;
    if !matches!(view.table.phase, Phase::Discard { .. }) {
        return legal.clone();
    }
    let mut moves: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Knock(_)))
        .collect();
    let discards: Vec<Card> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some(*c),
            _ => None,
        })
        .collect();
    // A repeated (taken, discarded) pair could let two players trade cards forever.
    let fresh: Vec<Card> = discards
        .iter()
        .copied()
        .filter(|&c| !know.repeat_barred.contains(c))
        .collect();
    let discards = if fresh.is_empty() { discards } else { fresh };
    let mut scored: Vec<(f64, Card)> = discards
        .into_iter()
        .map(|c| (discard_score(know, c), c))
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0));
    moves.extend(
        scored
            .into_iter()
            .take(config.max_candidates.max(1))
            .map(|(_, c)| Action::Discard(c)),
    );
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Partnership table plays the tuning measured there: the gin-waiter reading off, the
    /// rest as shipped.
    #[test]
    fn a_partnership_table_plays_without_the_gin_waiter_reading() {
        let (p, d) = (HardConfig::partnership(), HardConfig::default());
        assert_eq!(
            (p.gin_waiter, p.waiter_tilt, p.waiter_melded, p.knock_margin),
            (0.0, 0.0, 0.0, 0.0)
        );
        assert_eq!(p.contradiction_accept, 0.01);
        assert_eq!((p.samples, p.max_candidates), (d.samples, d.max_candidates));
        assert!(d.gin_waiter > 0.0 && d.waiter_melded > 0.0 && d.knock_margin > 0.0);
    }
    use crate::card::testing::card;
    use crate::{Match, Rules};

    #[test]
    fn the_waiter_tilt_grows_with_the_opponents_discards_along_its_ramp() {
        let m = Match::new(Rules::default(), 2, [4; 32]).unwrap();
        let mut know = Knowledge::from_view(&m.view_for(m.to_act().unwrap())).unwrap();
        let config = HardConfig {
            waiter_tilt: 0.2,
            waiter_tilt_ramp: [2, 6],
            waiter_melded: 0.5,
            ..HardConfig::default()
        };
        let at = |know: &Knowledge| (config.tilt(know), config.melded(know));
        let discard = super::super::knowledge::OppMove::Discarded(card("KS"), None);
        let mut seen = Vec::new();
        for _ in 0..8 {
            seen.push(at(&know));
            know.opp_moves.push(discard);
        }
        let near = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() + (a.1 - b.1).abs() < 1e-12;
        assert!(
            near(seen[0], (0.0, 0.0)) && near(seen[2], (0.0, 0.0)),
            "{seen:?}"
        );
        assert!(near(seen[4], (0.1, 0.25)), "half way: {seen:?}");
        assert!(
            near(seen[6], (0.2, 0.5)) && near(seen[7], (0.2, 0.5)),
            "{seen:?}"
        );
        // A flat ramp: the tilt is whole from the start.
        let flat = HardConfig {
            waiter_tilt: 0.2,
            waiter_tilt_ramp: [0, 0],
            waiter_melded: 0.0,
            ..HardConfig::default()
        };
        know.opp_moves.clear();
        assert_eq!((flat.tilt(&know), flat.melded(&know)), (0.2, 0.0));
    }
}
