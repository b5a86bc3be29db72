//! Tournament pairing, pure: who meets whom in each round of a Swiss, a single elimination or a
//! round robin, the results, the standings and the bracket. No clock, no store, no Discord:
//! the event's state is a plain value ([`Tournament`]) that the store keeps as JSON and the
//! presentation draws, so every rule here can be tested exhaustively.
//!
//! Entrants are opaque ids (a player, or a registered team of two) with a rating; their place
//! in [`Tournament::entrants`] is their registration order, the last resort of every tie.
//! Every operation returns a [`TournamentError`] on bad input and then leaves the state as it
//! was; the same state and the same calls always give the same pairings.
//!
//! The stored JSON's field names are part of the format: rename nothing without a migration.
//! A tournament looks like
//! `{"settings":{"format":{"kind":"swiss","rounds":5},"bye_points":100},
//! "entrants":[{"id":17,"rating":1500.0}],"rounds":[{"pairings":[{"kind":"match","first":17,
//! "second":23,"decision":{"winner":23,"margin":87,"finish":"played"}},{"kind":"bye",
//! "entrant":31}]}],"withdrawn":[]}`.

mod error;
mod event;
mod knockout;
mod matching;
mod round_robin;
mod standings;
mod swiss;

#[cfg(test)]
mod tests;

pub use error::TournamentError;
pub use knockout::{bracket_order, Bracket, BracketMatch, Slot};
pub use round_robin::circle;
pub use standings::Standing;

use serde::{Deserialize, Serialize};

/// The fewest entrants an event can have.
pub const MIN_FIELD: usize = 2;
/// The most entrants an event can have (the pairing is timed at it).
pub const MAX_FIELD: usize = 256;
/// The most rounds of a Swiss (and at most one fewer than the field). Real events play
/// about log2 of the field plus a few; far longer ones on large fields make the score-group
/// search slow (see `swiss.rs`) and are round robins in all but name.
pub const MAX_SWISS_ROUNDS: u32 = 30;

/// An entrant: a player's or a registered team's id, opaque here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntrantId(pub u64);

/// One entrant of the field, as registered.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub id: EntrantId,
    /// The rating at the start: it seeds the bracket and orders round 1 (higher is stronger).
    pub rating: f64,
}

/// How the event is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TournamentFormat {
    /// A set number of rounds, each paired by score group.
    Swiss { rounds: u32 },
    /// Single elimination, seeded by rating.
    Knockout,
    /// Everyone meets everyone once.
    RoundRobin,
}

/// The event's fixed numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub format: TournamentFormat,
    /// Net points of a win not played: a bye, or a walkover against a disqualified entrant.
    /// (Such a win always scores as a win; this is what it adds to the net-points tie-break.)
    pub bye_points: u32,
}

/// How a match was decided. Whatever the way, it is a win for one side and a loss for the
/// other: Gin matches have no draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    /// Played to its end.
    Played,
    /// Lost by the idle rules (reminder, then forfeit).
    Forfeit,
    /// The loser was disqualified (or had withdrawn): a walkover.
    Disqualified,
}

/// The result of one match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub winner: EntrantId,
    /// The winner's net points in the match (the loser's are the negative): the tie-break
    /// after Buchholz.
    pub margin: u32,
    pub finish: Finish,
}

/// One table of a round: a match, or a bye (a win without a match).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pairing {
    /// `first` is the better placed (Swiss), the better seed (knockout) or the circle's
    /// upper row (round robin). `decision` is `None` until the match is over.
    Match {
        first: EntrantId,
        second: EntrantId,
        decision: Option<Decision>,
    },
    Bye {
        entrant: EntrantId,
    },
}

impl Pairing {
    /// Whether nothing is left to play at this table.
    pub fn is_decided(&self) -> bool {
        match self {
            Pairing::Match { decision, .. } => decision.is_some(),
            Pairing::Bye { .. } => true,
        }
    }

    /// The entrants at this table.
    pub fn entrants(&self) -> impl Iterator<Item = EntrantId> {
        let (a, b) = match *self {
            Pairing::Match { first, second, .. } => (first, Some(second)),
            Pairing::Bye { entrant } => (entrant, None),
        };
        std::iter::once(a).chain(b)
    }

    /// The winner: of the match once decided, or the bye's entrant.
    pub fn winner(&self) -> Option<EntrantId> {
        match self {
            Pairing::Match { decision, .. } => decision.map(|d| d.winner),
            Pairing::Bye { entrant } => Some(*entrant),
        }
    }
}

/// One round's tables, in table order (the best placed or seeded first; byes last in Swiss).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub pairings: Vec<Pairing>,
}

impl Round {
    /// Whether every match of the round is decided.
    pub fn is_complete(&self) -> bool {
        self.pairings.iter().all(Pairing::is_decided)
    }
}

/// A whole event, as stored. Changed only through its operations (see `event.rs`), which
/// keep it valid; read it through the accessors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    settings: Settings,
    /// In registration order.
    entrants: Vec<Entrant>,
    /// Oldest first; only the last may still have matches to play.
    rounds: Vec<Round>,
    /// Disqualified entrants, in the order it happened: never paired again.
    withdrawn: Vec<EntrantId>,
}

/// The field's indices by seed: highest rating first, then the earlier registration.
fn seed_order(entrants: &[Entrant]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by(|&a, &b| {
        entrants[b]
            .rating
            .total_cmp(&entrants[a].rating)
            .then(a.cmp(&b))
    });
    order
}

impl Tournament {
    /// Whether an entrant was disqualified.
    fn is_withdrawn(&self, id: EntrantId) -> bool {
        self.withdrawn.contains(&id)
    }

    /// A table for two entrants. Against a withdrawn entrant it is decided at once, a
    /// walkover worth a bye (between two withdrawn, `first` takes it, so a bracket still
    /// has a winner to carry on).
    fn meeting(&self, first: EntrantId, second: EntrantId) -> Pairing {
        let walkover = |winner| Decision {
            winner,
            margin: self.settings.bye_points,
            finish: Finish::Disqualified,
        };
        let decision = match (self.is_withdrawn(first), self.is_withdrawn(second)) {
            (false, false) => None,
            (_, true) => Some(walkover(first)),
            (true, false) => Some(walkover(second)),
        };
        Pairing::Match {
            first,
            second,
            decision,
        }
    }
}
