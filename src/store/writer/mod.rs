//! Group commit: one thread stores every accepted action, many actions per transaction.
//!
//! Under load the bot's runtime has thousands of tasks ready to run. A writer whose every
//! statement waits its turn behind them holds SQLite's single write lock for as long as that
//! queue is, so throughput falls exactly when it is needed and latency runs away. This
//! thread has its own connection and a runtime with nothing else on it: each statement's
//! answer is taken up at once, and one COMMIT covers every action that arrived while the
//! previous transaction was being written. Each caller is answered only after its commit.
//! Every other write of the process runs here too, one at a time, so writers queue in order
//! instead of polling in SQLite's busy handler.
//!
//! The writer is infrastructure: it groups the kinds of job [`Jobs`] describes without
//! naming any (the store's `jobs` file does), so the table files write through it and it
//! calls none of them. [`batch`] groups the jobs into transactions, [`savepoint`] keeps a
//! failing job from taking its batch down, [`stage`] writes jobs together and, should that
//! fail, one by one, [`together`] writes the rows a burst brings many of in one go.

mod batch;
#[cfg(test)]
pub(in crate::store) use batch::DELETIONS_WAIT;
mod savepoint;
mod stage;
mod together;

pub(super) use savepoint::Savepoint;
pub(super) use together::{alone, stage_together, Together};

use super::sqlite::checkpoint::{self, Checkpointer};
use super::{postgres, Backend, Source, StoreError};
use sqlx::AnyConnection;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// Writing work on the writer's connection, as [`super::Db::write`] takes it.
pub(crate) type Writing<'c, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'c>>;

/// What a job's answer waits for: the commit of the batch it was written in.
pub(super) type Answer = Box<dyn FnOnce(Result<(), &StoreError>) + Send>;

/// Where a job's result goes once its transaction is committed.
pub(super) type Done<T> = oneshot::Sender<Result<T, StoreError>>;

/// A job's work: its answer, and whether the work itself succeeded.
type Work = Box<
    dyn for<'c> FnOnce(
            &'c mut AnyConnection,
        ) -> Pin<Box<dyn Future<Output = (Answer, bool)> + Send + 'c>>
        + Send,
>;

/// The kinds of job the writer groups besides plain work: what each is and how it is written
/// is the store's business (its `jobs` file), how they share transactions the writer's.
pub(crate) trait Jobs: 'static {
    /// An accepted move: batched with every other one waiting (group commit).
    type Move: Send + 'static;
    /// Something to delete with a later commit (a delivered outbox row); nobody waits for
    /// it.
    type Deletion: Send + 'static;
    /// One of the writes a burst brings many of (see [`Together`]), written with the others
    /// of its kind at the end of its slice.
    type Batched: Send + 'static;
    /// The [`Jobs::Batched`] jobs of a slice, by kind.
    type Held: Default;

    /// Whether `m` is a move and nothing more: the statements of such moves go to the
    /// database together, in one round trip.
    fn plain(m: &Self::Move) -> bool;

    /// Writes the plain `moves` in a transaction of their own, with `deletions` deleted in the
    /// same commit: for each move, whether it was still at its version and is written.
    /// Nothing is kept on an error.
    async fn commit_plain(
        conn: &mut AnyConnection,
        backend: Backend,
        moves: &[&Self::Move],
        deletions: &[Self::Deletion],
    ) -> Result<Vec<bool>, StoreError>;

    /// Writes `moves` inside the caller's transaction: for each, whether it was still at its
    /// version and is written.
    async fn stage(
        conn: &mut AnyConnection,
        backend: Backend,
        moves: &[&Self::Move],
    ) -> Result<Vec<bool>, StoreError>;

    /// Deletes what `deletions` name: in a transaction of its own, or in the caller's.
    async fn delete(
        conn: &mut AnyConnection,
        backend: Backend,
        deletions: &[Self::Deletion],
        own_transaction: bool,
    ) -> Result<(), StoreError>;

    /// Keeps `job` for the end of its slice.
    fn hold(held: &mut Self::Held, job: Self::Batched);

    /// Writes the jobs `held` in the slice's open transaction `tx`, each answer waiting for
    /// the commit (see [`stage_together`]). False if any failed.
    async fn stage_held(
        held: &mut Self::Held,
        tx: &mut AnyConnection,
        answers: &mut Vec<Answer>,
        savepoint: &mut Savepoint,
    ) -> bool;

    /// Writes `job` on its own, in its own transaction, and answers it (see [`alone`]).
    async fn alone(job: Self::Batched, conn: &mut AnyConnection, backend: Backend);
}

enum Job<J: Jobs> {
    /// An accepted move: batched with the others waiting (group commit).
    Move { job: J::Move, done: Done<bool> },
    /// Any other write (a challenge, a match start, a reminder): in the order it came, in
    /// the batch's transaction, inside a savepoint of its own if it opens a transaction.
    Other(Work),
    /// Deleted with a later commit; nobody waits for it.
    Deletion(J::Deletion),
    /// Written with the others of its kind at the end of its slice.
    Batched(J::Batched),
}

/// The writer thread's handle; the thread ends when the last clone is dropped.
#[derive(Clone, Debug)]
pub(crate) struct Writer<J: Jobs> {
    jobs: mpsc::UnboundedSender<Job<J>>,
    /// Closed when the thread ends, whatever ended it (a panic included).
    alive: tokio::sync::watch::Receiver<()>,
    /// SQLite only: checkpoints the WAL while the writer writes; stops with the last clone.
    _checkpointer: Option<Arc<Checkpointer>>,
    /// Transactions committed so far: how well writes are grouped (tests read it).
    #[cfg_attr(not(test), allow(dead_code))]
    commits: Arc<AtomicU64>,
}

impl<J: Jobs> Writer<J> {
    /// Starts the thread and opens its connection.
    pub(crate) async fn start(source: Source) -> Result<Writer<J>, StoreError> {
        let (jobs, queue) = mpsc::unbounded_channel();
        let checkpointer = match &source.sqlite {
            Some(options) => Some(Checkpointer::start(options.clone()).await?),
            None => None,
        };
        let wal = checkpointer.as_ref().map(|c| c.wal.clone());
        let (ready, opened) = oneshot::channel::<Result<(), StoreError>>();
        let (heartbeat, alive) = tokio::sync::watch::channel(());
        let commits = Arc::new(AtomicU64::new(0));
        let counted = commits.clone();
        let backend = source.backend;
        super::on_own_thread("gin-db-writer", move || async move {
            // Dropped as the thread ends, unwinding included: `alive` then says so.
            let _heartbeat = heartbeat;
            let opened = async {
                let mut conn = source.connect().await?;
                if wal.is_some() {
                    sqlx::query(checkpoint::WRITER_SETUP)
                        .execute(&mut conn)
                        .await?;
                }
                if backend == Backend::Postgres {
                    sqlx::query(postgres::batch::WRITER_SETUP)
                        .execute(&mut conn)
                        .await?;
                }
                Ok::<_, StoreError>(conn)
            };
            match opened.await {
                Ok(conn) => {
                    let _ = ready.send(Ok(()));
                    batch::run::<J>(conn, backend, queue, wal, counted).await;
                }
                Err(e) => {
                    let _ = ready.send(Err(e));
                }
            }
        })?;
        opened.await.map_err(|_| stopped())??;
        Ok(Writer {
            alive,
            jobs,
            _checkpointer: checkpointer.map(Arc::new),
            commits,
        })
    }

    /// Stores the move `job` and answers once it is committed (see [`super::Matches::save_action`]).
    pub(crate) async fn save(&self, job: J::Move) -> Result<bool, StoreError> {
        self.queue("move", |done| Job::Move { job, done }).await
    }

    /// Resolves when the writer thread has ended: no write can succeed any more.
    pub(crate) async fn stopped(&self) {
        let mut alive = self.alive.clone();
        while alive.changed().await.is_ok() {}
    }

    /// Queues `deletion`, written with a later commit (see [`Jobs::Deletion`] and `DELETIONS_WAIT`).
    pub(crate) fn delete_later(&self, deletion: J::Deletion) {
        if self.jobs.send(Job::Deletion(deletion)).is_err() {
            tracing::warn!("the writer thread has stopped: a deletion of a delivered row is lost");
        }
    }

    /// Queues the job `job` makes of its answer's sender (see [`Jobs::Batched`]) and answers
    /// once it is committed.
    pub(crate) async fn together<T>(
        &self,
        job: impl FnOnce(Done<T>) -> J::Batched,
    ) -> Result<T, StoreError> {
        self.queue("write", |done| Job::Batched(job(done))).await
    }

    /// The flag asking the writer to restart the WAL (tests set it).
    #[cfg(test)]
    pub(super) fn wal(&self) -> Option<Arc<checkpoint::Wal>> {
        self._checkpointer.as_ref().map(|c| c.wal.clone())
    }

    /// How many transactions the writer has committed.
    #[cfg(test)]
    pub(in crate::store) fn commits(&self) -> u64 {
        self.commits.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Runs `work` on the writer's connection, in its turn.
    pub(crate) async fn run<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut AnyConnection) -> Writing<'c, T> + Send + 'static,
    {
        self.queue("write", |done| {
            Job::Other(Box::new(move |conn| {
                Box::pin(async move {
                    let result = work(conn).await;
                    let ok = result.is_ok();
                    (answer(done, result), ok)
                })
            }))
        })
        .await
    }

    /// Queues the job `job` makes of its answer's sender and waits for the answer, the wait
    /// observed as `op` (see [`crate::metrics::db_time`]).
    async fn queue<T>(
        &self,
        op: &str,
        job: impl FnOnce(Done<T>) -> Job<J>,
    ) -> Result<T, StoreError> {
        let started = std::time::Instant::now();
        let (done, answered) = oneshot::channel();
        self.jobs.send(job(done)).map_err(|_| stopped())?;
        let result = answered.await.map_err(|_| stopped())?;
        crate::metrics::db_time(op, started);
        result
    }
}

fn stopped() -> StoreError {
    StoreError::Thread("the writer thread has stopped".into())
}

/// The answer of a job whose own work gave `result`: sent once its transaction's COMMIT
/// is known.
fn answer<T: Send + 'static>(done: Done<T>, result: Result<T, StoreError>) -> Answer {
    Box::new(move |committed| {
        let _ = done.send(committed.map_err(not_committed).and(result));
    })
}

/// What each job of a batch whose COMMIT failed is answered.
fn not_committed(e: &StoreError) -> StoreError {
    StoreError::Commit(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::Writing;
    use crate::store::fixtures::{db_with_matches, new_match};
    use crate::store::{Backend, Db};

    /// A writer thread that dies (here, a write that panics) is noticed: the bot stops with
    /// a clear line instead of answering errors forever.
    #[tokio::test]
    async fn a_writer_that_dies_is_noticed() {
        let (_dir, db, _) = db_with_matches(0).await;
        let failed = db
            .write(|_| -> Writing<'_, ()> { Box::pin(async { panic!("a write that panics") }) })
            .await;
        assert!(failed.is_err());
        tokio::time::timeout(std::time::Duration::from_secs(10), db.writer_stopped())
            .await
            .expect("the writer's end is noticed");
        assert!(db.matches().create_match(&new_match(0)).await.is_err());
    }

    /// The operator chooses when a commit counts: `full` (the default) syncs it to disk
    /// (SQLite's `synchronous = FULL`, PostgreSQL's `synchronous_commit = on` on the writer's
    /// connection), `normal` hands it to the operating system.
    #[tokio::test]
    async fn the_operator_chooses_how_commits_are_synced() {
        let dir = tempfile::tempdir().unwrap();
        let level = |db: Db| async move {
            let backend = db.backend();
            db.write(move |conn| {
                Box::pin(async move {
                    Ok(match backend {
                        Backend::Sqlite => {
                            let v: i64 = sqlx::query_scalar("PRAGMA synchronous")
                                .fetch_one(&mut *conn)
                                .await?;
                            v.to_string()
                        }
                        Backend::Postgres => {
                            sqlx::query_scalar("SHOW synchronous_commit")
                                .fetch_one(&mut *conn)
                                .await?
                        }
                    })
                })
            })
            .await
            .unwrap()
        };
        let url = crate::store::testing::fresh_database_url(dir.path(), "d")
            .await
            .unwrap();
        let (full, normal) = match Backend::from_url(&url) {
            Some(Backend::Postgres) => ("on", "off"),
            _ => ("2", "1"),
        };
        assert_eq!(level(Db::open(&url).await.unwrap()).await, full, "FULL");
        let lax = Db::open_with(&url, crate::store::Durability::Normal)
            .await
            .unwrap();
        assert_eq!(level(lax).await, normal, "NORMAL");
    }
}
