//! Computer players: `simple`, `medium` and `hard`, pure and deterministic.
//!
//! A player is a function of its strategy, a 32-byte seed and a [`PlayerView`], and of nothing
//! else. It is never handed the hand state, so it cannot read the opponent's cards or the stock
//! order however it is written, and a bot restarted in the middle of a hand rebuilds the same
//! view and makes the same move. The randomness of one decision comes from ChaCha20 seeded with
//! SHA-256 over the seed, the seat, the deal number and the number of actions so far.
//!
//! - [`Level::Simple`]: the EAAI 2021 competition's simple player, faithfully (`simple.rs`).
//! - [`Level::Medium`]: greedy deadwood and draw potential, no look-ahead (`medium.rs`).
//! - [`Level::Hard`]: Monte Carlo over the opponent's possible hands, every candidate move
//!   played out to the end of the hand (`hard.rs`, `rollout.rs`, `knowledge.rs`).
//!
//! The coach ([`coach::hint`]) tells a learner the hard player's move for their own view.
//!
//! The arena also plays two strategies that are no level: `baseline` (`baseline.rs`) and
//! `marjj` (`marjj/`), the EAAI 2021 winner as published, for hard to meet head to head, and
//! `mc:N` (`mc.rs`), a determinized Monte Carlo player.

mod baseline;
pub mod coach;
mod eval;
mod hard;
mod knowledge;
mod marjj;
mod mc;
mod medium;
#[cfg(test)]
mod probe;
mod rollout;
mod simple;
pub mod team;

pub use hard::HardConfig;
pub use knowledge::WaiterEvidence;

use super::hand::Action;
use super::team::team_of;
use super::view::{PlayerView, TableView};
use knowledge::Knowledge;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

/// How strongly a computer player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// The weakest level.
    Simple,
    /// The middle level.
    Medium,
    /// The strongest level.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Simple, Level::Medium, Level::Hard];

    /// The level's name, as typed in commands and stored.
    pub fn name(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The strategy this level plays, with its standard tuning.
    pub fn strategy(self) -> Strategy {
        match self {
            Level::Simple => Strategy::Simple,
            Level::Medium => Strategy::Medium,
            Level::Hard => Strategy::Hard(HardConfig::default()),
        }
    }
}

/// A level name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown AI level `{0}`: choose simple, medium or hard")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level together with its tuning: what [`decide_with`] plays. Tests and the arena use it to
/// run `hard` with fewer samples; everything else goes through [`decide`].
#[derive(Clone, Debug, PartialEq)]
pub enum Strategy {
    /// The simple level's play.
    Simple,
    /// The medium level's play.
    Medium,
    /// The hard level's play, with this tuning.
    Hard(HardConfig),
    /// The arena's second yardstick (see `baseline.rs`); no player level.
    Baseline,
    /// The arena's rendering of MARJJ, the EAAI-2021 competition's winner, from its published
    /// description (see `marjj/`); no player level.
    Marjj,
    /// The arena's determinized Monte Carlo player over this many worlds (see `mc.rs`); no
    /// player level.
    MonteCarlo(usize),
}

/// The move of the player whose view this is, at `level`.
///
/// A pure function of its three arguments: the same seed and view always give the same action.
/// The action is always one of `view.legal_actions`; a view that offers none (not this seat's
/// turn, or a seat sitting the hand out) gets `Action::Pass`, which the engine then refuses.
pub fn decide(level: Level, seed: &[u8; 32], view: &PlayerView) -> Action {
    decide_with(&level.strategy(), seed, view)
}

/// The move of a Partnership Gin seat at `level`, knowing the public view of the other table
/// of the deal (`other`, see `PartnershipMatch::table_view`). Once that table has ended, the
/// hard player weighs its result with this table's, as the deal scores them together: near
/// the target, a knock that would lose the deal's points or miss the match is judged so.
/// The other levels play as [`decide`].
pub fn decide_partnership(
    level: Level,
    seed: &[u8; 32],
    view: &PlayerView,
    other: &TableView,
) -> Action {
    let made = other
        .end
        .as_ref()
        .and_then(|end| end.winner(other.players))
        .map_or(0, |(seat, score)| {
            let points = i64::from(score.points);
            if team_of(seat) == team_of(view.seat) {
                points
            } else {
                -points
            }
        });
    let strategy = match level {
        Level::Hard => Strategy::Hard(HardConfig::partnership()),
        other => other.strategy(),
    };
    play(&strategy, seed, view, made)
}

/// [`decide`] with an explicit strategy and tuning.
pub fn decide_with(strategy: &Strategy, seed: &[u8; 32], view: &PlayerView) -> Action {
    play(strategy, seed, view, 0)
}

/// [`decide_with`], with the points `other_table` ME's team made at a Partnership deal's
/// other table that has ended (0 elsewhere).
fn play(strategy: &Strategy, seed: &[u8; 32], view: &PlayerView, other_table: i64) -> Action {
    let legal = &view.legal_actions;
    let Some(&first) = legal.first() else {
        return Action::Pass;
    };
    // A forced move needs no thought (and costs the hard player no time).
    if legal.len() == 1 {
        return first;
    }
    let Some(know) = Knowledge::from_view(view) else {
        return first;
    };
    let mut rng = decision_rng(seed, view);
    let chosen = match strategy {
        Strategy::Simple => simple::decide(&know, view, &mut rng),
        Strategy::Medium => medium::decide(&know, view, &mut rng),
        Strategy::Hard(config) => hard::decide(config, &know, view, other_table, &mut rng),
        Strategy::Baseline => baseline::decide(&know, view),
        Strategy::Marjj => marjj::decide(&know, view, &mut rng),
        Strategy::MonteCarlo(samples) => mc::decide(*samples, &know, view, &mut rng),
    };
    // The strategies only ever pick from the legal list; this keeps that a guarantee.
    if legal.contains(&chosen) {
        chosen
    } else {
        first
    }
}

/// The generator of one decision. The deal number and the length of the action log tell
/// decisions apart, so no state has to be kept between them.
fn decision_rng(seed: &[u8; 32], view: &PlayerView) -> ChaCha20Rng {
    let mut h = Sha256::new();
    h.update(b"gin/ai-decision/v1");
    h.update(seed);
    h.update([view.seat]);
    h.update(view.table.deal_no.to_le_bytes());
    h.update((view.table.actions.len() as u64).to_le_bytes());
    ChaCha20Rng::from_seed(h.finalize().into())
}

/// The randomness the players draw on. Our own small trait, so that decisions can use ChaCha20
/// and the hard player's many playouts a generator that costs a few nanoseconds.
trait Random {
    fn bits(&mut self) -> u64;

    /// Uniform in `0..n` for `n > 0` (multiply-shift: the bias is below 2^-58 for our sizes).
    fn below(&mut self, n: usize) -> usize {
        ((self.bits() as u128 * n as u128) >> 64) as usize
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.bits() >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl Random for ChaCha20Rng {
    fn bits(&mut self) -> u64 {
        rand_core::Rng::next_u64(self)
    }
}

/// SplitMix64: statistically sound for tie-breaks and shuffles, and nearly free.
#[derive(Clone, Debug)]
struct SplitMix(u64);

impl Random for SplitMix {
    fn bits(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Phase;
    use crate::{PartnershipMatch, Rules};

    /// A Partnership match played out through [`decide_partnership`]: `simple` at every seat,
    /// and `hard` asked (and obeyed) at a few knocks made once the other table had ended.
    #[test]
    fn partnership_seats_play_legal_moves_reading_the_other_table() {
        let mut m = PartnershipMatch::new(Rules::default(), [9; 32]);
        let mut hard_asked = 0;
        while let Some(&seat) = m.seats_to_act().first() {
            let view = m.view_for(seat);
            let other = m.table_view(1 - m.table_of(seat).unwrap());
            let knock = view
                .legal_actions
                .iter()
                .any(|a| matches!(a, Action::Knock(_)));
            let level = if other.end.is_some()
                && knock
                && matches!(view.table.phase, Phase::Discard { .. })
                && hard_asked < 3
            {
                hard_asked += 1;
                Level::Hard
            } else {
                Level::Simple
            };
            let action = decide_partnership(level, &[seat; 32], &view, &other);
            assert!(view.legal_actions.contains(&action));
            m.apply(seat, action).unwrap();
        }
        assert!(m.settlement().is_some());
        assert!(hard_asked > 0);
    }
}
