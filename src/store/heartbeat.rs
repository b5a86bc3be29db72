//! When the bot was last alive, and moving idle clocks on by the time it was not. Each process
//! beats for its own shards (`shard_heartbeats`), and moves only its own servers' clocks.

use super::lease::{renewal, RENEW};
use super::{Heartbeat, Shards, StoreError};

/// Notes the process's shards alive at the bound time.
const BEAT: &str = "INSERT INTO shard_heartbeats (shards, at) VALUES ($1, $2) \
     ON CONFLICT (shards) DO UPDATE SET at = excluded.at";

impl Heartbeat<'_> {
    /// Notes that this process is alive at `now` (seconds), renewing its lease of its shards
    /// if it took one: false if another process has taken that over.
    pub async fn beat(&self, now: i64) -> Result<bool, StoreError> {
        let shards = self.shards.to_string();
        let renew = renewal(self, now);
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query(BEAT)
                    .bind(shards)
                    .bind(now)
                    .execute(&mut *conn)
                    .await?;
                let Some((shards, holder, until)) = renew else {
                    return Ok(true);
                };
                let renewed = sqlx::query(RENEW)
                    .bind(shards)
                    .bind(holder)
                    .bind(until)
                    .execute(&mut *conn)
                    .await?
                    .rows_affected();
                Ok(renewed == 1)
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

    /// When this process's servers were last alive, if ever: the newest beat of any shard
    /// range that covers some of them. After a re-shard (`0-0/1` to `0-0/2` and `1-1/2`) no
    /// beat of the new range exists yet, and the old range's still tells when its servers
    /// stopped: the time since is downtime, not idle time.
    pub async fn last_beat(&self) -> Result<Option<i64>, StoreError> {
        let rows: Vec<(String, i64)> = sqlx::query_as("SELECT shards, at FROM shard_heartbeats")
            .fetch_all(self.pool())
            .await?;
        Ok(rows
            .into_iter()
            .filter(|(range, _)| {
                range
                    .parse::<Shards>()
                    .is_ok_and(|r| r.overlaps(&self.shards))
            })
            .map(|(_, at)| at)
            .max())
    }

    /// Brings the stored times of this process's servers that lie ahead of `now` back to it
    /// (the clock was stepped back since they were written): otherwise an idle clock, a
    /// reminder or an open challenge would wait out the step. A challenge is left at most
    /// `challenge` seconds. One transaction; how many rows moved.
    pub async fn pull_back_future_times(
        &self,
        now: i64,
        challenge: i64,
    ) -> Result<u64, StoreError> {
        let shards = self.shards;
        self.write(move |conn| {
            Box::pin(async move {
                use sqlx::Connection;
                let mut tx = conn.begin().await?;
                let mut moved = 0;
                for (sql, until) in [
                    ("UPDATE matches SET turn_started_at = $1 WHERE status = 'active' AND turn_started_at > $1", now),
                    ("UPDATE matches SET reminded = $1 WHERE status = 'active' AND reminded > $1", now),
                    ("UPDATE challenges SET expires_at = $1 WHERE status = 'open' AND expires_at > $1", now + challenge),
                ] {
                    moved += sqlx::query(&format!("{sql} AND {}", shards.condition("guild_id")))
                        .bind(until)
                        .execute(&mut *tx)
                        .await?
                        .rows_affected();
                }
                tx.commit().await?;
                Ok(moved)
            })
        })
        .await
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
                // A tournament's round (and its sign-up) loses no time to the downtime either.
                sqlx::query(&format!(
                    "UPDATE matches SET deadline = deadline + $1 \
                     WHERE status = 'active' AND deadline IS NOT NULL AND {}",
                    shards.condition("guild_id")
                ))
                .bind(by)
                .execute(&mut *tx)
                .await?;
                sqlx::query(&format!(
                    "UPDATE tournaments SET round_deadline = round_deadline + $1 \
                     WHERE status = 'running' AND round_deadline IS NOT NULL AND {}",
                    shards.condition("guild_id")
                ))
                .bind(by)
                .execute(&mut *tx)
                .await?;
                sqlx::query(&format!(
                    "UPDATE tournaments SET signup_closes = signup_closes + $1 \
                     WHERE status = 'signup' AND {}",
                    shards.condition("guild_id")
                ))
                .bind(by)
                .execute(&mut *tx)
                .await?;
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

#[cfg(test)]
mod tests {
    use super::super::{testing, Db, Shards};

    /// After a re-shard (`0-0/1` to `0-0/2` and `1-1/2`, as the README advises for growth) the
    /// new ranges have no beat of their own yet: the old range's tells when their servers
    /// stopped, so the maintenance window counts as downtime. A range that shares no server
    /// with a beat does not take it.
    #[tokio::test]
    async fn a_reshard_keeps_the_downtime_credit() {
        let dir = tempfile::tempdir().unwrap();
        let url = testing::fresh_database_url(dir.path(), "beats")
            .await
            .unwrap();
        let db = Db::open(&url).await.unwrap();
        let range = |r: &str| db.clone().owning(r.parse::<Shards>().unwrap());
        db.heartbeat().beat(100).await.unwrap();
        assert_eq!(
            range("0-0/2").heartbeat().last_beat().await.unwrap(),
            Some(100)
        );
        assert_eq!(
            range("1-1/2").heartbeat().last_beat().await.unwrap(),
            Some(100)
        );
        // The new processes beat; the old range's beat no longer counts for them.
        range("0-0/2").heartbeat().beat(500).await.unwrap();
        assert_eq!(
            range("0-0/2").heartbeat().last_beat().await.unwrap(),
            Some(500)
        );
        assert_eq!(
            range("1-1/2").heartbeat().last_beat().await.unwrap(),
            Some(100)
        );
        assert_eq!(
            range("1-1/4").heartbeat().last_beat().await.unwrap(),
            Some(100)
        );
        // Back to one process: the newest beat of any of its servers.
        assert_eq!(db.heartbeat().last_beat().await.unwrap(), Some(500));
    }
}
