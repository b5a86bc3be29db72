//! The writes a burst brings many of at once, each a row of its own that no other job of
//! the burst reads or writes: the writer stores those of a slice together at its end, in one
//! statement on PostgreSQL, rather than in a statement and a savepoint each (two round trips
//! every other job of the burst queues behind).

use super::savepoint::{in_transaction, Savepoint};
use super::{not_committed, Answer, Done};
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

/// Writes the [`Together`] jobs of a slice in the open transaction `tx`, each answer waiting
/// for the commit. Should their shared write fail, each is written alone in its savepoint
/// and answered with its own outcome: one refused acceptance (the player started another
/// match meanwhile) must not fail the burst around it. False if any failed.
pub(in crate::store) async fn stage_together<J: Together>(
    tx: &mut AnyConnection,
    noted: &mut Vec<(J, Done<J::Out>)>,
    answers: &mut Vec<Answer>,
    savepoint: &mut Savepoint,
) -> bool {
    if noted.is_empty() {
        return true;
    }
    let (all, dones): (Vec<J>, Vec<Done<J::Out>>) = noted.drain(..).unzip();
    let outs: Vec<Result<J::Out, StoreError>> = match together_in_savepoint(tx, &all, savepoint)
        .await
    {
        Ok(outs) => outs.into_iter().map(Ok).collect(),
        Err(e) if all.len() == 1 || !in_transaction(tx, savepoint.backend).await => {
            let shared = e.to_string();
            std::iter::once(Err(e))
                .chain((1..all.len()).map(|_| Err(StoreError::Commit(shared.clone()))))
                .collect()
        }
        Err(_) => {
            let mut each = Vec::with_capacity(all.len());
            for job in &all {
                let written = together_in_savepoint(tx, std::slice::from_ref(job), savepoint).await;
                each.push(written.and_then(only));
            }
            each
        }
    };
    let ok = outs.iter().all(Result::is_ok);
    for (done, out) in dones.into_iter().zip(outs) {
        answers.push(Box::new(move |committed| {
            let _ = done.send(committed.map_err(not_committed).and(out));
        }));
    }
    ok
}

/// [`Together::write_all`] in a [`Savepoint`]: nothing of `all` is kept if it fails.
async fn together_in_savepoint<J: Together>(
    tx: &mut AnyConnection,
    all: &[J],
    savepoint: &mut Savepoint,
) -> Result<Vec<J::Out>, StoreError> {
    if savepoint.enter(tx).await == Some(false) {
        return Err(StoreError::Commit(
            "no savepoint for a batch of writes".into(),
        ));
    }
    let written = J::write_all(tx, savepoint.backend, all).await;
    if written.is_err() {
        savepoint.undo(tx).await;
    }
    written
}

/// The one result of a [`Together::write_all`] of one job.
fn only<T>(mut outs: Vec<T>) -> Result<T, StoreError> {
    match (outs.pop(), outs.is_empty()) {
        (Some(out), true) => Ok(out),
        _ => Err(StoreError::Commit("not one result for one write".into())),
    }
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
