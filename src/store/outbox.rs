//! The outbox: what accepted actions require to be shown, kept until it is delivered.

use super::rows::{Delivered, OutboxKey, OutboxRow};
use super::{postgres, sqlite, Backend, Db, StoreError};

impl Db {
    /// Every undelivered outbox row, by match and version (after a restart).
    pub async fn pending_outbox(&self) -> Result<Vec<OutboxRow>, StoreError> {
        let rows: Vec<(i64, i64, i64, i64, String)> = sqlx::query_as(&format!(
            "SELECT match_id, version, part, due_ms, effects FROM outbox WHERE match_id IN \
             (SELECT id FROM matches WHERE {}) ORDER BY match_id, version, part",
            self.shards.condition("guild_id")
        ))
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(
                |(match_id, version, part, due_ms, effects_json)| OutboxRow {
                    key: OutboxKey {
                        match_id,
                        version,
                        part: part as u8,
                    },
                    due_ms,
                    effects_json,
                },
            )
            .collect())
    }

    /// Notes that a row was delivered (it is deleted with the next batch of writes).
    pub fn outbox_delivered(&self, key: OutboxKey) {
        self.writer.note_delivered(Delivered(key));
    }

    /// Notes that the idle player of this turn was reminded at `now`, and stores the reminder
    /// to deliver, in one transaction; false (nothing written) if the turn moved on or was
    /// reminded already.
    pub async fn mark_reminded(&self, reminder: OutboxRow, now: i64) -> Result<bool, StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                use sqlx::Connection;
                let mut tx = conn.begin().await?;
                let k = reminder.key;
                let done = sqlx::query(
                    "UPDATE matches SET reminded = $1 WHERE id = $2 AND version = $3 AND reminded = 0 \
                     AND status = 'active'",
                )
                .bind(now.max(1))
                .bind(k.match_id)
                .bind(k.version)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() != 1 {
                    return Ok(false);
                }
                insert_rows(&mut tx, std::slice::from_ref(&reminder)).await?;
                tx.commit().await?;
                Ok(true)
            })
        })
        .await
    }
}

/// Inserts outbox rows (inside the caller's transaction).
pub(super) async fn insert_rows(
    conn: &mut sqlx::AnyConnection,
    rows: &[OutboxRow],
) -> Result<(), StoreError> {
    for r in rows {
        sqlx::query(
            "INSERT INTO outbox (match_id, version, part, due_ms, effects) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (match_id, version, part) DO UPDATE SET due_ms = excluded.due_ms, \
             effects = excluded.effects",
        )
        .bind(r.key.match_id)
        .bind(r.key.version)
        .bind(r.key.part as i64)
        .bind(r.due_ms)
        .bind(&r.effects_json)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Deletes the delivered rows in one round trip: in a transaction of its own, or in the
/// caller's (on PostgreSQL one statement is either).
pub(super) async fn delete_delivered(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    rows: &[Delivered],
    own_transaction: bool,
) -> Result<(), StoreError> {
    if rows.is_empty() {
        return Ok(());
    }
    match backend {
        Backend::Sqlite => sqlite::batch::delete_delivered(conn, rows, own_transaction).await,
        Backend::Postgres => postgres::batch::delete_delivered(conn, rows).await,
    }
}
