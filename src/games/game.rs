//! The game a match plays: Gin Rummy (two or three players) or Basic Rummy (two to six). The
//! rest of the service handles matches through this one shape (whose turn, which deal, what an
//! event does, how it is stored), so a new game is a new variant, not a new play path.

use super::Format;
use crate::engine::rummy::{RummyAction, RummyEvent, RummyMatch, RummyMatchError};
use crate::engine::{Action, Match, MatchError, MatchEvent, Seat};
use crate::store::StoreError;

/// A match's engine state. One per match in memory, moved only when it changes: the size
/// difference of the variants costs less than a box around the common one.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    Gin(Match),
    Rummy(RummyMatch),
}

/// A move of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Gin(Action),
    Rummy(RummyAction),
}

/// What happens to a match: a seat's move, a resignation (or forfeit), a moderator's cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Play { seat: Seat, play: Play },
    Resign { seat: Seat },
    Cancel,
}

/// Why the engine refused an event; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Gin(#[from] MatchError),
    #[error(transparent)]
    Rummy(#[from] RummyMatchError),
    /// A move of the other game (a forged button).
    #[error("that move belongs to another game")]
    WrongGame,
}

impl GameError {
    /// The match is over (any game).
    pub fn is_match_over(&self) -> bool {
        matches!(
            self,
            GameError::Gin(MatchError::MatchOver) | GameError::Rummy(RummyMatchError::MatchOver)
        )
    }
}

impl Game {
    /// The stored state of a match of `format`.
    pub fn from_json(format: Format, json: &str) -> Result<Game, serde_json::Error> {
        Ok(match format {
            Format::Rummy(_) => Game::Rummy(serde_json::from_str(json)?),
            Format::Two | Format::Three => Game::Gin(serde_json::from_str(json)?),
        })
    }

    pub fn to_json(&self) -> String {
        match self {
            Game::Gin(m) => serde_json::to_string(m),
            Game::Rummy(m) => serde_json::to_string(m),
        }
        .expect("states serialize")
    }

    /// The ledger's format of this match.
    pub fn format(&self) -> Format {
        match self {
            Game::Gin(m) => Format::for_seats(m.seats),
            Game::Rummy(m) => Format::Rummy(m.players),
        }
    }

    pub fn to_act(&self) -> Option<Seat> {
        match self {
            Game::Gin(m) => m.to_act(),
            Game::Rummy(m) => m.to_act(),
        }
    }

    /// The deal being played (0-based).
    pub fn deal_no(&self) -> u32 {
        match self {
            Game::Gin(m) => m.deal_no,
            Game::Rummy(m) => m.deal_no,
        }
    }

    /// How many deals are finished.
    pub fn deals_done(&self) -> usize {
        match self {
            Game::Gin(m) => m.history.len(),
            Game::Rummy(m) => m.history.len(),
        }
    }

    /// Whether the match ended with a settlement (by play, resignation or forfeit).
    pub fn is_settled(&self) -> bool {
        match self {
            Game::Gin(m) => m.settlement().is_some(),
            Game::Rummy(m) => m.settlement().is_some(),
        }
    }

    pub fn seed(&self) -> &crate::engine::Seed {
        match self {
            Game::Gin(m) => &m.seed,
            Game::Rummy(m) => &m.seed,
        }
    }

    /// Applies `event`; on a refusal nothing changed.
    pub fn apply(&mut self, event: Event) -> Result<(), GameError> {
        match self {
            Game::Gin(m) => Ok(m.apply_event(gin_event(event)?)?),
            Game::Rummy(m) => Ok(m.apply_event(rummy_event(event)?)?),
        }
    }

    /// Drops the in-memory log (the actions table keeps it).
    pub fn clear_log(&mut self) {
        match self {
            Game::Gin(m) => m.clear_log(),
            Game::Rummy(m) => m.clear_log(),
        }
    }

    /// `event` as this game's log stores it (the engine's own event, for replays).
    pub fn event_json(&self, event: Event) -> String {
        match self {
            Game::Gin(_) => gin_event(event).map(|e| serde_json::to_string(&e)),
            Game::Rummy(_) => rummy_event(event).map(|e| serde_json::to_string(&e)),
        }
        .expect("an applied event belongs to its game")
        .expect("events serialize")
    }

    pub fn as_gin(&self) -> Option<&Match> {
        match self {
            Game::Gin(m) => Some(m),
            Game::Rummy(_) => None,
        }
    }
}

fn gin_event(event: Event) -> Result<MatchEvent, GameError> {
    Ok(match event {
        Event::Play {
            seat,
            play: Play::Gin(action),
        } => MatchEvent::Play { seat, action },
        Event::Play { .. } => return Err(GameError::WrongGame),
        Event::Resign { seat } => MatchEvent::Resign { seat },
        Event::Cancel => MatchEvent::Cancel,
    })
}

fn rummy_event(event: Event) -> Result<RummyEvent, GameError> {
    Ok(match event {
        Event::Play {
            seat,
            play: Play::Rummy(action),
        } => RummyEvent::Play { seat, action },
        Event::Play { .. } => return Err(GameError::WrongGame),
        Event::Resign { seat } => RummyEvent::Resign { seat },
        Event::Cancel => RummyEvent::Cancel,
    })
}

/// A stored state that does not read back.
pub(crate) fn corrupt(match_id: i64, e: serde_json::Error) -> StoreError {
    StoreError::Corrupt(format!("match {match_id}: {e}"))
}
