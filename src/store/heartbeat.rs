//! When the bot was last alive, and moving idle clocks on by the time it was not. Each process
//! beats for its own shards (`shard_heartbeats`), and moves only its own servers' clocks.

use super::{Db, StoreError};

/// Notes the process's shards alive at the bound time.
const BEAT: &str = "INSERT INTO shard_heartbeats (shards, at) VALUES ($1, $2) \
     ON CONFLICT (shards) DO UPDATE SET at = excluded.at";

impl Db {
    /// Notes that this process is alive at `now` (seconds).
    pub async fn beat(&self, now: i64) -> Result<(), StoreError> {
        let shards = self.shards.to_string();
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query(BEAT)
                    .bind(shards)
                    .bind(now)
                    .execute(&mut *conn)
                    .await?;
                Ok(())
            })
        })
        .await
    }

    /// A write through the writer that changes nothing: whether the database takes writes
    /// now (the health check gives it a deadline).
    pub async fn probe_write(&self) -> Result<(), StoreError> {
        let shards = self.shards.to_string();
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query("UPDATE shard_heartbeats SET at = at WHERE shards = $1")
                    .bind(shards)
                    .execute(&mut *conn)
                    .await?;
                Ok(())
            })
        })
        .await
    }

    /// When this process's shards were last alive, if ever.
    pub async fn last_beat(&self) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT at FROM shard_heartbeats WHERE shards = $1")
                .bind(self.shards.to_string())
                .fetch_optional(self.pool())
                .await?,
        )
    }

    /// Moves the idle clocks of every active match of this process's servers on by `by`
    /// seconds (the process was down that long), reminders included, and notes `now` as
    /// alive: one transaction.
    pub async fn shift_idle_clocks(&self, by: i64, now: i64) -> Result<u64, StoreError> {
        let shards = self.shards;
        self.write(move |conn| {
            Box::pin(async move {
                use sqlx::Connection;
                let mut tx = conn.begin().await?;
                let moved = sqlx::query(&format!(
                    "UPDATE matches SET turn_started_at = turn_started_at + $1, \
                     reminded = CASE WHEN reminded > 0 THEN reminded + $1 ELSE 0 END \
                     WHERE status = 'active' AND {}",
                    shards.condition("guild_id")
                ))
                .bind(by)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                sqlx::query(BEAT)
                    .bind(shards.to_string())
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(moved)
            })
        })
        .await
    }
}
