//! Per-server settings: one row per server that changed any (`guild_settings`).

use super::{id, unid, Db, StoreError};

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
        },
    )
}

const COLUMNS: &str =
    "guild_id, preset, target, channels, reminder_minutes, forfeit_hours, ai_delay_ms, language";

impl Db {
    /// Every server's settings (a few hundred bytes per server that has any), for the cache
    /// the game service keeps.
    pub async fn all_guild_settings(&self) -> Result<Vec<(u64, GuildSettings)>, StoreError> {
        let rows: Vec<Row> = sqlx::query_as(&format!("SELECT {COLUMNS} FROM guild_settings"))
            .fetch_all(self.pool())
            .await?;
        Ok(rows.into_iter().map(from_row).collect())
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
                    "INSERT INTO guild_settings ({COLUMNS}, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) \
                     ON CONFLICT (guild_id) DO UPDATE SET preset = excluded.preset, \
                     target = excluded.target, channels = excluded.channels, \
                     reminder_minutes = excluded.reminder_minutes, forfeit_hours = excluded.forfeit_hours, \
                     ai_delay_ms = excluded.ai_delay_ms, language = excluded.language, \
                     updated_at = excluded.updated_at"
                ))
                .bind(id(guild_id))
                .bind(&s.preset)
                .bind(s.target.map(i64::from))
                .bind(channels.join(","))
                .bind(signed(s.reminder_minutes))
                .bind(signed(s.forfeit_hours))
                .bind(signed(s.ai_delay_ms))
                .bind(&s.language)
                .bind(now)
                .execute(&mut *conn)
                .await?;
                Ok(())
            })
        })
        .await
    }
}
