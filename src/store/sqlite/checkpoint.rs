//! WAL checkpoints off the writer's path.
//!
//! SQLite's automatic checkpoint runs inside the COMMIT that crosses 1,000 WAL pages: under
//! load that is several times a second, and every action waiting for that commit waits for
//! the copy as well. Here the writer's connection never checkpoints by itself. A thread of
//! its own copies the WAL back into the database a little at a time (PASSIVE: it never
//! blocks the writer). While writes never pause, SQLite cannot start the WAL over, so when
//! it has grown past [`WAL_LIMIT_PAGES`] the writer is asked to run one RESTART checkpoint
//! between two batches: the WAL stays bounded, and that checkpoint finds little left to copy.

use crate::store::StoreError;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Connection, SqliteConnection};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// How often the background checkpoint runs.
const EVERY: Duration = Duration::from_millis(50);

/// WAL length (in pages of 4 KiB) past which the writer restarts it: 32 MiB, about two
/// seconds of writes at 1,000 actions a second.
const WAL_LIMIT_PAGES: i64 = 8_192;

/// Run on the writer's connection as it opens: it leaves checkpoints to [`Checkpointer`].
pub(in crate::store) const WRITER_SETUP: &str = "PRAGMA wal_autocheckpoint = 0";

/// What the checkpoint thread and the writer share.
#[derive(Debug)]
pub(in crate::store) struct Wal {
    /// Set when the WAL is too long: the writer then runs a RESTART checkpoint.
    pub(in crate::store) restart_due: AtomicBool,
    /// Cleared if the checkpoint thread ends for any reason (see [`between_batches`]).
    alive: AtomicBool,
}

/// Clears [`Wal::alive`] when dropped: when the thread ends, panics, or never gets to run.
struct Alive(Arc<Wal>);

impl Drop for Alive {
    fn drop(&mut self) {
        self.0.alive.store(false, Ordering::Relaxed);
    }
}

/// The background checkpoint thread; it stops when this is dropped.
#[derive(Debug)]
pub(in crate::store) struct Checkpointer {
    _stop: mpsc::Sender<()>,
    pub(in crate::store) wal: Arc<Wal>,
}

impl Checkpointer {
    pub(in crate::store) async fn start(
        options: SqliteConnectOptions,
    ) -> Result<Checkpointer, StoreError> {
        let mut conn = SqliteConnection::connect_with(&options).await?;
        let (stop, mut stopped) = mpsc::channel::<()>(1);
        let wal = Arc::new(Wal {
            restart_due: AtomicBool::new(false),
            alive: AtomicBool::new(true),
        });
        let alive = Alive(wal.clone());
        crate::store::on_own_thread("gin-db-checkpoint", move || async move {
            let wal = &alive.0;
            let mut tick = tokio::time::interval(EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut failures = 0u32;
            loop {
                tokio::select! {
                    _ = stopped.recv() => break,
                    _ = tick.tick() => {}
                }
                let started = std::time::Instant::now();
                let copied = passive(&mut conn).await;
                // Timed, so that a slow one shows beside slow commits (`gin_db_seconds`).
                crate::metrics::db_time("checkpoint", started);
                match copied {
                    Ok(wal_pages) => {
                        failures = 0;
                        if wal_pages > WAL_LIMIT_PAGES {
                            wal.restart_due.store(true, Ordering::Relaxed);
                        }
                    }
                    Err(e) => {
                        // Once, then once a minute while it lasts.
                        if failures % 1200 == 0 {
                            tracing::warn!(error = %e, failures, "background checkpoint");
                        }
                        failures = failures.wrapping_add(1);
                    }
                }
            }
            let _ = conn.close().await;
        })?;
        Ok(Checkpointer { _stop: stop, wal })
    }
}

/// Copies what it can of the WAL into the database without waiting for anyone; returns the
/// WAL's length in pages.
async fn passive(conn: &mut SqliteConnection) -> Result<i64, StoreError> {
    let (_busy, wal_pages, _copied): (i64, i64, i64) =
        sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(&mut *conn)
            .await?;
    Ok(wal_pages)
}

/// Run by the writer between two batches. When a restart is due: copies the rest of the WAL
/// and makes the next write start it over (if the background checkpoint holds the
/// checkpoint lock just then, SQLite answers "busy" and it is tried again after the next
/// batch). If the checkpoint thread has ended, the writer goes back to SQLite's automatic
/// checkpoints rather than let the WAL grow without end.
pub(in crate::store) async fn between_batches(
    conn: &mut sqlx::AnyConnection,
    wal: &Wal,
    on_own: &mut bool,
) {
    if !*on_own && !wal.alive.load(Ordering::Relaxed) {
        *on_own = true;
        tracing::error!("the background checkpoint stopped: the writer checkpoints in its commits");
        if let Err(e) = sqlx::query("PRAGMA wal_autocheckpoint = 1000")
            .execute(&mut *conn)
            .await
        {
            tracing::warn!(error = %e, "turning automatic checkpoints back on");
        }
    }
    if wal.restart_due.swap(false, Ordering::Relaxed) {
        let started = std::time::Instant::now();
        let restarted: Result<(i64, i64, i64), _> =
            sqlx::query_as("PRAGMA wal_checkpoint(RESTART)")
                .fetch_one(&mut *conn)
                .await;
        crate::metrics::db_time("restart", started);
        match restarted {
            Ok((0, _, _)) => {}
            Ok(_busy) => wal.restart_due.store(true, Ordering::Relaxed),
            Err(e) => tracing::warn!(error = %e, "restarting the WAL"),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::store::fixtures::{action, db_with_matches};
    use crate::store::Db;
    use sqlx::Connection;
    use std::sync::atomic::Ordering;

    async fn writer_autocheckpoint(db: &Db) -> i64 {
        db.write(|conn| {
            Box::pin(async move {
                Ok(sqlx::query_scalar("PRAGMA wal_autocheckpoint")
                    .fetch_one(&mut *conn)
                    .await?)
            })
        })
        .await
        .unwrap()
    }

    /// The versions of the matches as the database file alone (without its WAL) has them:
    /// what has been checkpointed.
    async fn checkpointed_versions(dir: &std::path::Path) -> Vec<i64> {
        let copy = dir.join("copy.db");
        std::fs::copy(dir.join("w.db"), &copy).unwrap();
        let mut file = sqlx::SqliteConnection::connect(&format!("sqlite://{}", copy.display()))
            .await
            .unwrap();
        sqlx::query_scalar("SELECT version FROM matches ORDER BY id")
            .fetch_all(&mut file)
            .await
            .unwrap_or_default()
    }

    /// The writer never checkpoints in its commits; the background thread copies the WAL
    /// back into the database file within moments.
    #[tokio::test]
    async fn the_wal_is_checkpointed_in_the_background() {
        if crate::store::testing::on_postgres() {
            return; // A SQLite matter.
        }
        let (dir, db, ids) = db_with_matches(3).await;
        assert_eq!(
            writer_autocheckpoint(&db).await,
            0,
            "the writer leaves them alone"
        );
        for &id in &ids {
            assert!(db.matches().save_action(action(id, 0)).await.unwrap());
        }
        let mut versions = Vec::new();
        for _ in 0..200 {
            tokio::time::sleep(super::EVERY).await;
            versions = checkpointed_versions(dir.path()).await;
            if versions == [1, 1, 1] {
                break;
            }
        }
        assert_eq!(versions, vec![1, 1, 1]);
    }

    /// When the background thread finds the WAL too long, the writer restarts it between
    /// batches (again after the next one if the background checkpoint was busy just then).
    #[tokio::test]
    async fn a_due_restart_is_run_by_the_writer() {
        if crate::store::testing::on_postgres() {
            return; // A SQLite matter.
        }
        let (_dir, db, ids) = db_with_matches(1).await;
        let wal = db.wal();
        wal.restart_due.store(true, Ordering::Relaxed);
        let mut version = 0;
        while wal.restart_due.load(Ordering::Relaxed) && version < 100 {
            assert!(db
                .matches()
                .save_action(action(ids[0], version))
                .await
                .unwrap());
            version += 1;
        }
        assert!(
            !wal.restart_due.load(Ordering::Relaxed),
            "taken up by the writer"
        );
    }

    /// If the checkpoint thread ends, the writer goes back to SQLite's own checkpoints.
    #[tokio::test]
    async fn without_the_checkpoint_thread_the_writer_checkpoints_itself() {
        if crate::store::testing::on_postgres() {
            return; // A SQLite matter.
        }
        let (_dir, db, ids) = db_with_matches(1).await;
        db.wal().alive.store(false, Ordering::Relaxed);
        assert!(db.matches().save_action(action(ids[0], 0)).await.unwrap());
        assert_eq!(writer_autocheckpoint(&db).await, 1000);
    }
}
