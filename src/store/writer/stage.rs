//! Jobs a slice writes together in its open transaction: all in one write, in a savepoint,
//! and should that fail, each again in a savepoint of its own, so that one bad job fails
//! alone instead of failing the jobs that came with it. Moves ([`super::batch`]) and the
//! writes a burst brings many of ([`super::together`]) are staged so; each kind then answers
//! its jobs from the [`Staged`] outcome in its own way.

use super::savepoint::{in_transaction, Savepoint};
use crate::store::StoreError;
use sqlx::AnyConnection;

/// What became of the jobs [`stage`] wrote.
pub(super) enum Staged<O> {
    /// Written together: each job's result, in order.
    Together(Vec<O>),
    /// The shared write failed with this error and the jobs were not written one by one:
    /// the transaction is gone, or there was one job and [`Lone::Fails`].
    Failed(StoreError),
    /// The shared write failed; each job was then written on its own, with this outcome.
    Each(Vec<Result<O, StoreError>>),
}

/// What becomes of a lone job whose write failed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Lone {
    /// Written once more on its own if the transaction is still there, as each job of a
    /// larger batch is (moves).
    Again,
    /// Answered at once with the error of its write, the transaction not even asked about
    /// (the burst's writes).
    Fails,
}

/// Writes `jobs` with `write` in a [`Savepoint`] inside the open transaction `tx`; should
/// that fail while the transaction is still there, each job again alone in its own (see
/// [`Lone`] for one job). `what` names the jobs in the error of a savepoint refused.
pub(super) async fn stage<T, O>(
    tx: &mut AnyConnection,
    jobs: &[T],
    savepoint: &mut Savepoint,
    what: &str,
    lone: Lone,
    write: impl AsyncFn(&mut AnyConnection, &[T]) -> Result<Vec<O>, StoreError>,
) -> Staged<O> {
    if jobs.is_empty() {
        return Staged::Together(Vec::new());
    }
    let e = match in_savepoint(tx, jobs, savepoint, what, &write).await {
        Ok(outs) => return Staged::Together(outs),
        Err(e) => e,
    };
    if (jobs.len() == 1 && lone == Lone::Fails) || !in_transaction(tx, savepoint.backend).await {
        return Staged::Failed(e);
    }
    let mut each = Vec::with_capacity(jobs.len());
    for job in jobs {
        let written = in_savepoint(tx, std::slice::from_ref(job), savepoint, what, &write).await;
        each.push(written.and_then(only));
    }
    Staged::Each(each)
}

/// `write` in a [`Savepoint`]: nothing of `jobs` is kept if it fails.
async fn in_savepoint<T, O>(
    tx: &mut AnyConnection,
    jobs: &[T],
    savepoint: &mut Savepoint,
    what: &str,
    write: &impl AsyncFn(&mut AnyConnection, &[T]) -> Result<Vec<O>, StoreError>,
) -> Result<Vec<O>, StoreError> {
    if savepoint.enter(tx).await == Some(false) {
        return Err(StoreError::Commit(format!("no savepoint for {what}")));
    }
    let written = write(tx, jobs).await;
    if written.is_err() {
        savepoint.undo(tx).await;
    }
    written
}

/// The one result of a write of one job.
pub(super) fn only<T>(mut outs: Vec<T>) -> Result<T, StoreError> {
    match (outs.pop(), outs.is_empty()) {
        (Some(out), true) => Ok(out),
        _ => Err(StoreError::Commit("not one result for one write".into())),
    }
}
