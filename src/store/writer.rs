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

use super::matches::{commit_states, store_action, store_states};
use super::outbox::delete_delivered;
use super::postgres;
use super::rows::{Accept, Acceptance, Delivered, MessageId, NewChallenge, SavedAction};
use super::sqlite::checkpoint::{self, Checkpointer};
use super::{Backend, Source, StoreError};
use sqlx::{AnyConnection, Connection, Executor};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// At most this many jobs taken at once: bounds how long one transaction holds the lock.
const MAX_BATCH: usize = 128;

/// A transaction of a batch with other writes than moves is committed once it has run this
/// long, and the rest of the batch goes on in the next: every job waits for the commit of its
/// transaction, so one transaction with a hundred match starts would keep the first waiting
/// for all of them. (Long in tests, which count commits of batches on a slower build.)
const SLICE: std::time::Duration =
    std::time::Duration::from_millis(if cfg!(test) { 500 } else { 2 });

/// Writing work on the writer's connection, as [`super::Db::write`] takes it.
pub(crate) type Writing<'c, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'c>>;

/// What a job's answer waits for: the commit of the batch it was written in.
type Answer = Box<dyn FnOnce(Result<(), &StoreError>) + Send>;

/// A job's work: its answer, and whether the work itself succeeded.
type Work = Box<
    dyn for<'c> FnOnce(
            &'c mut AnyConnection,
        ) -> Pin<Box<dyn Future<Output = (Answer, bool)> + Send + 'c>>
        + Send,
>;

enum Job {
    /// An accepted action: batched with the others waiting (group commit).
    Action {
        action: SavedAction,
        done: oneshot::Sender<Result<bool, StoreError>>,
    },
    /// Any other write (a challenge, a match start, a reminder): in the order it came, in
    /// the batch's transaction, inside a savepoint of its own if it opens a transaction.
    Other(Work),
    /// A delivered outbox row, deleted after the batch it came with; nobody waits for it.
    Delivered(Delivered),
    /// Written with the others of its kind at the end of its slice.
    Batched(Batched),
}

/// The writes a burst brings many of (see [`Together`]).
enum Batched {
    /// A posted message's id.
    MessageId(MessageId, Done<()>),
    /// A new challenge.
    Challenge(Box<NewChallenge>, Done<i64>),
    /// An acceptance of a challenge, with the match it may start.
    Accept(Box<Accept>, Done<Acceptance>),
}

impl Batched {
    /// Written on its own, in its own transaction.
    async fn alone(self, conn: &mut AnyConnection, backend: Backend) {
        match self {
            Batched::MessageId(id, done) => alone(conn, backend, id, done).await,
            Batched::Challenge(new, done) => alone(conn, backend, *new, done).await,
            Batched::Accept(accept, done) => alone(conn, backend, *accept, done).await,
        }
    }
}

/// The [`Batched`] jobs of a slice, by kind.
#[derive(Default)]
struct Noted {
    challenges: Vec<(NewChallenge, Done<i64>)>,
    accepts: Vec<(Accept, Done<Acceptance>)>,
    message_ids: Vec<(MessageId, Done<()>)>,
}

impl Noted {
    fn push(&mut self, job: Batched) {
        match job {
            Batched::MessageId(id, done) => self.message_ids.push((id, done)),
            Batched::Challenge(new, done) => self.challenges.push((*new, done)),
            Batched::Accept(accept, done) => self.accepts.push((*accept, done)),
        }
    }

    /// Writes them in `tx`, kind by kind: no job of a slice has been answered yet, so none
    /// can depend on another's write (an acceptance names a challenge already stored, an id
    /// a message already posted). False if any failed.
    async fn stage(
        &mut self,
        tx: &mut AnyConnection,
        answers: &mut Vec<Answer>,
        savepoint: &mut Savepoint,
    ) -> bool {
        let mut ok = stage_together(tx, &mut self.challenges, answers, savepoint).await;
        ok &= stage_together(tx, &mut self.accepts, answers, savepoint).await;
        ok &= stage_together(tx, &mut self.message_ids, answers, savepoint).await;
        ok
    }
}

/// Where a job's result goes once its transaction is committed.
type Done<T> = oneshot::Sender<Result<T, StoreError>>;

/// Writes that a burst brings many of at once, each a row of its own that no other job of
/// the burst reads or writes: the writer stores those of a slice together at its end, in one
/// statement on PostgreSQL, rather than in a statement and a savepoint each (two round trips
/// every other job of the burst queues behind).
pub(super) trait Together: Sized {
    /// What the caller gets back for each.
    type Out: Send + 'static;

    /// Writes `all` in the caller's transaction: their results, in order.
    async fn write_all(
        conn: &mut AnyConnection,
        backend: Backend,
        all: &[Self],
    ) -> Result<Vec<Self::Out>, StoreError>;
}

/// The writer thread's handle; the thread ends when the last clone is dropped.
#[derive(Clone, Debug)]
pub(crate) struct Writer {
    jobs: mpsc::UnboundedSender<Job>,
    /// Closed when the thread ends, whatever ended it (a panic included).
    alive: tokio::sync::watch::Receiver<()>,
    /// SQLite only: checkpoints the WAL while the writer writes; stops with the last clone.
    _checkpointer: Option<Arc<Checkpointer>>,
    /// Transactions committed so far: how well writes are grouped (tests read it).
    #[cfg_attr(not(test), allow(dead_code))]
    commits: Arc<AtomicU64>,
}

impl Writer {
    /// Starts the thread and opens its connection.
    pub(crate) async fn start(source: Source) -> Result<Writer, StoreError> {
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
                    run(conn, backend, queue, wal, counted).await;
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

    /// Stores `action` and answers once it is committed (see [`super::Db::save_action`]).
    pub(crate) async fn save(&self, action: SavedAction) -> Result<bool, StoreError> {
        let started = std::time::Instant::now();
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job::Action { action, done })
            .map_err(|_| stopped())?;
        let saved = answer.await.map_err(|_| stopped())?;
        observe("move", started);
        saved
    }

    /// Resolves when the writer thread has ended: no write can succeed any more.
    pub(crate) async fn stopped(&self) {
        let mut alive = self.alive.clone();
        while alive.changed().await.is_ok() {}
    }

    /// Queues the deletion of a delivered outbox row (see [`Delivered`]).
    pub(crate) fn note_delivered(&self, delivered: Delivered) {
        if self.jobs.send(Job::Delivered(delivered)).is_err() {
            tracing::warn!("the writer thread has stopped: a delivery note is lost");
        }
    }

    /// Stores a posted message's id (see [`MessageId`]) and answers once it is committed.
    pub(crate) async fn message_id(&self, id: MessageId) -> Result<(), StoreError> {
        self.together(|done| Batched::MessageId(id, done)).await
    }

    /// Stores a new challenge and answers its id once it is committed.
    pub(crate) async fn challenge(&self, new: NewChallenge) -> Result<i64, StoreError> {
        self.together(|done| Batched::Challenge(Box::new(new), done))
            .await
    }

    /// Stores an acceptance of a challenge and answers what it led to once it is committed.
    pub(crate) async fn accept(&self, accept: Accept) -> Result<Acceptance, StoreError> {
        self.together(|done| Batched::Accept(Box::new(accept), done))
            .await
    }

    async fn together<T>(&self, job: impl FnOnce(Done<T>) -> Batched) -> Result<T, StoreError> {
        let started = std::time::Instant::now();
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job::Batched(job(done)))
            .map_err(|_| stopped())?;
        let written = answer.await.map_err(|_| stopped())?;
        observe("write", started);
        written
    }

    /// The flag asking the writer to restart the WAL (tests set it).
    #[cfg(test)]
    pub(super) fn wal(&self) -> Option<Arc<checkpoint::Wal>> {
        self._checkpointer.as_ref().map(|c| c.wal.clone())
    }

    /// How many transactions the writer has committed.
    #[cfg(test)]
    pub(in crate::store) fn commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    /// Runs `work` on the writer's connection, in its turn.
    pub(crate) async fn run<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut AnyConnection) -> Writing<'c, T> + Send + 'static,
    {
        let (done, answer) = oneshot::channel();
        let job: Work = Box::new(move |conn| {
            Box::pin(async move {
                let result = work(conn).await;
                let ok = result.is_ok();
                let answer: Answer = Box::new(move |committed| {
                    let _ = done.send(committed.map_err(not_committed).and(result));
                });
                (answer, ok)
            })
        });
        let started = std::time::Instant::now();
        self.jobs.send(Job::Other(job)).map_err(|_| stopped())?;
        let written = answer.await.map_err(|_| stopped())?;
        observe("write", started);
        written
    }
}

/// Time since `started` as `gin_db_seconds{op}`: a batch's statements (`commit`), or a
/// caller's wait for the writer from queueing to commit (`move`, `write`), where a burst of
/// writes shows first.
fn observe(op: &str, started: std::time::Instant) {
    crate::metrics::get()
        .db_seconds
        .with_label_values(&[op])
        .observe(started.elapsed().as_secs_f64());
}

fn stopped() -> StoreError {
    StoreError::Thread("the writer thread has stopped".into())
}

/// What each job of a batch whose COMMIT failed is answered.
fn not_committed(e: &StoreError) -> StoreError {
    StoreError::Commit(e.to_string())
}

async fn run(
    mut conn: AnyConnection,
    backend: Backend,
    mut queue: mpsc::UnboundedReceiver<Job>,
    wal: Option<Arc<checkpoint::Wal>>,
    commits: Arc<AtomicU64>,
) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    let mut actions = Vec::with_capacity(MAX_BATCH);
    let mut delivered = Vec::new();
    let mut checkpoints_on_own = false;
    while queue.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        if let Some(wal) = &wal {
            checkpoint::between_batches(&mut conn, wal, &mut checkpoints_on_own).await;
        }
        let moves_only = jobs.iter().all(|j| match j {
            Job::Action { action, .. } => plain(action),
            Job::Other(_) | Job::Batched(_) => false,
            Job::Delivered(_) => true,
        });
        if !moves_only {
            if write_batch(&mut conn, backend, &mut jobs, &mut delivered, &commits)
                .await
                .is_err()
            {
                // Every waiting caller is told the writer stopped; the bot then stops too
                // (see `Db::writer_stopped`), for its supervisor to start it afresh.
                tracing::error!(
                    "the database rolled back a batch of writes on its own (disk full? I/O \
                     error?): the writer stops; restart the bot"
                );
                return;
            }
            continue;
        }
        // The common case under load, in the fewest round trips.
        for job in jobs.drain(..) {
            match job {
                Job::Action { action, done } => actions.push((action, done)),
                Job::Delivered(d) => delivered.push(d),
                Job::Other(_) | Job::Batched(_) => {
                    unreachable!("only moves here")
                }
            }
        }
        let ok = commit_actions(&mut conn, backend, &mut actions, &mut delivered, &commits).await;
        delete_noted(&mut conn, backend, &mut delivered, &commits).await;
        if !ok && connection_lost(&mut conn, backend).await {
            return;
        }
    }
}

/// Whether the database server can no longer be reached on the writer's connection: the
/// writer then stops, like after [`Lost`], for the bot to be restarted (a SQLite file is
/// never unreachable).
async fn connection_lost(conn: &mut AnyConnection, backend: Backend) -> bool {
    if backend == Backend::Sqlite || conn.ping().await.is_ok() {
        return false;
    }
    tracing::error!("the database server cannot be reached: the writer stops; restart the bot");
    true
}

/// The database dropped a batch's whole transaction: SQLite rolls it back by itself on
/// SQLITE_FULL, IOERR, BUSY or NOMEM, PostgreSQL refuses every statement of a transaction after
/// one failed outside a savepoint, and a lost connection loses it too. What the batch did is
/// gone, and sqlx's own count of open transactions on the connection is wrong from then on.
struct Lost;

/// Whether the transaction on `conn` is still open and usable (sqlx cannot tell: see
/// [`Lost`]). SQLite refuses a `BEGIN` inside a transaction; PostgreSQL refuses a `SAVEPOINT`
/// outside one, and any statement in a failed one.
async fn in_transaction(conn: &mut AnyConnection, backend: Backend) -> bool {
    match backend {
        Backend::Sqlite => {
            if sqlx::query("BEGIN").execute(&mut *conn).await.is_err() {
                return true;
            }
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            false
        }
        Backend::Postgres => {
            let probe = sqlx::query("SAVEPOINT gin_probe").execute(&mut *conn).await;
            probe.is_ok()
                && sqlx::query("RELEASE SAVEPOINT gin_probe")
                    .execute(&mut *conn)
                    .await
                    .is_ok()
        }
    }
}

/// The statement opening a batch's transaction: SQLite takes its write lock at once, so
/// that a busy database is found out before any work is done.
fn begin_sql(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "BEGIN IMMEDIATE",
        Backend::Postgres => "BEGIN",
    }
}

/// Every job of `jobs`, in order, in as few transactions as [`SLICE`] allows: with
/// `synchronous = FULL` each COMMIT waits for the disk, so a thousand match starts at once
/// must not cost a thousand syncs. Each job is answered once its transaction is committed.
async fn write_batch(
    conn: &mut AnyConnection,
    backend: Backend,
    jobs: &mut Vec<Job>,
    delivered: &mut Vec<Delivered>,
    commits: &AtomicU64,
) -> Result<(), Lost> {
    let mut jobs = jobs.drain(..);
    let e = loop {
        if jobs.len() == 0 {
            return Ok(());
        }
        match conn.begin_with(begin_sql(backend)).await {
            Ok(tx) => write_slice(tx, backend, &mut jobs, delivered, commits).await?,
            Err(e) => break e,
        }
    };
    if in_transaction(conn, backend).await || connection_lost(conn, backend).await {
        // Some earlier write left a transaction open: nothing here can be trusted.
        return Err(Lost);
    }
    // The rest, each alone, as it would have run without batching: each is answered with
    // what it did, or its own error.
    tracing::warn!(error = %e, "starting a batch's transaction");
    let mut actions = Vec::new();
    for job in jobs {
        match job {
            Job::Action { action, done } => actions.push((action, done)),
            Job::Other(work) => {
                commit_actions(conn, backend, &mut actions, &mut Vec::new(), commits).await;
                work(conn).await.0(Ok(()));
            }
            Job::Batched(job) => job.alone(conn, backend).await,
            Job::Delivered(d) => delivered.push(d),
        }
    }
    commit_actions(conn, backend, &mut actions, &mut Vec::new(), commits).await;
    delete_noted(conn, backend, delivered, commits).await;
    Ok(())
}

/// The jobs of one [`SLICE`] of [`write_batch`] in its open transaction `tx`, with the
/// delivered rows noted so far. After any failure it makes sure the transaction is still
/// there; if SQLite dropped it, the slice's jobs are answered with the error and the rest of
/// the batch is not run.
async fn write_slice(
    mut tx: sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    jobs: &mut std::vec::Drain<'_, Job>,
    delivered: &mut Vec<Delivered>,
    commits: &AtomicU64,
) -> Result<(), Lost> {
    let began = std::time::Instant::now();
    let mut savepoint = Savepoint::new(backend);
    let mut answers: Vec<Answer> = Vec::new();
    let mut actions = Vec::new();
    let mut noted = Noted::default();
    let lost = |answers: Vec<Answer>| {
        let e = StoreError::Commit("the database rolled the transaction back".into());
        for answer in answers {
            answer(Err(&e));
        }
        Err(Lost)
    };
    for job in jobs.by_ref() {
        let ok = match job {
            Job::Action { action, done } => {
                actions.push((action, done));
                true
            }
            Job::Other(work) => {
                // Whatever came before it is written first.
                let staged =
                    stage_actions(&mut tx, &mut actions, &mut answers, &mut savepoint).await;
                let (answer, ok) = in_own_savepoint(&mut tx, work, &mut savepoint).await;
                answers.push(answer);
                staged && ok
            }
            Job::Delivered(d) => {
                delivered.push(d);
                true
            }
            Job::Batched(job) => {
                noted.push(job);
                true
            }
        };
        if !ok && !in_transaction(&mut tx, backend).await {
            return lost(answers);
        }
        if began.elapsed() >= SLICE {
            break;
        }
    }
    let mut ok = stage_actions(&mut tx, &mut actions, &mut answers, &mut savepoint).await;
    ok &= noted.stage(&mut tx, &mut answers, &mut savepoint).await;
    if !delivered.is_empty() {
        let deleted = match savepoint.enter(&mut tx).await {
            Some(false) => Err(StoreError::Commit(
                "no savepoint for the delivery notes".into(),
            )),
            _ => delete_delivered(&mut tx, backend, delivered, false).await,
        };
        if let Err(e) = deleted {
            tracing::warn!(error = %e, "writing delivery notes");
            savepoint.undo(&mut tx).await;
            ok = false;
        }
        delivered.clear();
    }
    // The last job's savepoint is released before the COMMIT: a transaction spoilt by a
    // job that hid its error would otherwise be rolled back by a COMMIT that reports success.
    if !savepoint.close(&mut tx).await {
        ok = false;
    }
    if !ok && !in_transaction(&mut tx, backend).await {
        return lost(answers);
    }
    let committed = tx.commit().await.map_err(StoreError::from);
    if let Err(e) = &committed {
        tracing::error!(error = %e, "committing a batch of writes");
    } else {
        commits.fetch_add(1, Ordering::Relaxed);
    }
    for answer in answers {
        answer(committed.as_ref().copied());
    }
    // After a failed COMMIT the connection's state is unknown.
    committed.map_err(|_| Lost)
}

/// On PostgreSQL a failed statement spoils the whole transaction, so each job of a slice
/// runs in a savepoint of its own, and a failure takes back only that job's writes (SQLite
/// takes back only the failed statement by itself, and needs none). The savepoint of a job
/// is opened by the same round trip that releases the one before: one round trip per job.
struct Savepoint {
    open: bool,
    backend: Backend,
}

impl Savepoint {
    fn new(backend: Backend) -> Savepoint {
        Savepoint {
            open: false,
            backend,
        }
    }

    /// Opens the next job's savepoint: whether it is open, None on SQLite.
    async fn enter(&mut self, conn: &mut AnyConnection) -> Option<bool> {
        if self.backend == Backend::Sqlite {
            return None;
        }
        let sql = if self.open {
            "RELEASE SAVEPOINT gin_job; SAVEPOINT gin_job"
        } else {
            "SAVEPOINT gin_job"
        };
        self.open = conn.execute(sql).await.is_ok();
        Some(self.open)
    }

    /// Releases the open savepoint, if any: false if the transaction refused it.
    async fn close(&mut self, conn: &mut AnyConnection) -> bool {
        if !self.open {
            return true;
        }
        self.open = false;
        conn.execute("RELEASE SAVEPOINT gin_job").await.is_ok()
    }

    /// Takes back what was written since [`Savepoint::enter`]; false if that failed.
    async fn undo(&mut self, conn: &mut AnyConnection) -> bool {
        if self.backend == Backend::Sqlite {
            return true;
        }
        let undone = self.open
            && conn
                .execute("ROLLBACK TO SAVEPOINT gin_job; RELEASE SAVEPOINT gin_job")
                .await
                .is_ok();
        self.open = false;
        undone
    }
}

/// Writes the [`Together`] jobs of a slice in the open transaction `tx`, each answer waiting
/// for the commit. Should their shared write fail, each is written alone in its savepoint
/// and answered with its own outcome: one refused acceptance (the player started another
/// match meanwhile) must not fail the burst around it. False if any failed.
async fn stage_together<J: Together>(
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
async fn alone<J: Together>(
    conn: &mut AnyConnection,
    backend: Backend,
    job: J,
    done: Done<J::Out>,
) {
    let written = J::write_all(conn, backend, std::slice::from_ref(&job)).await;
    let _ = done.send(written.and_then(only));
}

/// Runs a job inside the batch's transaction, in its own [`Savepoint`] on PostgreSQL.
async fn in_own_savepoint(
    conn: &mut AnyConnection,
    work: Work,
    savepoint: &mut Savepoint,
) -> (Answer, bool) {
    let opened = savepoint.enter(conn).await;
    let (answer, ok) = work(conn).await;
    let closed = match opened {
        None => true,
        Some(opened) if ok => opened,
        Some(_) => {
            savepoint.undo(conn).await;
            false
        }
    };
    (answer, ok && closed)
}

/// Writes the waiting actions inside the open transaction `tx`, each action's answer waiting
/// for its commit. A failing action rolls back to its savepoint and fails alone. Returns
/// false if anything failed (the caller then checks that the transaction is still there).
async fn stage_actions(
    tx: &mut AnyConnection,
    actions: &mut Vec<(SavedAction, oneshot::Sender<Result<bool, StoreError>>)>,
    answers: &mut Vec<Answer>,
    savepoint: &mut Savepoint,
) -> bool {
    if actions.is_empty() {
        return true;
    }
    let batch: Vec<&SavedAction> = actions.iter().map(|(a, _)| a).collect();
    let (stored, ok) = match in_savepoint(tx, &batch, savepoint).await {
        Ok(stored) => (stored.into_iter().map(Ok).collect(), true),
        Err(e) if !in_transaction(tx, savepoint.backend).await => {
            (batch.iter().map(|_| Err(e.to_string())).collect(), false)
        }
        Err(_) => {
            let mut each = Vec::with_capacity(batch.len());
            for a in &batch {
                let alone = in_savepoint(tx, &[a], savepoint).await.map(|s| s[0]);
                each.push(alone.map_err(|e| e.to_string()));
            }
            (each, false)
        }
    };
    let stored: Vec<Result<bool, String>> = stored;
    for ((_, done), result) in actions.drain(..).zip(stored) {
        answers.push(Box::new(move |committed| {
            let result = result.map_err(StoreError::Commit);
            let _ = done.send(committed.map_err(not_committed).and(result));
        }));
    }
    ok
}

/// [`stage`] inside a savepoint: nothing of `actions` is kept if any statement fails.
async fn in_savepoint(
    conn: &mut AnyConnection,
    actions: &[&SavedAction],
    savepoint: &mut Savepoint,
) -> Result<Vec<bool>, StoreError> {
    match savepoint.enter(conn).await {
        Some(true) => {
            let stored = stage(conn, savepoint.backend, actions).await;
            if stored.is_err() {
                savepoint.undo(conn).await;
            }
            stored
        }
        Some(false) => Err(StoreError::Commit("no savepoint for the moves".into())),
        None => {
            let mut own = conn.begin().await?;
            let stored = stage(&mut own, savepoint.backend, actions).await?;
            own.commit().await?;
            Ok(stored)
        }
    }
}

/// Deletes the delivered rows noted so far, in a transaction of their own.
async fn delete_noted(
    conn: &mut AnyConnection,
    backend: Backend,
    delivered: &mut Vec<Delivered>,
    commits: &AtomicU64,
) {
    if delivered.is_empty() {
        return;
    }
    match delete_delivered(conn, backend, delivered, true).await {
        Ok(()) => {
            commits.fetch_add(1, Ordering::Relaxed);
        }
        Err(e) => tracing::warn!(error = %e, "writing delivery notes"),
    }
    delivered.clear();
}

/// Writes the waiting actions in one transaction and answers each of them. When they are
/// all moves, the `delivered` rows are deleted in the same commit (and the list emptied).
async fn commit_actions(
    conn: &mut AnyConnection,
    backend: Backend,
    actions: &mut Vec<(SavedAction, oneshot::Sender<Result<bool, StoreError>>)>,
    delivered: &mut Vec<Delivered>,
    commits: &AtomicU64,
) -> bool {
    if actions.is_empty() {
        return true;
    }
    let batch: Vec<&SavedAction> = actions.iter().map(|(a, _)| a).collect();
    let moves = batch.iter().all(|a| plain(a));
    let started = std::time::Instant::now();
    let written = if moves {
        commit_states(conn, backend, &batch, delivered).await
    } else {
        write(conn, backend, &batch).await
    };
    observe("commit", started);
    match written {
        Ok(stored) => {
            if moves {
                delivered.clear();
            }
            commits.fetch_add(1, Ordering::Relaxed);
            for ((_, done), ok) in actions.drain(..).zip(stored) {
                let _ = done.send(Ok(ok));
            }
            true
        }
        // One action's failure must not fail the others: each again, alone.
        Err(_) => {
            for (action, done) in actions.drain(..) {
                let alone = write(conn, backend, &[&action]).await;
                if alone.is_ok() {
                    commits.fetch_add(1, Ordering::Relaxed);
                }
                let _ = done.send(alone.map(|stored| stored[0]));
            }
            false
        }
    }
}

/// Moves only: the state, log and outbox rows of an action that neither ends a hand nor
/// the match. These go to SQLite together, in one round trip.
fn plain(a: &SavedAction) -> bool {
    a.hands.is_empty() && a.result.is_none() && a.status.is_active()
}

/// One transaction for `actions`; nothing is kept if any statement fails.
async fn write(
    conn: &mut AnyConnection,
    backend: Backend,
    actions: &[&SavedAction],
) -> Result<Vec<bool>, StoreError> {
    if actions.iter().all(|a| plain(a)) {
        return commit_states(conn, backend, actions, &[]).await;
    }
    let mut tx = conn.begin_with(begin_sql(backend)).await?;
    let stored = stage(&mut tx, backend, actions).await?;
    tx.commit().await?;
    Ok(stored)
}

/// The statements of `actions` inside the caller's transaction: for each, whether it was
/// still at its version and is written.
async fn stage(
    conn: &mut AnyConnection,
    backend: Backend,
    actions: &[&SavedAction],
) -> Result<Vec<bool>, StoreError> {
    let simple: Vec<&SavedAction> = actions.iter().copied().filter(|a| plain(a)).collect();
    let mut simple_stored = store_states(conn, backend, &simple).await?.into_iter();
    let mut stored = Vec::with_capacity(actions.len());
    for a in actions {
        stored.push(if plain(a) {
            simple_stored.next().unwrap_or(false)
        } else {
            store_action(conn, backend, a).await?
        });
    }
    Ok(stored)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::store::{Db, NewMatch};
    use futures_util::future::join_all;

    /// The `i`-th test match: users `10 + 2i` and `11 + 2i` in channel `100 + i`.
    pub(in crate::store) fn new_match(i: u64) -> NewMatch {
        NewMatch {
            guild_id: 1,
            channel_id: 100 + i,
            table_message_id: None,
            format: crate::store::Format::Two,
            preset: "classic".into(),
            rules_json: "{}".into(),
            locale: "en-US".into(),
            state_json: "s0".into(),
            seed_hex: "00".into(),
            players: vec![
                (10 + 2 * i, "Ann".into(), false),
                (11 + 2 * i, "Ben".into(), false),
            ],
            ai_level: None,
            now: 0,
            outbox: Vec::new(),
            ai_to_act: false,
        }
    }

    /// A fresh database with `n` active matches; the players of match `i` are users
    /// `10 + 2i` and `11 + 2i`.
    pub(in crate::store) async fn db_with_matches(n: usize) -> (tempfile::TempDir, Db, Vec<i64>) {
        let dir = tempfile::tempdir().unwrap();
        let url = crate::store::testing::fresh_database_url(dir.path(), "w")
            .await
            .unwrap();
        let db = Db::open(&url).await.unwrap();
        let mut ids = Vec::new();
        for i in 0..n as u64 {
            let m = new_match(i);
            ids.push(db.create_match(&m).await.unwrap());
        }
        (dir, db, ids)
    }

    /// A plain action moving match `match_id` from `version` on.
    pub(in crate::store) fn action(match_id: i64, version: i64) -> SavedAction {
        SavedAction {
            match_id,
            version,
            seat: 0,
            event_json: format!("e{version}"),
            state_json: format!("s{}", version + 1),
            status: crate::store::MatchState::Active,
            now: 1,
            turn_changed: true,
            actor_changed: false,
            ai_to_act: false,
            hands: Vec::new(),
            result: None,
            rate: None,
            winner_seat: None,
            hollywood: Vec::new(),
            outbox: Vec::new(),
        }
    }

    async fn stored(db: &Db, match_id: i64) -> (String, i64, i64) {
        sqlx::query_as(
            "SELECT state_json, version, (SELECT COUNT(*) FROM actions WHERE match_id = id) \
             FROM matches WHERE id = $1",
        )
        .bind(match_id)
        .fetch_one(db.pool())
        .await
        .unwrap()
    }

    /// A batch stores each action still at its version and nothing of one that is not.
    #[tokio::test]
    async fn a_batch_keeps_the_version_guard_of_each_action() {
        let (_dir, db, ids) = db_with_matches(3).await;
        let (a, stale, b) = (action(ids[0], 0), action(ids[1], 4), action(ids[2], 0));
        let backend = db.backend();
        let result = db
            .write(move |conn| {
                Box::pin(async move { stage(conn, backend, &[&a, &stale, &b]).await })
            })
            .await
            .unwrap();
        assert_eq!(result, vec![true, false, true]);
        assert_eq!(stored(&db, ids[0]).await, ("s1".into(), 1, 1));
        assert_eq!(stored(&db, ids[1]).await, ("s0".into(), 0, 0));
        assert_eq!(stored(&db, ids[2]).await, ("s1".into(), 1, 1));
    }

    /// Exactly one reminder per idle turn: the reminder is stored only together with the mark,
    /// guarded by the version the sweeper saw; a move in between (a draw: same turn, new
    /// version) stores none, and a second mark of the same turn stores none either.
    #[tokio::test]
    async fn a_reminder_is_stored_once_per_turn_and_never_for_a_moved_match() {
        use crate::store::{OutboxKey, OutboxRow};
        let (_dir, db, ids) = db_with_matches(1).await;
        let reminder = |version| OutboxRow {
            key: OutboxKey {
                match_id: ids[0],
                version,
                part: 2,
            },
            due_ms: 0,
            effects_json: "[]".into(),
        };
        // The player drew after the sweeper looked (version 0 -> 1, the turn unchanged).
        let mut draw = action(ids[0], 0);
        draw.turn_changed = false;
        assert!(db.save_action(draw).await.unwrap());
        assert!(!db.mark_reminded(reminder(0), 100).await.unwrap());
        assert!(db.pending_outbox().await.unwrap().is_empty());
        // The next pass reminds once; a pass after it does not.
        assert!(db.mark_reminded(reminder(1), 130).await.unwrap());
        assert!(!db.mark_reminded(reminder(1), 160).await.unwrap());
        assert_eq!(db.pending_outbox().await.unwrap().len(), 1);
    }

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
        assert!(db.create_match(&new_match(0)).await.is_err());
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

    /// An action's outbox rows are stored in its transaction, and only if the action is: a
    /// stale action leaves no row behind.
    #[tokio::test]
    async fn outbox_rows_are_stored_with_their_action_and_only_with_it() {
        use crate::store::{OutboxKey, OutboxRow};
        let (_dir, db, ids) = db_with_matches(2).await;
        let row = |match_id, version, part: u8| OutboxRow {
            key: OutboxKey {
                match_id,
                version,
                part,
            },
            due_ms: 5,
            effects_json: "[]".into(),
        };
        let mut fresh = action(ids[0], 0);
        fresh.outbox = vec![row(ids[0], 1, 0), row(ids[0], 1, 1)];
        let mut stale = action(ids[1], 3);
        stale.outbox = vec![row(ids[1], 4, 0)];
        let (batch, backend) = ((fresh, stale), db.backend());
        let stored = db
            .write(move |conn| {
                Box::pin(async move { stage(conn, backend, &[&batch.0, &batch.1]).await })
            })
            .await
            .unwrap();
        assert_eq!(stored, vec![true, false]);
        let pending = db.pending_outbox().await.unwrap();
        assert_eq!(
            pending.iter().map(|r| r.key).collect::<Vec<_>>(),
            vec![row(ids[0], 1, 0).key, row(ids[0], 1, 1).key]
        );
        // Delivered rows go with the next batch of writes.
        db.outbox_delivered(row(ids[0], 1, 0).key);
        db.write(|_| Box::pin(async { Ok(()) })).await.unwrap();
        let left = db.pending_outbox().await.unwrap();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].key, row(ids[0], 1, 1).key);
        // And in the same batch as moves (one statement on PostgreSQL): the writer is held
        // until both wait in its queue.
        let (release, held) = hold(&db).await;
        db.outbox_delivered(row(ids[0], 1, 1).key);
        let saved = tokio::spawn({
            let db = db.clone();
            async move { db.save_action(action(ids[0], 1)).await }
        });
        tokio::task::yield_now().await;
        release.send(()).unwrap();
        held.await.unwrap();
        assert!(saved.await.unwrap().unwrap());
        assert!(db.pending_outbox().await.unwrap().is_empty());
    }

    /// Holds the writer until `release` fires: whatever is sent meanwhile waits in its queue
    /// and is taken as one batch.
    async fn hold(db: &Db) -> (oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
        let (release, wait) = oneshot::channel::<()>();
        let (started, running) = oneshot::channel::<()>();
        let db = db.clone();
        let held = tokio::spawn(async move {
            db.write(move |_| {
                Box::pin(async move {
                    let _ = started.send(());
                    let _ = wait.await;
                    Ok(())
                })
            })
            .await
            .unwrap();
        });
        running.await.unwrap();
        (release, held)
    }

    /// Match starts and moves that arrive together are committed together: with
    /// `synchronous = FULL` every commit waits for the disk.
    #[tokio::test]
    async fn starts_and_moves_waiting_together_share_one_commit() {
        let (_dir, db, ids) = db_with_matches(2).await;
        let (release, held) = hold(&db).await;
        let before = db.writer.commits();
        let starts = join_all((10..60).map(|i| {
            let db = db.clone();
            async move { db.create_match(&new_match(i)).await }
        }));
        let moves = join_all(ids.iter().map(|&id| db.save_action(action(id, 0))));
        let (starts, moves, _) = tokio::join!(starts, moves, async { release.send(()) });
        held.await.unwrap();
        let started: std::collections::HashSet<i64> =
            starts.into_iter().map(|r| r.unwrap()).collect();
        assert_eq!(started.len(), 50);
        assert!(moves.into_iter().all(|r| r.unwrap()));
        // The held job's batch, then one for all the rest (not fifty-two).
        assert_eq!(db.writer.commits() - before, 2);
        for &id in &ids {
            assert_eq!(stored(&db, id).await, ("s1".into(), 1, 1));
        }
    }

    /// Challenges and message ids that wait together are written together, each challenge
    /// answered with its own id, and of two ids for one message the later wins.
    #[tokio::test]
    async fn challenges_and_message_ids_waiting_together_share_one_commit() {
        let (_dir, db, ids) = db_with_matches(2).await;
        let (a, b) = (ids[0], ids[1]);
        let new = |i: u64| crate::store::NewChallenge {
            guild_id: 1,
            channel_id: 500 + i,
            challenger: (40 + i, format!("P{i}")),
            opponents: vec![(90 + i, format!("Q{i}"))],
            preset: "classic".into(),
            rules_json: "{}".into(),
            locale: "en-US".into(),
            now: i as i64,
            expires_at: 900,
        };
        let (release, held) = hold(&db).await;
        let before = db.writer.commits();
        let challenges = join_all((0..30).map(|i| {
            let db = db.clone();
            async move { (i, db.create_challenge(&new(i)).await) }
        }));
        let tables = join_all([
            db.set_table_message(a, 7001, 1),
            db.set_table_message(b, 7002, 1),
            db.set_table_message(a, 7003, 2),
        ]);
        let (challenges, tables, _) = tokio::join!(challenges, tables, async { release.send(()) });
        held.await.unwrap();
        assert_eq!(db.writer.commits() - before, 2);
        assert!(tables.iter().all(Result::is_ok), "{tables:?}");
        let mut seen = std::collections::HashSet::new();
        for (i, id) in challenges {
            let id = id.unwrap();
            assert!(seen.insert(id));
            let stored = db.challenge(id).await.unwrap().unwrap();
            assert_eq!(format!("{stored:?}"), format!("{:?}", new(i).stored_as(id)));
        }
        db.set_challenge_message(*seen.iter().next().unwrap(), 8001)
            .await
            .unwrap();
        let table = |id| {
            let db = db.clone();
            async move {
                let m = db.load_match(id).await.unwrap().unwrap();
                (m.table_message_id, m.table_deal)
            }
        };
        assert_eq!(table(a).await, (Some(7003), 2));
        assert_eq!(table(b).await, (Some(7002), 1));
        let first = *seen.iter().next().unwrap();
        assert_eq!(
            db.challenge(first).await.unwrap().unwrap().message_id,
            Some(8001)
        );
    }

    /// Acceptances waiting together are stored in one commit, each with its own outcome:
    /// two for one challenge both count, and one the schema refuses (its player is already
    /// in a match in that channel) fails alone, leaving its challenge open, while the others
    /// of its batch start their matches.
    #[tokio::test]
    async fn acceptances_waiting_together_share_one_commit_and_fail_alone() {
        use crate::store::{Acceptance, ChallengeState, NewChallenge};
        // Match 0 of channel 100 holds users 10 and 11.
        let (_dir, db, _) = db_with_matches(1).await;
        let challenge = |channel: u64, challenger: u64, opponents: &[u64]| NewChallenge {
            guild_id: 1,
            channel_id: channel,
            challenger: (challenger, "A".into()),
            opponents: opponents.iter().map(|o| (*o, "B".into())).collect(),
            preset: "classic".into(),
            rules_json: "{}".into(),
            locale: "en-US".into(),
            now: 0,
            expires_at: 900,
        };
        let game = |c: &NewChallenge| {
            let mut m = new_match(0);
            m.channel_id = c.channel_id;
            m.players = vec![(c.challenger.0, "A".into(), false)];
            m.players
                .extend(c.opponents.iter().map(|o| (o.0, "B".to_string(), false)));
            m
        };
        let mut pairs = Vec::new();
        for i in 0..20 {
            let c = challenge(500 + i, 200 + i, &[300 + i]);
            pairs.push((db.create_challenge(&c).await.unwrap(), 300 + i, game(&c)));
        }
        let three = challenge(600, 400, &[401, 402]);
        let three_id = db.create_challenge(&three).await.unwrap();
        let busy = challenge(100, 10, &[700]);
        let busy_id = db.create_challenge(&busy).await.unwrap();
        let accept_all = |accepts: Vec<(i64, u64, NewMatch)>| {
            let db = db.clone();
            async move {
                let (release, held) = hold(&db).await;
                let before = db.writer.commits();
                let outcomes = join_all(
                    accepts
                        .iter()
                        .map(|(id, user, game)| db.accept_challenge(*id, *user, game)),
                );
                let (outcomes, _) = tokio::join!(outcomes, async { release.send(()) });
                held.await.unwrap();
                assert_eq!(db.writer.commits() - before, 2);
                outcomes
            }
        };
        let started = |outcome: &Result<Acceptance, StoreError>| match outcome {
            Ok(Acceptance::Complete(id)) => *id,
            other => panic!("not started: {other:?}"),
        };
        // One batch with two acceptances of the three-player challenge.
        let mut first: Vec<_> = pairs.drain(..10).collect();
        first.insert(4, (three_id, 401, game(&three)));
        first.push((three_id, 402, game(&three)));
        let outcomes = accept_all(first.clone()).await;
        assert_eq!(
            outcomes[4].as_ref().unwrap(),
            &Acceptance::Waiting(vec![401])
        );
        let mut seen = std::collections::HashSet::new();
        for (outcome, (_, _, game)) in outcomes.iter().zip(&first).filter(|(_, a)| a.0 != three_id)
        {
            let id = started(outcome);
            assert!(seen.insert(id));
            let stored = db.load_match(id).await.unwrap().unwrap();
            assert_eq!(format!("{stored:?}"), format!("{:?}", game.stored_as(id)));
        }
        assert!(seen.insert(started(&outcomes[11])));
        // One batch with an acceptance the schema refuses.
        let mut second = std::mem::take(&mut pairs);
        second.insert(3, (busy_id, 700, game(&busy)));
        let outcomes = accept_all(second.clone()).await;
        match &outcomes[3] {
            Err(e) => assert!(e.is_conflict(), "{e}"),
            other => panic!("user 10 is already playing in channel 100: {other:?}"),
        }
        for (outcome, _) in outcomes.iter().zip(&second).filter(|(_, a)| a.0 != busy_id) {
            assert!(seen.insert(started(outcome)));
        }
        let refused = db.challenge(busy_id).await.unwrap().unwrap();
        assert_eq!(
            (refused.status, refused.accepted),
            (ChallengeState::Open, vec![])
        );
        assert_eq!(
            db.challenge(three_id).await.unwrap().unwrap().status,
            ChallengeState::Accepted
        );
    }

    /// A write that fails inside a batch leaves nothing behind and fails alone.
    #[tokio::test]
    async fn a_failing_write_fails_alone_in_its_batch() {
        let (_dir, db, ids) = db_with_matches(1).await;
        let first = ids[0];
        let (release, held) = hold(&db).await;
        let broken = db.write(move |conn| {
            Box::pin(async move {
                use sqlx::Connection;
                let mut tx = conn.begin().await?;
                // A column the move below does not touch: a leak would show.
                sqlx::query("UPDATE matches SET table_message_id = 999 WHERE id = $1")
                    .bind(first)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("SELECT * FROM nowhere")
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(())
            })
        });
        let (a, twice, b, moved) = (new_match(10), new_match(0), new_match(11), action(first, 0));
        let (a, broken, twice, b, moved, _) = tokio::join!(
            db.create_match(&a),
            broken,
            db.create_match(&twice),
            db.create_match(&b),
            db.save_action(moved),
            async { release.send(()) }
        );
        held.await.unwrap();
        assert!(broken.is_err());
        assert!(twice.unwrap_err().is_conflict());
        assert!(moved.unwrap());
        assert_eq!(stored(&db, first).await, ("s1".into(), 1, 1));
        let message: Option<i64> =
            sqlx::query_scalar("SELECT table_message_id FROM matches WHERE id = $1")
                .bind(first)
                .fetch_one(db.pool())
                .await
                .unwrap();
        assert_eq!(message, None, "the failed write left nothing behind");
        for id in [a.unwrap(), b.unwrap()] {
            assert_eq!(stored(&db, id).await, ("s0".into(), 0, 0));
        }
    }

    /// When SQLite rolls back a batch's whole transaction by itself (disk full, I/O error),
    /// nothing of the batch is reported stored, nothing after it is written outside a
    /// transaction, and the writer stops so that the bot is restarted.
    #[tokio::test]
    async fn a_transaction_sqlite_rolled_back_stops_the_writer_and_stores_nothing() {
        let (_dir, db, _) = db_with_matches(0).await;
        let (release, held) = hold(&db).await;
        let lost = db.write(|conn| {
            Box::pin(async move {
                // What SQLite does on SQLITE_FULL: the whole transaction is gone.
                sqlx::query("ROLLBACK").execute(&mut *conn).await?;
                Err::<(), _>(StoreError::Corrupt("disk full".into()))
            })
        });
        let (before, after) = (new_match(20), new_match(21));
        let (before, lost, after, _) = tokio::join!(
            db.create_match(&before),
            lost,
            db.create_match(&after),
            async { release.send(()) }
        );
        held.await.unwrap();
        assert!(before.is_err(), "rolled back, so not stored");
        assert!(lost.is_err());
        assert!(after.is_err(), "never run outside a transaction");
        tokio::time::timeout(std::time::Duration::from_secs(10), db.writer_stopped())
            .await
            .expect("the writer stops");
        let matches: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
            .fetch_one(db.pool())
            .await
            .unwrap();
        assert_eq!(matches, 0);
    }

    /// One action that fails (its log entry exists already) fails alone; the others that
    /// arrived with it are stored.
    #[tokio::test]
    async fn a_failing_action_does_not_take_its_batch_down() {
        // Moves alone take the short path; with a match start among them, the batch's.
        for with_start in [false, true] {
            let (_dir, db, ids) = db_with_matches(3).await;
            let broken = ids[1];
            db.write(move |conn| {
                Box::pin(async move {
                    sqlx::query("INSERT INTO actions VALUES ($1, 1, 0, 'x', 0)")
                        .bind(broken)
                        .execute(&mut *conn)
                        .await?;
                    Ok(())
                })
            })
            .await
            .unwrap();
            let (release, held) = hold(&db).await;
            let start = async {
                if with_start {
                    Some(db.create_match(&new_match(10)).await)
                } else {
                    None
                }
            };
            let moves = join_all(ids.iter().map(|&id| db.save_action(action(id, 0))));
            let (results, started, _) = tokio::join!(moves, start, async { release.send(()) });
            held.await.unwrap();
            assert!(results[0].as_ref().is_ok_and(|&ok| ok));
            assert!(results[1].is_err(), "{:?}", results[1]);
            assert!(results[2].as_ref().is_ok_and(|&ok| ok));
            assert!(started.is_none_or(|s| s.is_ok()));
            assert_eq!(stored(&db, ids[1]).await, ("s0".into(), 0, 1));
            assert_eq!(stored(&db, ids[2]).await, ("s1".into(), 1, 1));
        }
    }
}
