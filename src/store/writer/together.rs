//! The writes a burst brings many of at once, each a row of its own that no other job of
//! the burst reads or writes: the writer stores those of a slice together at its end, in one
//! statement on PostgreSQL, rather than in a statement and a savepoint each (two round trips
//! every other job of the burst queues behind).

use super::savepoint::Savepoint;
use super::stage::{only, stage, Lone, Staged};
use super::{answer, Answer, Done};
use crate::store::{Backend, StoreError};
use sqlx::AnyConnection;

/// A kind of write the writer stores together with the others of its slice.
pub(in crate::store) trait Together: Sized {
    /// What the caller gets back for each.
    type Out: Send + 'static;

    /// Writes `all` in the caller's transaction: their results, in order.
    async fn write_all(
        conn: &mut AnyConnection,
        backend: Backend,
        all: &[Self],
    ) -> Result<Vec<Self::Out>, StoreError>;
}

/// Writes the [`Together`] jobs of a slice in the open transaction `tx` (see [`stage`]),
/// each answer waiting for the commit. Should their shared write fail, each is written
/// alone in its savepoint and answered with its own outcome: one refused acceptance (the
/// player started another match meanwhile) must not fail the burst around it. False if any
/// failed.
pub(in crate::store) async fn stage_together<J: Together>(
    tx: &mut AnyConnection,
    held: &mut Vec<(J, Done<J::Out>)>,
    answers: &mut Vec<Answer>,
    savepoint: &mut Savepoint,
) -> bool {
    let backend = savepoint.backend;
    let (all, dones): (Vec<J>, Vec<Done<J::Out>>) = held.drain(..).unzip();
    let write = async |tx: &mut AnyConnection, all: &[J]| J::write_all(tx, backend, all).await;
    let outs: Vec<Result<J::Out, StoreError>> =
        match stage(tx, &all, savepoint, "a batch of writes", Lone::Fails, write).await {
            Staged::Together(outs) => outs.into_iter().map(Ok).collect(),
            Staged::Failed(e) => {
                let shared = e.to_string();
                std::iter::once(Err(e))
                    .chain((1..all.len()).map(|_| Err(StoreError::Commit(shared.clone()))))
                    .collect()
            }
            Staged::Each(each) => each,
        };
    let ok = outs.iter().all(Result::is_ok);
    for (done, out) in dones.into_iter().zip(outs) {
        answers.push(answer(done, out));
    }
    ok
}

/// A [`Together`] job written on its own, in its own transaction.
pub(in crate::store) async fn alone<J: Together>(
    conn: &mut AnyConnection,
    backend: Backend,
    job: J,
    done: Done<J::Out>,
) {
    let written = J::write_all(conn, backend, std::slice::from_ref(&job)).await;
    let _ = done.send(written.and_then(only));
}
