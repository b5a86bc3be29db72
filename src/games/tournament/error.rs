//! Why an operation on a tournament was refused. The state is unchanged after any of them.

use super::EntrantId;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("a tournament needs 2 to 256 entrants, not {0}")]
    FieldSize(usize),
    #[error("entrant {0:?} is registered twice")]
    DuplicateEntrant(EntrantId),
    #[error("entrant {0:?} has no usable rating")]
    Rating(EntrantId),
    /// A Swiss needs at least one round, at most one fewer than the field (beyond, some pair
    /// would have to meet twice) and at most [`super::MAX_SWISS_ROUNDS`].
    #[error("a Swiss of {field} entrants plays 1 to {max} rounds, not {rounds}")]
    SwissRounds { rounds: u32, field: usize, max: u32 },
    #[error("the current round still has matches to play")]
    RoundInProgress,
    #[error("the tournament is over")]
    Finished,
    #[error("no table {table} in round {round}")]
    NoSuchPairing { round: usize, table: usize },
    /// Only the current round takes results; earlier ones are closed.
    #[error("round {0} is not the current round")]
    NotCurrentRound(usize),
    #[error("that table is a bye: there is no match to decide")]
    NotAMatch,
    #[error("that match is already decided")]
    AlreadyDecided,
    #[error("entrant {0:?} does not play at that table")]
    NotAtTable(EntrantId),
    /// Disqualifications go through [`super::Tournament::disqualify`], which also withdraws.
    #[error("a disqualification is recorded by disqualifying the entrant")]
    DisqualifyInstead,
    #[error("no entrant {0:?} in this tournament")]
    UnknownEntrant(EntrantId),
    #[error("entrant {0:?} is already withdrawn")]
    AlreadyWithdrawn(EntrantId),
}
