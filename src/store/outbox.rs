//! The outbox: what accepted actions require to be shown, kept until it is delivered.

use super::rows::{Delivered, OutboxKey, OutboxRow};
use super::{postgres, sqlite, Backend, Outbox, StoreError};

impl Outbox<'_> {
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
/// caller's (on PostgreSQL one statement is either). The two bodies differ for PostgreSQL's
/// planner: there the outbox, a queue with many dead rows, is searched row by row through
/// its key and deleted by `ctid` (see `postgres::batch`); SQLite deletes by key, a
/// statement per row in one text (the same statements end a batch of moves there).
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

#[cfg(test)]
mod tests {
    use crate::store::fixtures::{action, db_with_matches};

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
        assert!(db.matches().save_action(draw).await.unwrap());
        assert!(!db.outbox().mark_reminded(reminder(0), 100).await.unwrap());
        assert!(db.outbox().pending_outbox().await.unwrap().is_empty());
        // The next pass reminds once; a pass after it does not.
        assert!(db.outbox().mark_reminded(reminder(1), 130).await.unwrap());
        assert!(!db.outbox().mark_reminded(reminder(1), 160).await.unwrap());
        assert_eq!(db.outbox().pending_outbox().await.unwrap().len(), 1);
    }
}
