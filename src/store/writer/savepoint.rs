//! One failing job must not take its batch down: each job of a slice runs in a savepoint of
//! its own where the database needs one, and after a failure the writer asks whether the
//! transaction is still there.

use super::{Answer, Work};
use crate::store::Backend;
use sqlx::{AnyConnection, Executor};

/// On PostgreSQL a failed statement spoils the whole transaction, so each job of a slice
/// runs in a savepoint of its own, and a failure takes back only that job's writes (SQLite
/// takes back only the failed statement by itself, and needs none). The savepoint of a job
/// is opened by the same round trip that releases the one before: one round trip per job.
pub(in crate::store) struct Savepoint {
    open: bool,
    pub(super) backend: Backend,
}

impl Savepoint {
    pub(super) fn new(backend: Backend) -> Savepoint {
        Savepoint {
            open: false,
            backend,
        }
    }

    /// Opens the next job's savepoint: whether it is open, None on SQLite.
    pub(super) async fn enter(&mut self, conn: &mut AnyConnection) -> Option<bool> {
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
    pub(super) async fn close(&mut self, conn: &mut AnyConnection) -> bool {
        if !self.open {
            return true;
        }
        self.open = false;
        conn.execute("RELEASE SAVEPOINT gin_job").await.is_ok()
    }

    /// Takes back what was written since [`Savepoint::enter`]; false if that failed.
    pub(super) async fn undo(&mut self, conn: &mut AnyConnection) -> bool {
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

/// Whether the transaction on `conn` is still open and usable (sqlx cannot tell once the
/// database dropped it by itself). SQLite refuses a `BEGIN` inside a transaction; PostgreSQL
/// refuses a `SAVEPOINT` outside one, and any statement in a failed one.
pub(super) async fn in_transaction(conn: &mut AnyConnection, backend: Backend) -> bool {
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

/// Runs a job inside the batch's transaction, in its own [`Savepoint`] on PostgreSQL.
pub(super) async fn in_own_savepoint(
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
