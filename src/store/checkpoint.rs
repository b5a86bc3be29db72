//! WAL checkpoints off the writer's path.
//!
//! SQLite's automatic checkpoint runs inside the COMMIT that crosses 1,000 WAL pages: under
//! load that is several times a second, and every action waiting for that commit waits for
//! the copy as well. Here the writer's connection never checkpoints by itself. A thread of
//! its own copies the WAL back into the database a little at a time (PASSIVE: it never
//! blocks the writer). While writes never pause, SQLite cannot start the WAL over, so when
//! it has grown past [`WAL_LIMIT_PAGES`] the writer is asked to run one RESTART checkpoint
//! between two batches: the WAL stays bounded, and that checkpoint finds little left to copy.

use super::StoreError;
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

/// The writer connection's options: it leaves checkpoints to [`Checkpointer`].
pub(super) fn writer_options(options: SqliteConnectOptions) -> SqliteConnectOptions {
    options.pragma("wal_autocheckpoint", "0")
}

/// The background checkpoint thread; it stops when this is dropped.
#[derive(Debug)]
pub(super) struct Checkpointer {
    _stop: mpsc::Sender<()>,
    /// Set when the WAL is too long: the writer then runs [`restart`].
    pub(super) restart_due: Arc<AtomicBool>,
}

impl Checkpointer {
    pub(super) async fn start(options: SqliteConnectOptions) -> Result<Checkpointer, StoreError> {
        let mut conn = SqliteConnection::connect_with(&options).await?;
        let (stop, mut stopped) = mpsc::channel::<()>(1);
        let restart_due = Arc::new(AtomicBool::new(false));
        let due = restart_due.clone();
        super::on_own_thread("gin-db-checkpoint", move || async move {
            let mut tick = tokio::time::interval(EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = stopped.recv() => break,
                    _ = tick.tick() => {}
                }
                match passive(&mut conn).await {
                    Ok(wal_pages) if wal_pages > WAL_LIMIT_PAGES => {
                        due.store(true, Ordering::Relaxed)
                    }
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "background checkpoint"),
                }
            }
            let _ = conn.close().await;
        })?;
        Ok(Checkpointer {
            _stop: stop,
            restart_due,
        })
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

/// Run by the writer between two batches: copies the rest of the WAL and makes the next
/// write start it over from the beginning.
pub(super) async fn restart(conn: &mut SqliteConnection) {
    if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(RESTART)")
        .execute(&mut *conn)
        .await
    {
        tracing::warn!(error = %e, "restarting the WAL");
    }
}

#[cfg(test)]
mod tests {
    use super::super::writer::tests::{action, db_with_matches};
    use sqlx::Connection;
    use std::sync::atomic::Ordering;

    async fn wal_checkpoint(db: &crate::store::Db) -> (i64, i64, i64) {
        sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(db.pool())
            .await
            .unwrap()
    }

    /// The writer never checkpoints in its commits; the background thread copies the WAL
    /// back into the database file within moments.
    #[tokio::test]
    async fn the_wal_is_checkpointed_in_the_background() {
        let (dir, db, ids) = db_with_matches(3).await;
        let autocheckpoint: i64 = db
            .write(|conn| {
                Box::pin(async move {
                    Ok(sqlx::query_scalar("PRAGMA wal_autocheckpoint")
                        .fetch_one(&mut *conn)
                        .await?)
                })
            })
            .await
            .unwrap();
        assert_eq!(autocheckpoint, 0, "the writer leaves checkpoints alone");
        for &id in &ids {
            assert!(db.save_action(action(id, 0)).await.unwrap());
        }
        tokio::time::sleep(super::EVERY * 4).await;
        // The database file alone, without its WAL, holds what was checkpointed.
        let copy = dir.path().join("copy.db");
        std::fs::copy(dir.path().join("w.db"), &copy).unwrap();
        let mut file = sqlx::SqliteConnection::connect(&format!("sqlite://{}", copy.display()))
            .await
            .unwrap();
        let versions: Vec<i64> = sqlx::query_scalar("SELECT version FROM matches ORDER BY id")
            .fetch_all(&mut file)
            .await
            .unwrap();
        assert_eq!(versions, vec![1, 1, 1]);
    }

    /// When the background thread finds the WAL too long, the writer restarts it before its
    /// next batch.
    #[tokio::test]
    async fn a_due_restart_is_run_by_the_writer() {
        let (_dir, db, ids) = db_with_matches(2).await;
        assert!(db.save_action(action(ids[0], 0)).await.unwrap());
        let due = db.writer_restart_due();
        due.store(true, Ordering::Relaxed);
        assert!(db.save_action(action(ids[1], 0)).await.unwrap());
        assert!(!due.load(Ordering::Relaxed), "taken up by the writer");
        assert_eq!(wal_checkpoint(&db).await.0, 0, "the database is usable");
    }
}
