//! The game a match plays: Gin Rummy (two or three players), the four-player Partnership Gin
//! and Team Gin (RULES.md section 11) or Basic Rummy (two to six). The
//! rest of the service handles matches through this one shape (whose turn, which deal, what an
//! event does, how it is stored), so a new game is a new variant, not a new play path.

use super::Format;
use crate::engine::rummy::{RummyAction, RummyEvent, RummyMatch, RummyMatchError};
use crate::engine::team_match::{TeamMatchError, TeamMatchEvent};
use crate::engine::{
    Action, Match, MatchError, MatchEvent, PartnershipEvent, PartnershipMatch, Seat, TeamAction,
    TeamMatch,
};
use crate::store::StoreError;

/// A match's engine state. One per match in memory, moved only when it changes: the size
/// difference of the variants costs less than a box around the common one.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    Gin(Match),
    Rummy(RummyMatch),
    /// Two two-player tables per deal, scored for the teams (RULES.md section 11a).
    Partnership(PartnershipMatch),
    /// Four at one table, partners swapping cards (RULES.md section 11b).
    Team(TeamMatch),
}

/// A move of any game. Gin's moves are also Partnership's and, at Team Gin, the moves a
/// Team Gin turn shares with Gin; `Team` is the swap and its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Gin(Action),
    Rummy(RummyAction),
    Team(TeamAction),
}

impl Play {
    /// The kind of move, for log lines: never its card. A swap's card, a hint's move and the
    /// cards a player draws are hidden from others, and whoever reads the operator's logs may
    /// play too, so logs name no card at all.
    pub fn kind(&self) -> &'static str {
        match self {
            Play::Gin(a) | Play::Team(TeamAction::Play(a)) => match a {
                Action::TakeUpcard => "take_upcard",
                Action::Pass => "pass",
                Action::DrawStock => "draw_stock",
                Action::DrawDiscard => "draw_discard",
                Action::Discard(_) => "discard",
                Action::Knock(_) => "knock",
            },
            Play::Team(TeamAction::Swap(_)) => "swap",
            Play::Team(TeamAction::Return(_)) => "return",
            Play::Rummy(a) => match a {
                RummyAction::DrawStock => "draw_stock",
                RummyAction::DrawDiscard => "draw_discard",
                RummyAction::Meld { .. } => "meld",
                RummyAction::LayOff { .. } => "lay_off",
                RummyAction::Discard { .. } => "discard",
            },
        }
    }
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
    #[error(transparent)]
    Team(#[from] TeamMatchError),
    /// A move of the other game (a forged button).
    #[error("that move belongs to another game")]
    WrongGame,
}

impl GameError {
    /// The match is over (any game).
    pub fn is_match_over(&self) -> bool {
        matches!(
            self,
            GameError::Gin(MatchError::MatchOver)
                | GameError::Rummy(RummyMatchError::MatchOver)
                | GameError::Team(TeamMatchError::MatchOver)
        )
    }
}

impl Game {
    /// The stored state of a match of `format`.
    pub fn from_json(format: Format, json: &str) -> Result<Game, serde_json::Error> {
        Ok(match format {
            Format::Rummy(_) => Game::Rummy(serde_json::from_str(json)?),
            Format::Two | Format::Three => Game::Gin(serde_json::from_str(json)?),
            Format::Partnership => Game::Partnership(serde_json::from_str(json)?),
            Format::Team => Game::Team(serde_json::from_str(json)?),
        })
    }

    pub fn to_json(&self) -> String {
        match self {
            Game::Gin(m) => serde_json::to_string(m),
            Game::Rummy(m) => serde_json::to_string(m),
            Game::Partnership(m) => serde_json::to_string(m),
            Game::Team(m) => serde_json::to_string(m),
        }
        .expect("states serialize")
    }

    /// The ledger's format of this match.
    pub fn format(&self) -> Format {
        match self {
            Game::Gin(m) => Format::for_seats(m.seats),
            Game::Rummy(m) => Format::Rummy(m.players),
            Game::Partnership(_) => Format::Partnership,
            Game::Team(_) => Format::Team,
        }
    }

    /// Whether two teams play (seats 0 and 2 against 1 and 3).
    pub fn is_teams(&self) -> bool {
        matches!(self, Game::Partnership(_) | Game::Team(_))
    }

    /// The seat the match's turn clock waits for: reminders and forfeits concern it. At
    /// Partnership Gin, where both tables play at once, the one that has waited longer.
    pub fn to_act(&self) -> Option<Seat> {
        match self {
            Game::Gin(m) => m.to_act(),
            Game::Rummy(m) => m.to_act(),
            Game::Partnership(m) => m.clock_seat(),
            Game::Team(m) => m.to_act(),
        }
    }

    /// The seat whose turn the idle clock times. At Team Gin the mover's, also while the
    /// partner answers a swap (RULES.md section 11b: the partner's idle time counts as the
    /// mover's turn), so a swap does not restart the clock.
    pub fn turn_clock(&self) -> Option<Seat> {
        match self {
            Game::Team(m) if !m.is_over() => m.hand.turn_of(),
            other => other.to_act(),
        }
    }

    /// Every seat that may move now (two at Partnership Gin, else at most one).
    pub fn seats_to_act(&self) -> Vec<Seat> {
        match self {
            Game::Partnership(m) => m.seats_to_act(),
            other => other.to_act().into_iter().collect(),
        }
    }

    /// The version a button of `seat`'s hand message is drawn for. The match's own version,
    /// but at Partnership Gin a mark of the seat's table: a move at the other table leaves
    /// the button good.
    pub fn press_version(&self, seat: Seat, version: i64) -> i64 {
        match self {
            Game::Partnership(m) => m.table_step(seat),
            _ => version,
        }
    }

    /// The deal being played (0-based).
    pub fn deal_no(&self) -> u32 {
        match self {
            Game::Gin(m) => m.deal_no,
            Game::Rummy(m) => m.deal_no,
            Game::Partnership(m) => m.deal_no,
            Game::Team(m) => m.deal_no,
        }
    }

    /// How many deals are finished.
    pub fn deals_done(&self) -> usize {
        match self {
            Game::Gin(m) => m.history.len(),
            Game::Rummy(m) => m.history.len(),
            Game::Partnership(m) => m.history.len(),
            Game::Team(m) => m.history.len(),
        }
    }

    /// Whether the match ended with a settlement (by play, resignation or forfeit).
    pub fn is_settled(&self) -> bool {
        match self {
            Game::Gin(m) => m.settlement().is_some(),
            Game::Rummy(m) => m.settlement().is_some(),
            Game::Partnership(m) => m.settlement().is_some(),
            Game::Team(m) => m.settlement().is_some(),
        }
    }

    pub fn seed(&self) -> &crate::engine::Seed {
        match self {
            Game::Gin(m) => &m.seed,
            Game::Rummy(m) => &m.seed,
            Game::Partnership(m) => &m.seed,
            Game::Team(m) => &m.seed,
        }
    }

    /// Applies `event`; on a refusal nothing changed.
    pub fn apply(&mut self, event: Event) -> Result<(), GameError> {
        match self {
            Game::Gin(m) => Ok(m.apply_event(gin_event(event)?)?),
            Game::Rummy(m) => Ok(m.apply_event(rummy_event(event)?)?),
            Game::Partnership(m) => Ok(m.apply_event(partnership_event(event)?)?),
            Game::Team(m) => Ok(m.apply_event(team_event(event)?)?),
        }
    }

    /// Drops the in-memory log (the actions table keeps it).
    pub fn clear_log(&mut self) {
        match self {
            Game::Gin(m) => m.clear_log(),
            Game::Rummy(m) => m.clear_log(),
            Game::Partnership(m) => m.clear_log(),
            Game::Team(m) => m.clear_log(),
        }
    }

    /// `event` as this game's log stores it (the engine's own event, for replays).
    pub fn event_json(&self, event: Event) -> String {
        match self {
            Game::Gin(_) => gin_event(event).map(|e| serde_json::to_string(&e)),
            Game::Rummy(_) => rummy_event(event).map(|e| serde_json::to_string(&e)),
            Game::Partnership(_) => partnership_event(event).map(|e| serde_json::to_string(&e)),
            Game::Team(_) => team_event(event).map(|e| serde_json::to_string(&e)),
        }
        .expect("an applied event belongs to its game")
        .expect("events serialize")
    }

    pub fn as_gin(&self) -> Option<&Match> {
        match self {
            Game::Gin(m) => Some(m),
            _ => None,
        }
    }
}

fn partnership_event(event: Event) -> Result<PartnershipEvent, GameError> {
    Ok(match event {
        Event::Play {
            seat,
            play: Play::Gin(action),
        } => PartnershipEvent::Play { seat, action },
        Event::Play { .. } => return Err(GameError::WrongGame),
        Event::Resign { seat } => PartnershipEvent::Resign { seat },
        Event::Cancel => PartnershipEvent::Cancel,
    })
}

/// Team Gin takes Gin's moves as the turn's shared ones, and its own swap and answer.
fn team_event(event: Event) -> Result<TeamMatchEvent, GameError> {
    Ok(match event {
        Event::Play { seat, play } => TeamMatchEvent::Play {
            seat,
            action: match play {
                Play::Gin(action) => TeamAction::Play(action),
                Play::Team(action) => action,
                Play::Rummy(_) => return Err(GameError::WrongGame),
            },
        },
        Event::Resign { seat } => TeamMatchEvent::Resign { seat },
        Event::Cancel => TeamMatchEvent::Cancel,
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    /// A swap hands the move to the partner but not the turn: the idle clock runs on.
    #[test]
    fn a_swap_moves_the_actor_not_the_turn_clock() {
        let mut g = Game::Team(TeamMatch::new(Rules::default(), [3; 32]));
        let seat = g.to_act().unwrap();
        let take = Event::Play {
            seat,
            play: Play::Gin(Action::TakeUpcard),
        };
        g.apply(take).unwrap();
        let Game::Team(m) = &g else { unreachable!() };
        let give = m.hand.hands[usize::from(seat)]
            .iter()
            .find(|&c| c != m.hand.upcard)
            .unwrap();
        g.apply(Event::Play {
            seat,
            play: Play::Team(TeamAction::Swap(give)),
        })
        .unwrap();
        assert_eq!(g.to_act(), Some(crate::engine::team::partner_of(seat)));
        assert_eq!(g.turn_clock(), Some(seat));
    }
}
