//! When the bot was last alive, and moving idle clocks on by the time it was not.

use super::{Db, StoreError};

/// Notes the bot alive at the bound time.
const BEAT: &str =
    "INSERT INTO heartbeat (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at";

impl Db {
    /// Notes that the bot is alive at `now` (seconds).
    pub async fn beat(&self, now: i64) -> Result<(), StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query(BEAT).bind(now).execute(&mut *conn).await?;
                Ok(())
            })
        })
        .await
    }

    /// When the bot was last alive, if ever.
    pub async fn last_beat(&self) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar("SELECT at FROM heartbeat WHERE id = 1")
            .fetch_optional(self.pool())
            .await?)
    }

    /// Moves the idle clocks of every active match on by `by` seconds (the bot was down that
    /// long), reminders included, and notes `now` as alive: one transaction.
    pub async fn shift_idle_clocks(&self, by: i64, now: i64) -> Result<u64, StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                use sqlx::Connection;
                let mut tx = conn.begin().await?;
                let moved = sqlx::query(
                    "UPDATE matches SET turn_started_at = turn_started_at + $1, \
                     reminded = CASE WHEN reminded > 0 THEN reminded + $1 ELSE 0 END \
                     WHERE status = 'active'",
                )
                .bind(by)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                sqlx::query(BEAT).bind(now).execute(&mut *tx).await?;
                tx.commit().await?;
                Ok(moved)
            })
        })
        .await
    }
}
