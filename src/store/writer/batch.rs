//! How the writer groups its jobs into transactions: moves alone in the fewest round trips,
//! anything else in slices of a few milliseconds, each job answered once its transaction is
//! committed.

use super::savepoint::{in_own_savepoint, in_transaction, Savepoint};
use super::stage::{stage, Lone, Staged};
use super::{answer, checkpoint, Answer, Done, Job, Jobs};
use crate::store::dialect::begin_write;
use crate::store::{Backend, StoreError};
use sqlx::{AnyConnection, Connection};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc;

/// At most this many jobs taken at once: bounds how long one transaction holds the lock.
const MAX_BATCH: usize = 128;

/// A transaction of a batch with other writes than moves is committed once it has run this
/// long, and the rest of the batch goes on in the next: every job waits for the commit of its
/// transaction, so one transaction with a hundred match starts would keep the first waiting
/// for all of them. (Long in tests, which count commits of batches on a slower build.)
const SLICE: std::time::Duration =
    std::time::Duration::from_millis(if cfg!(test) { 500 } else { 2 });

/// Delivered outbox rows are deleted with the next commit that has other work: a commit of
/// their own costs a sync of the disk, about two thirds of a commit per move under load.
/// They wait at most this long, or until this many have gathered, then go on their own.
/// Should the bot stop before, the rows are delivered again after the restart, as any
/// delivered row whose deletion was not yet written.
pub(in crate::store) const DELETIONS_WAIT: std::time::Duration =
    std::time::Duration::from_millis(200);
const DELETIONS_HELD: usize = 16;

/// Under steady load (a commit of moves ended less than [`GATHER_WHEN`] ago), a batch of
/// fewer than [`GATHER_UP_TO`] jobs (moves, and deletions with them) waits [`GATHER`] for the
/// next moves to share its commit: each commit is a sync of the disk and several wakes of
/// the writer and of SQLite's worker. At a thousand moves a second, waiting 4 ms took the
/// commits per move from 0.61 (0.7 ms) to 0.28 and the bot's CPU per move from 0.55 ms to
/// 0.45, for a median answer of 3.4 ms instead of 1.6 (a player waits a hundred times that
/// for Discord) and a p99 of about 7 ms. A move on a quiet server is written at once.
const GATHER: std::time::Duration = std::time::Duration::from_micros(4000);
const GATHER_WHEN: std::time::Duration = std::time::Duration::from_millis(3);
const GATHER_UP_TO: usize = 16;

/// A move waiting for its transaction, and where its answer goes.
type Waiting<J> = (<J as Jobs>::Move, Done<bool>);

/// The writer thread's loop: takes what is queued, writes it, until every handle is gone or
/// the database lost a transaction.
pub(super) async fn run<J: Jobs>(
    mut conn: AnyConnection,
    backend: Backend,
    mut queue: mpsc::UnboundedReceiver<Job<J>>,
    wal: Option<Arc<checkpoint::Wal>>,
    commits: Arc<AtomicU64>,
) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    let mut moves = Vec::with_capacity(MAX_BATCH);
    let mut deletions = Vec::new();
    let mut checkpoints_on_own = false;
    // Since when the deletions taken so far have waited for a commit to go with (none while
    // there are none: every write of deletions empties the list).
    let mut held_since: Option<tokio::time::Instant> = None;
    let mut last_commit: Option<std::time::Instant> = None;
    loop {
        if deletions.is_empty() {
            held_since = None;
        }
        let received = match held_since {
            None => queue.recv_many(&mut jobs, MAX_BATCH).await,
            Some(since) => {
                let next = queue.recv_many(&mut jobs, MAX_BATCH);
                match tokio::time::timeout_at(since + DELETIONS_WAIT, next).await {
                    Ok(received) => received,
                    Err(_) => {
                        delete_pending::<J>(&mut conn, backend, &mut deletions, &commits).await;
                        continue;
                    }
                }
            }
        };
        if received == 0 {
            // Every handle is gone: the deletions taken go before the thread ends.
            delete_pending::<J>(&mut conn, backend, &mut deletions, &commits).await;
            return;
        }
        if let Some(wal) = &wal {
            checkpoint::between_batches(&mut conn, wal, &mut checkpoints_on_own).await;
        }
        if gathers(&jobs, last_commit.map(|t| t.elapsed())) {
            // Nothing else runs on this thread's runtime, and no statement is under way.
            std::thread::sleep(GATHER);
            while jobs.len() < MAX_BATCH {
                match queue.try_recv() {
                    Ok(job) => jobs.push(job),
                    Err(_) => break,
                }
            }
        }
        let moves_only = moves_only(&jobs);
        if !moves_only {
            if write_batch(&mut conn, backend, &mut jobs, &mut deletions, &commits)
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
                Job::Move { job, done } => moves.push((job, done)),
                Job::Deletion(n) => deletions.push(n),
                Job::Other(_) | Job::Batched(_) => {
                    unreachable!("only moves here")
                }
            }
        }
        let committed = !moves.is_empty();
        let ok = commit_moves::<J>(&mut conn, backend, &mut moves, &mut deletions, &commits).await;
        // Only a commit of moves says moves are coming steadily (deletions alone commit nothing).
        last_commit = (committed && ok).then(std::time::Instant::now);
        if !deletions.is_empty() {
            let since = *held_since.get_or_insert_with(tokio::time::Instant::now);
            // After a failed commit the deletions go on their own at once, as before they were
            // held: they must not take the next moves' commits down with them.
            if !ok || deletions.len() >= DELETIONS_HELD || since.elapsed() >= DELETIONS_WAIT {
                delete_pending::<J>(&mut conn, backend, &mut deletions, &commits).await;
            }
        }
        if !ok && connection_lost(&mut conn, backend).await {
            return;
        }
    }
}

/// Whether `jobs` hold plain moves and deletions of delivered rows only: their statements go to the
/// database together, in one round trip.
fn moves_only<J: Jobs>(jobs: &[Job<J>]) -> bool {
    jobs.iter().all(|j| match j {
        Job::Move { job, .. } => J::plain(job),
        Job::Other(_) | Job::Batched(_) => false,
        Job::Deletion(_) => true,
    })
}

/// Whether the moves of `jobs` wait [`GATHER`] for more, the last commit of moves having
/// ended `since_commit` ago.
fn gathers<J: Jobs>(jobs: &[Job<J>], since_commit: Option<std::time::Duration>) -> bool {
    jobs.len() < GATHER_UP_TO
        && since_commit.is_some_and(|d| d < GATHER_WHEN)
        && jobs.iter().any(|j| matches!(j, Job::Move { .. }))
        && moves_only(jobs)
}

/// Counts a commit of a batch: for the tests, and for the operators (`gin_db_commits_total`:
/// with `synchronous = FULL` each is a sync of the disk). The jobs run one by one after a
/// batch could not begin are not counted.
fn count_commit(commits: &AtomicU64) {
    commits.fetch_add(1, Ordering::Relaxed);
    crate::metrics::get().db_commits.inc();
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

/// Every job of `jobs`, in order, in as few transactions as [`SLICE`] allows: with
/// `synchronous = FULL` each COMMIT waits for the disk, so a thousand match starts at once
/// must not cost a thousand syncs. Each job is answered once its transaction is committed.
async fn write_batch<J: Jobs>(
    conn: &mut AnyConnection,
    backend: Backend,
    jobs: &mut Vec<Job<J>>,
    deletions: &mut Vec<J::Deletion>,
    commits: &AtomicU64,
) -> Result<(), Lost> {
    let mut jobs = jobs.drain(..);
    let e = loop {
        if jobs.len() == 0 {
            return Ok(());
        }
        match conn.begin_with(begin_write(backend)).await {
            Ok(tx) => write_slice(tx, backend, &mut jobs, deletions, commits).await?,
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
    let mut moves = Vec::new();
    for job in jobs {
        match job {
            Job::Move { job, done } => moves.push((job, done)),
            Job::Other(work) => {
                commit_moves::<J>(conn, backend, &mut moves, &mut Vec::new(), commits).await;
                work(conn).await.0(Ok(()));
            }
            Job::Batched(job) => J::alone(job, conn, backend).await,
            Job::Deletion(n) => deletions.push(n),
        }
    }
    commit_moves::<J>(conn, backend, &mut moves, &mut Vec::new(), commits).await;
    delete_pending::<J>(conn, backend, deletions, commits).await;
    Ok(())
}

/// The jobs of one [`SLICE`] of [`write_batch`] in its open transaction `tx`, with the
/// deletions taken so far. After any failure it makes sure the transaction is still there; if
/// SQLite dropped it, the slice's jobs are answered with the error and the rest of the batch
/// is not run.
async fn write_slice<J: Jobs>(
    mut tx: sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    jobs: &mut std::vec::Drain<'_, Job<J>>,
    deletions: &mut Vec<J::Deletion>,
    commits: &AtomicU64,
) -> Result<(), Lost> {
    let began = std::time::Instant::now();
    let mut savepoint = Savepoint::new(backend);
    let mut answers: Vec<Answer> = Vec::new();
    let mut moves = Vec::new();
    let mut held = J::Held::default();
    let lost = |answers: Vec<Answer>| {
        let e = StoreError::Commit("the database rolled the transaction back".into());
        for answer in answers {
            answer(Err(&e));
        }
        Err(Lost)
    };
    for job in jobs.by_ref() {
        let ok = match job {
            Job::Move { job, done } => {
                moves.push((job, done));
                true
            }
            Job::Other(work) => {
                // Whatever came before it is written first.
                let staged =
                    stage_moves::<J>(&mut tx, &mut moves, &mut answers, &mut savepoint).await;
                let (answer, ok) = in_own_savepoint(&mut tx, work, &mut savepoint).await;
                answers.push(answer);
                staged && ok
            }
            Job::Deletion(n) => {
                deletions.push(n);
                true
            }
            Job::Batched(job) => {
                J::hold(&mut held, job);
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
    let mut ok = stage_moves::<J>(&mut tx, &mut moves, &mut answers, &mut savepoint).await;
    ok &= J::stage_held(&mut held, &mut tx, &mut answers, &mut savepoint).await;
    if !deletions.is_empty() {
        let deleted = match savepoint.enter(&mut tx).await {
            Some(false) => Err(StoreError::Commit(
                "no savepoint for the deletions of delivered rows".into(),
            )),
            _ => J::delete(&mut tx, backend, deletions, false).await,
        };
        if let Err(e) = deleted {
            tracing::warn!(error = %e, "deleting delivered rows");
            savepoint.undo(&mut tx).await;
            ok = false;
        }
        deletions.clear();
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
    // Moves queue behind a slice as behind a batch of moves (`commit`), whatever it holds.
    crate::metrics::db_time("slice", began);
    if let Err(e) = &committed {
        tracing::error!(error = %e, "committing a batch of writes");
    } else {
        count_commit(commits);
    }
    for answer in answers {
        answer(committed.as_ref().copied());
    }
    // After a failed COMMIT the connection's state is unknown.
    committed.map_err(|_| Lost)
}

/// Writes the waiting moves inside the open transaction `tx` (see [`stage`]), each move's
/// answer waiting for its commit. A failing move rolls back to its savepoint and fails
/// alone, with its error as text. Returns false unless the moves were written together (the
/// caller then checks that the transaction is still there).
async fn stage_moves<J: Jobs>(
    tx: &mut AnyConnection,
    moves: &mut Vec<Waiting<J>>,
    answers: &mut Vec<Answer>,
    savepoint: &mut Savepoint,
) -> bool {
    let backend = savepoint.backend;
    let batch: Vec<&J::Move> = moves.iter().map(|(m, _)| m).collect();
    let write = async |tx: &mut AnyConnection, batch: &[&J::Move]| {
        all_or_nothing::<J>(tx, backend, batch).await
    };
    let staged = stage(tx, &batch, savepoint, "the moves", Lone::Again, write).await;
    let as_text = |e: &StoreError| StoreError::Commit(e.to_string());
    let (stored, ok): (Vec<Result<bool, StoreError>>, bool) = match staged {
        Staged::Together(stored) => (stored.into_iter().map(Ok).collect(), true),
        Staged::Failed(e) => (moves.iter().map(|_| Err(as_text(&e))).collect(), false),
        Staged::Each(each) => {
            let each = each.into_iter().map(|r| r.map_err(|e| as_text(&e)));
            (each.collect(), false)
        }
    };
    for ((_, done), result) in moves.drain(..).zip(stored) {
        answers.push(answer(done, result));
    }
    ok
}

/// [`Jobs::stage`], all or nothing on SQLite too: SQLite takes back only a failed statement
/// (see [`Savepoint`]), so there the moves get a transaction of their own, a savepoint
/// inside the slice's.
async fn all_or_nothing<J: Jobs>(
    tx: &mut AnyConnection,
    backend: Backend,
    moves: &[&J::Move],
) -> Result<Vec<bool>, StoreError> {
    if backend == Backend::Postgres {
        return J::stage(tx, backend, moves).await;
    }
    let mut own = tx.begin().await?;
    let stored = J::stage(&mut own, backend, moves).await?;
    own.commit().await?;
    Ok(stored)
}

/// Writes the deletions taken so far, in a transaction of their own.
async fn delete_pending<J: Jobs>(
    conn: &mut AnyConnection,
    backend: Backend,
    deletions: &mut Vec<J::Deletion>,
    commits: &AtomicU64,
) {
    if deletions.is_empty() {
        return;
    }
    match J::delete(conn, backend, deletions, true).await {
        Ok(()) => {
            count_commit(commits);
        }
        Err(e) => tracing::warn!(error = %e, "deleting delivered rows"),
    }
    deletions.clear();
}

/// Writes the waiting moves in one transaction and answers each of them. When they are
/// all plain, the deletions are written in the same commit (and the list emptied).
async fn commit_moves<J: Jobs>(
    conn: &mut AnyConnection,
    backend: Backend,
    moves: &mut Vec<Waiting<J>>,
    deletions: &mut Vec<J::Deletion>,
    commits: &AtomicU64,
) -> bool {
    if moves.is_empty() {
        return true;
    }
    let batch: Vec<&J::Move> = moves.iter().map(|(m, _)| m).collect();
    let plain = batch.iter().all(|m| J::plain(m));
    let started = std::time::Instant::now();
    let written = if plain {
        J::commit_plain(conn, backend, &batch, deletions).await
    } else {
        write::<J>(conn, backend, &batch).await
    };
    crate::metrics::db_time("commit", started);
    match written {
        Ok(stored) => {
            if plain {
                deletions.clear();
            }
            count_commit(commits);
            for ((_, done), ok) in moves.drain(..).zip(stored) {
                let _ = done.send(Ok(ok));
            }
            true
        }
        // One move's failure must not fail the others: each again, alone.
        Err(_) => {
            for (m, done) in moves.drain(..) {
                let alone = write::<J>(conn, backend, &[&m]).await;
                if alone.is_ok() {
                    count_commit(commits);
                }
                let _ = done.send(alone.map(|stored| stored[0]));
            }
            false
        }
    }
}

/// One transaction for `moves`; nothing is kept if any statement fails.
async fn write<J: Jobs>(
    conn: &mut AnyConnection,
    backend: Backend,
    moves: &[&J::Move],
) -> Result<Vec<bool>, StoreError> {
    if moves.iter().all(|m| J::plain(m)) {
        return J::commit_plain(conn, backend, moves, &[]).await;
    }
    let mut tx = conn.begin_with(begin_write(backend)).await?;
    let stored = J::stage(&mut tx, backend, moves).await?;
    tx.commit().await?;
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use crate::store::fixtures::{action, db_with_matches, hold, new_match, stored};
    use crate::store::{NewMatch, StoreError};
    use futures_util::future::join_all;

    /// Moves wait for more only under steady load, only a few, and only when nothing but
    /// moves and deletions came with them: a quiet server's move, a burst, or a batch with other
    /// writes is written at once.
    #[test]
    fn only_a_few_moves_right_after_a_commit_wait_for_more() {
        use super::{gathers, Job, GATHER_UP_TO, GATHER_WHEN};
        use crate::store::jobs::Writes;
        use crate::store::rows::Delivered;
        use crate::store::OutboxKey;
        use std::time::Duration;
        let a_move = || Job::<Writes>::Move {
            job: action(1, 0),
            done: tokio::sync::oneshot::channel().0,
        };
        let key = OutboxKey {
            match_id: 1,
            version: 1,
            part: 0,
        };
        let a_deletion = || Job::<Writes>::Deletion(Delivered(key));
        let other = || Job::<Writes>::Other(Box::new(|_| Box::pin(async { unreachable!() })));
        let recent = Some(Duration::from_micros(300));
        assert!(gathers(&[a_move()], recent));
        assert!(gathers(&[a_move(), a_deletion()], recent));
        assert!(!gathers(&[a_move()], None), "no commit yet");
        assert!(!gathers(&[a_move()], Some(GATHER_WHEN)), "a quiet moment");
        assert!(
            !gathers(&[a_deletion()], recent),
            "deletions alone wait anyway"
        );
        assert!(!gathers(&[a_move(), other()], recent));
        let burst: Vec<_> = (0..GATHER_UP_TO).map(|_| a_move()).collect();
        assert!(!gathers(&burst, recent));
        let mut ended = action(1, 0);
        ended.status = crate::store::MatchState::Ended(crate::store::EndReason::Resigned);
        let ended = Job::<Writes>::Move {
            job: ended,
            done: tokio::sync::oneshot::channel().0,
        };
        assert!(
            !gathers(&[ended], recent),
            "a move that ends a match is not plain"
        );
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
            async move { db.matches().create_match(&new_match(i)).await }
        }));
        let matches = db.matches();
        let moves = join_all(ids.iter().map(|&id| matches.save_action(action(id, 0))));
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
            place_kind: Default::default(),
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
            async move { (i, db.challenges().create_challenge(&new(i)).await) }
        }));
        let matches = db.matches();
        let tables = join_all([
            matches.set_table_message(a, 7001, 1),
            matches.set_table_message(b, 7002, 1),
            matches.set_table_message(a, 7003, 2),
        ]);
        let (challenges, tables, _) = tokio::join!(challenges, tables, async { release.send(()) });
        held.await.unwrap();
        assert_eq!(db.writer.commits() - before, 2);
        assert!(tables.iter().all(Result::is_ok), "{tables:?}");
        let mut seen = std::collections::HashSet::new();
        for (i, id) in challenges {
            let id = id.unwrap();
            assert!(seen.insert(id));
            let stored = db.challenges().challenge(id).await.unwrap().unwrap();
            assert_eq!(format!("{stored:?}"), format!("{:?}", new(i).stored_as(id)));
        }
        db.challenges()
            .set_challenge_message(*seen.iter().next().unwrap(), 8001)
            .await
            .unwrap();
        let table = |id| {
            let db = db.clone();
            async move {
                let m = db.matches().load_match(id).await.unwrap().unwrap();
                (m.table_message_id, m.table_deal)
            }
        };
        assert_eq!(table(a).await, (Some(7003), 2));
        assert_eq!(table(b).await, (Some(7002), 1));
        let first = *seen.iter().next().unwrap();
        assert_eq!(
            db.challenges()
                .challenge(first)
                .await
                .unwrap()
                .unwrap()
                .message_id,
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
            place_kind: Default::default(),
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
            pairs.push((
                db.challenges().create_challenge(&c).await.unwrap(),
                300 + i,
                game(&c),
            ));
        }
        let three = challenge(600, 400, &[401, 402]);
        let three_id = db.challenges().create_challenge(&three).await.unwrap();
        let busy = challenge(100, 10, &[700]);
        let busy_id = db.challenges().create_challenge(&busy).await.unwrap();
        let accept_all = |accepts: Vec<(i64, u64, NewMatch)>| {
            let db = db.clone();
            async move {
                let (release, held) = hold(&db).await;
                let before = db.writer.commits();
                let challenges = db.challenges();
                let outcomes = join_all(
                    accepts
                        .iter()
                        .map(|(id, user, game)| challenges.accept_challenge(*id, *user, game)),
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
            let stored = db.matches().load_match(id).await.unwrap().unwrap();
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
        let refused = db.challenges().challenge(busy_id).await.unwrap().unwrap();
        assert_eq!(
            (refused.status, refused.accepted),
            (ChallengeState::Open, vec![])
        );
        assert_eq!(
            db.challenges()
                .challenge(three_id)
                .await
                .unwrap()
                .unwrap()
                .status,
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
        let matches = db.matches();
        let (a, broken, twice, b, moved, _) = tokio::join!(
            matches.create_match(&a),
            broken,
            matches.create_match(&twice),
            matches.create_match(&b),
            matches.save_action(moved),
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
        let matches = db.matches();
        let (before, lost, after, _) = tokio::join!(
            matches.create_match(&before),
            lost,
            matches.create_match(&after),
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
                    Some(db.matches().create_match(&new_match(10)).await)
                } else {
                    None
                }
            };
            let matches = db.matches();
            let moves = join_all(ids.iter().map(|&id| matches.save_action(action(id, 0))));
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
