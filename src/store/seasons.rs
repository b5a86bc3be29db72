//! Seasons: a server's numbered periods of play (`seasons`), and the ratings each ended with
//! (`season_ratings`).

use super::from_row::from_row;
use super::{id, Seasons, StoreError};

/// One season of a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Season {
    pub number: i64,
    pub name: String,
    pub started_at: i64,
    /// `None` while it runs.
    pub ended_at: Option<i64>,
}

from_row! { Season: number, name, started_at, ended_at }

impl Season {
    /// A server's first season, before anyone started another: from the beginning.
    pub fn first(name: String) -> Season {
        Season {
            number: 1,
            name,
            started_at: 0,
            ended_at: None,
        }
    }
}

impl Seasons<'_> {
    /// A server's seasons, oldest first (empty: it is in its first season).
    pub async fn seasons(&self, guild_id: u64) -> Result<Vec<Season>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT number, name, started_at, ended_at FROM seasons WHERE guild_id = $1 ORDER BY number",
        )
        .bind(id(guild_id))
        .fetch_all(self.pool())
        .await?)
    }

    /// Ends `current` at `now` and starts `next`, in one transaction: the server's ratings are
    /// kept as `current`'s and start afresh. False if `current` is no longer the running
    /// season (someone started one meanwhile): nothing changed.
    pub async fn start_season(
        &self,
        guild_id: u64,
        current: &Season,
        next: &Season,
        now: i64,
    ) -> Result<bool, StoreError> {
        let (current, next) = (current.clone(), next.clone());
        self.write(move |conn| {
            Box::pin(async move {
                use sqlx::Connection;
                let g = id(guild_id);
                let mut tx = conn.begin().await?;
                let newest: Option<i64> =
                    sqlx::query_scalar("SELECT MAX(number) FROM seasons WHERE guild_id = $1")
                        .bind(g)
                        .fetch_one(&mut *tx)
                        .await?;
                if newest.unwrap_or(1) != current.number {
                    return Ok(false);
                }
                sqlx::query(
                    "INSERT INTO seasons (guild_id, number, name, started_at, ended_at) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id, number) \
                     DO UPDATE SET ended_at = excluded.ended_at",
                )
                .bind(g)
                .bind(current.number)
                .bind(&current.name)
                .bind(current.started_at)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                sqlx::query(
                    "INSERT INTO season_ratings \
                     (guild_id, season, user_id, rating, deviation, volatility, matches) \
                     SELECT guild_id, $2, user_id, rating, deviation, volatility, matches \
                     FROM ratings WHERE guild_id = $1",
                )
                .bind(g)
                .bind(current.number)
                .execute(&mut *tx)
                .await?;
                sqlx::query("DELETE FROM ratings WHERE guild_id = $1")
                    .bind(g)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(
                    "INSERT INTO seasons (guild_id, number, name, started_at) VALUES ($1, $2, $3, $4)",
                )
                .bind(g)
                .bind(next.number)
                .bind(&next.name)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(true)
            })
        })
        .await
    }
}
