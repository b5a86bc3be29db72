//! The states a stored row can be in, as types. This is the one place that maps each to the
//! text the database keeps, so a typo can never become a new state.

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

/// The game and how many play at one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Gin Rummy, two players.
    Two,
    /// Gin Rummy, three players (the dealer sits out).
    Three,
    /// Basic Rummy with this many players (2 to 6).
    Rummy(u8),
    /// Partnership Gin, four players at two tables (RULES.md section 11a).
    Partnership,
    /// Team Gin with card swap, four players (RULES.md section 11b).
    Team,
}

impl Format {
    /// Every format; the tests read each back and find its ledger family.
    pub const ALL: [Format; 9] = [
        Format::Two,
        Format::Three,
        Format::Rummy(2),
        Format::Rummy(3),
        Format::Rummy(4),
        Format::Rummy(5),
        Format::Rummy(6),
        Format::Partnership,
        Format::Team,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Format::Two => "two",
            Format::Three => "three",
            Format::Rummy(2) => "rummy-2",
            Format::Rummy(3) => "rummy-3",
            Format::Rummy(4) => "rummy-4",
            Format::Rummy(5) => "rummy-5",
            Format::Rummy(_) => "rummy-6",
            Format::Partnership => "partnership",
            Format::Team => "team",
        }
    }

    /// The format stored as `text`: one of [`Format::ALL`], read back by its own text.
    pub fn parse(text: &str) -> Result<Format, UnknownState> {
        Format::ALL
            .into_iter()
            .find(|f| f.as_str() == text)
            .ok_or_else(|| unknown("format", text))
    }

    /// The format of a Gin match with `seats` players.
    pub fn for_seats(seats: u8) -> Format {
        if seats == 3 {
            Format::Three
        } else {
            Format::Two
        }
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
        for f in Format::ALL {
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
