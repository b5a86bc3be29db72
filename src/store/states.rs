//! The states a stored row can be in, as types. This is the one place that maps each to the
//! text the database keeps, so a typo can never become a new state.

use crate::engine::{GameKind, Listed};
use std::fmt;

/// The stored text of a state was none of the known ones.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {text:?} in the database")]
pub struct UnknownState {
    what: &'static str,
    text: String,
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Someone reached the target.
    PlayedOut,
    Resigned,
    /// The player to move idled past the forfeit time.
    Forfeited,
    /// A moderator ended it without scoring.
    Cancelled,
}

/// Whether a match is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchState {
    Active,
    Ended(EndReason),
}

impl MatchState {
    pub const fn as_str(self) -> &'static str {
        match self {
            MatchState::Active => "active",
            MatchState::Ended(EndReason::PlayedOut) => "finished",
            MatchState::Ended(EndReason::Resigned) => "resigned",
            MatchState::Ended(EndReason::Forfeited) => "forfeited",
            MatchState::Ended(EndReason::Cancelled) => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Result<MatchState, UnknownState> {
        Ok(match text {
            "active" => MatchState::Active,
            "finished" => MatchState::Ended(EndReason::PlayedOut),
            "resigned" => MatchState::Ended(EndReason::Resigned),
            "forfeited" => MatchState::Ended(EndReason::Forfeited),
            "cancelled" => MatchState::Ended(EndReason::Cancelled),
            _ => return Err(unknown("match state", text)),
        })
    }

    pub const fn is_active(self) -> bool {
        matches!(self, MatchState::Active)
    }
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeState {
    Open,
    Accepted,
    Declined,
    Expired,
    /// Taken back before anyone could answer it (its message could not be posted).
    Withdrawn,
}

impl ChallengeState {
    pub const fn as_str(self) -> &'static str {
        match self {
            ChallengeState::Open => "open",
            ChallengeState::Accepted => "accepted",
            ChallengeState::Declined => "declined",
            ChallengeState::Expired => "expired",
            ChallengeState::Withdrawn => "withdrawn",
        }
    }

    pub fn parse(text: &str) -> Result<ChallengeState, UnknownState> {
        Ok(match text {
            "open" => ChallengeState::Open,
            "accepted" => ChallengeState::Accepted,
            "declined" => ChallengeState::Declined,
            "expired" => ChallengeState::Expired,
            "withdrawn" => ChallengeState::Withdrawn,
            _ => return Err(unknown("challenge state", text)),
        })
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentState {
    /// Players join and leave; it starts at its sign-up deadline or when a moderator says.
    SignUp,
    /// Rounds are paired and played.
    Running,
    Finished,
    /// A moderator called it off: its open matches were cancelled.
    Cancelled,
}

impl TournamentState {
    pub const fn as_str(self) -> &'static str {
        match self {
            TournamentState::SignUp => "signup",
            TournamentState::Running => "running",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Result<TournamentState, UnknownState> {
        Ok(match text {
            "signup" => TournamentState::SignUp,
            "running" => TournamentState::Running,
            "finished" => TournamentState::Finished,
            "cancelled" => TournamentState::Cancelled,
            _ => return Err(unknown("tournament state", text)),
        })
    }

    /// Signed up or running: the channel's one open tournament.
    pub const fn is_open(self) -> bool {
        matches!(self, TournamentState::SignUp | TournamentState::Running)
    }
}

/// The game and how many play at one table: what the ledger files a match under. Each game
/// names its forms ([`Variant::FORMATS`]); the stored text is that name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    game: GameKind,
    players: u8,
}

impl Format {
    /// The format of match `m`: its game, at its number of seats.
    pub fn of<K: Listed>(m: &K) -> Format {
        let format = Format {
            game: K::KIND,
            players: m.seats(),
        };
        debug_assert!(
            format.name().is_some(),
            "a match is of one of its game's forms"
        );
        format
    }

    /// Every format of every game, in the list's order.
    pub fn all() -> impl Iterator<Item = Format> {
        GameKind::ALL.iter().flat_map(|&game| {
            game.formats()
                .iter()
                .map(move |&(players, _)| Format { game, players })
        })
    }

    pub fn game(self) -> GameKind {
        self.game
    }

    fn name(self) -> Option<&'static str> {
        let forms = self.game.formats().iter();
        forms
            .filter(|(n, _)| *n == self.players)
            .map(|(_, name)| *name)
            .next()
    }

    pub fn as_str(self) -> &'static str {
        self.name().unwrap_or("unknown")
    }

    /// The format stored as `text`: one of [`Format::all`], read back by its own text.
    pub fn parse(text: &str) -> Result<Format, UnknownState> {
        Format::all()
            .find(|f| f.as_str() == text)
            .ok_or_else(|| unknown("format", text))
    }
}

/// How a deal ended, as the score sheet records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandKind {
    Knock,
    Gin,
    Undercut,
    /// Nobody knocked before the stock ran down (Rummy: the stock ran out too often).
    Dead,
    /// Rummy: a player went out.
    Out,
    /// Rummy: a player went out in one turn (hand rummy).
    HandRummy,
}

impl HandKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            HandKind::Knock => "knock",
            HandKind::Gin => "gin",
            HandKind::Undercut => "undercut",
            HandKind::Dead => "dead",
            HandKind::Out => "out",
            HandKind::HandRummy => "hand_rummy",
        }
    }

    pub fn parse(text: &str) -> Result<HandKind, UnknownState> {
        Ok(match text {
            "knock" => HandKind::Knock,
            "gin" => HandKind::Gin,
            "undercut" => HandKind::Undercut,
            "dead" => HandKind::Dead,
            "out" => HandKind::Out,
            "hand_rummy" => HandKind::HandRummy,
            _ => return Err(unknown("hand kind", text)),
        })
    }
}

impl TryFrom<String> for HandKind {
    type Error = UnknownState;
    fn try_from(text: String) -> Result<HandKind, UnknownState> {
        HandKind::parse(&text)
    }
}

macro_rules! display_as_stored {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    )*};
}
display_as_stored!(
    MatchState,
    ChallengeState,
    TournamentState,
    Format,
    HandKind
);

fn unknown(what: &'static str, text: &str) -> UnknownState {
    UnknownState {
        what,
        text: text.to_string(),
    }
}

/// Where a match is played, as stored with it (rows from before places: [`PlaceKind::Server`]).
/// The domain reads it back into `games::Place`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlaceKind {
    #[default]
    Server,
    ServerWithoutBot,
    BotDm,
    Dm,
    GroupDm,
}

impl PlaceKind {
    /// Its stored number.
    pub fn code(self) -> i64 {
        match self {
            PlaceKind::Server => 0,
            PlaceKind::ServerWithoutBot => 1,
            PlaceKind::BotDm => 2,
            PlaceKind::Dm => 3,
            PlaceKind::GroupDm => 4,
        }
    }

    /// The kind of a stored number; `None` for a number no version wrote.
    pub fn from_code(code: i64) -> Option<PlaceKind> {
        Some(match code {
            0 => PlaceKind::Server,
            1 => PlaceKind::ServerWithoutBot,
            2 => PlaceKind::BotDm,
            3 => PlaceKind::Dm,
            4 => PlaceKind::GroupDm,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_reads_back_as_itself() {
        let matches = [
            MatchState::Active,
            MatchState::Ended(EndReason::PlayedOut),
            MatchState::Ended(EndReason::Resigned),
            MatchState::Ended(EndReason::Forfeited),
            MatchState::Ended(EndReason::Cancelled),
        ];
        for s in matches {
            assert_eq!(MatchState::parse(s.as_str()), Ok(s));
        }
        for s in [
            ChallengeState::Open,
            ChallengeState::Accepted,
            ChallengeState::Declined,
            ChallengeState::Expired,
        ] {
            assert_eq!(ChallengeState::parse(s.as_str()), Ok(s));
        }
        let texts: Vec<&str> = Format::all().map(Format::as_str).collect();
        assert_eq!(
            texts[..9],
            [
                "two",
                "three",
                "rummy-2",
                "rummy-3",
                "rummy-4",
                "rummy-5",
                "rummy-6",
                "partnership",
                "team"
            ],
            "stored texts never change (a new game's come after these)"
        );
        for f in Format::all() {
            assert_eq!(Format::parse(f.as_str()), Ok(f));
        }
        assert!(Format::parse("rummy-7").is_err() && Format::parse("rummy-").is_err());
        for k in [
            HandKind::Knock,
            HandKind::Gin,
            HandKind::Undercut,
            HandKind::Dead,
            HandKind::Out,
            HandKind::HandRummy,
        ] {
            assert_eq!(HandKind::parse(k.as_str()), Ok(k));
        }
        assert!(MatchState::parse("Active").is_err());
    }
}
