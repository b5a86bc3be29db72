//! Per-server settings: one row per server that changed any (`guild_settings`).

use super::{id, unid, Settings, StoreError};

/// A server's settings; `None` (or no channel) means the bot's configured default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuildSettings {
    pub preset: Option<String>,
    pub target: Option<u32>,
    /// Where matches may be started; empty: everywhere.
    pub channels: Vec<u64>,
    pub reminder_minutes: Option<u64>,
    pub forfeit_hours: Option<u64>,
    pub ai_delay_ms: Option<u64>,
    /// `en` or `de`; `None`: the server's own locale.
    pub language: Option<String>,
    /// How public messages show cards (`pictures`, `four-colour`, `text`); `None`: pictures.
    pub cards: Option<String>,
}

type Row = (
    i64,
    Option<String>,
    Option<i64>,
    String,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<String>,
    Option<String>,
);

fn from_row(r: Row) -> (u64, GuildSettings) {
    let unsigned = |v: Option<i64>| v.and_then(|v| u64::try_from(v).ok());
    (
        unid(r.0),
        GuildSettings {
            preset: r.1,
            target: r.2.and_then(|t| u32::try_from(t).ok()),
            channels: r
                .3
                .split(',')
                .filter_map(|c| c.trim().parse().ok())
                .collect(),
            reminder_minutes: unsigned(r.4),
            forfeit_hours: unsigned(r.5),
            ai_delay_ms: unsigned(r.6),
            language: r.7,
            cards: r.8,
        },
    )
}

const COLUMNS: &str = "guild_id, preset, target, channels, reminder_minutes, forfeit_hours, \
     ai_delay_ms, language, cards";

impl Settings<'_> {
    /// Every server's settings (a few hundred bytes per server that has any), for the cache
    /// the game service keeps.
    pub async fn all_guild_settings(&self) -> Result<Vec<(u64, GuildSettings)>, StoreError> {
        let rows: Vec<Row> = sqlx::query_as(&format!("SELECT {COLUMNS} FROM guild_settings"))
            .fetch_all(self.pool())
            .await?;
        Ok(rows.into_iter().map(from_row).collect())
    }

    /// One server's settings, if it has a row (a change reads them here, never from a cache).
    pub async fn guild_settings(&self, guild_id: u64) -> Result<Option<GuildSettings>, StoreError> {
        let row: Option<Row> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM guild_settings WHERE guild_id = $1"
        ))
        .bind(id(guild_id))
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| from_row(r).1))
    }

    /// Stores a server's settings whole (they replace the earlier ones).
    pub async fn save_guild_settings(
        &self,
        guild_id: u64,
        s: &GuildSettings,
        now: i64,
    ) -> Result<(), StoreError> {
        let s = s.clone();
        self.write(move |conn| {
            Box::pin(async move {
                let signed = |v: Option<u64>| v.map(|v| v as i64);
                let channels: Vec<String> = s.channels.iter().map(u64::to_string).collect();
                sqlx::query(&format!(
                    "INSERT INTO guild_settings ({COLUMNS}, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                     ON CONFLICT (guild_id) DO UPDATE SET preset = excluded.preset, \
                     target = excluded.target, channels = excluded.channels, \
                     reminder_minutes = excluded.reminder_minutes, forfeit_hours = excluded.forfeit_hours, \
                     ai_delay_ms = excluded.ai_delay_ms, language = excluded.language, \
                     cards = excluded.cards, updated_at = excluded.updated_at"
                ))
                .bind(id(guild_id))
                .bind(&s.preset)
                .bind(s.target.map(i64::from))
                .bind(channels.join(","))
                .bind(signed(s.reminder_minutes))
                .bind(signed(s.forfeit_hours))
                .bind(signed(s.ai_delay_ms))
                .bind(&s.language)
                .bind(&s.cards)
                .bind(now)
                .execute(&mut *conn)
                .await?;
                Ok(())
            })
        })
        .await
    }
}

impl Settings<'_> {
    /// Every player's own choice of how their hand shows cards (one row per player who chose).
    pub async fn all_player_card_looks(&self) -> Result<Vec<(u64, String)>, StoreError> {
        let rows: Vec<(i64, String)> = sqlx::query_as("SELECT user_id, cards FROM player_settings")
            .fetch_all(self.pool())
            .await?;
        Ok(rows.into_iter().map(|(u, c)| (unid(u), c)).collect())
    }

    /// One player's choice of how their hand shows cards, if they made one.
    pub async fn player_card_look(&self, user_id: u64) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> =
            sqlx::query_as("SELECT cards FROM player_settings WHERE user_id = $1")
                .bind(id(user_id))
                .fetch_optional(self.pool())
                .await?;
        Ok(row.map(|(c,)| c))
    }

    /// [`Settings::player_card_look`] of several players in one query: those who chose one.
    pub async fn player_card_looks(
        &self,
        user_ids: &[u64],
    ) -> Result<std::collections::HashMap<u64, String>, StoreError> {
        if user_ids.is_empty() {
            return Ok(Default::default());
        }
        let sql = format!(
            "SELECT user_id, cards FROM player_settings WHERE user_id IN ({})",
            super::placeholders(user_ids.len())
        );
        let mut query = sqlx::query_as(&sql);
        for user in super::in_list(user_ids) {
            query = query.bind(id(user));
        }
        let rows: Vec<(i64, String)> = query.fetch_all(self.pool()).await?;
        Ok(rows.into_iter().map(|(u, c)| (unid(u), c)).collect())
    }

    /// Stores a player's choice (`pictures`, `four-colour` or `text`).
    pub async fn save_player_card_look(
        &self,
        user_id: u64,
        cards: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let cards = cards.to_string();
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query(
                    "INSERT INTO player_settings (user_id, cards, updated_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (user_id) DO UPDATE SET cards = excluded.cards, updated_at = excluded.updated_at",
                )
                .bind(id(user_id))
                .bind(&cards)
                .bind(now)
                .execute(&mut *conn)
                .await?;
                Ok(())
            })
        })
        .await
    }
}
