//! The outbox: what accepted actions require to be shown, kept until it is delivered, and the
//! tokens of open hand messages that deliveries use.

use super::{Db, StoreError};

/// Names one outbox row: the match, the version that required it, and which part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OutboxKey {
    pub match_id: i64,
    pub version: i64,
    pub part: u8,
}

/// One stored row: what to show (`effects`, JSON) and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    pub key: OutboxKey,
    pub due_ms: i64,
    pub effects_json: String,
}

/// The interaction token of a seat's open hand message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandTokenRow {
    pub match_id: i64,
    pub seat: u8,
    pub token: String,
    pub locale: String,
    pub issued_at: i64,
}

/// Written after the next batch of actions, in a transaction of their own, unanswered: losing
/// one to a crash costs a repeated delivery (which is idempotent) or a token, nothing more.
#[derive(Debug)]
pub(crate) enum Later {
    Delivered(OutboxKey),
    Token(HandTokenRow),
}

impl Db {
    /// Every undelivered outbox row, by match and version (after a restart).
    pub async fn pending_outbox(&self) -> Result<Vec<OutboxRow>, StoreError> {
        let rows: Vec<(i64, i64, i64, i64, String)> = sqlx::query_as(
            "SELECT match_id, version, part, due_ms, effects FROM outbox ORDER BY match_id, version, part",
        )
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
        self.writer.later(Later::Delivered(key));
    }

    /// Keeps a hand message's token (written with the next batch of writes).
    pub fn keep_hand_token(&self, row: HandTokenRow) {
        self.writer.later(Later::Token(row));
    }

    /// Forgets the hand tokens issued before `before` (they no longer work).
    pub async fn forget_hand_tokens_before(&self, before: i64) -> Result<u64, StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                let done = sqlx::query("DELETE FROM hand_tokens WHERE issued_at < ?")
                    .bind(before)
                    .execute(&mut *conn)
                    .await?;
                Ok(done.rows_affected())
            })
        })
        .await
    }

    /// Hand tokens issued at or after `since` (seconds).
    pub async fn hand_tokens_since(&self, since: i64) -> Result<Vec<HandTokenRow>, StoreError> {
        let rows: Vec<(i64, i64, String, String, i64)> = sqlx::query_as(
            "SELECT match_id, seat, token, locale, issued_at FROM hand_tokens WHERE issued_at >= ?",
        )
        .bind(since)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(match_id, seat, token, locale, issued_at)| HandTokenRow {
                match_id,
                seat: seat as u8,
                token,
                locale,
                issued_at,
            })
            .collect())
    }

    /// Notes that the idle player of this turn was reminded, and stores the reminder to deliver,
    /// in one transaction; false (nothing written) if the turn moved on or was reminded already.
    pub async fn mark_reminded(&self, reminder: OutboxRow) -> Result<bool, StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                use sqlx::Connection;
                let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
                let k = reminder.key;
                let done = sqlx::query(
                    "UPDATE matches SET reminded = 1 WHERE id = ? AND version = ? AND reminded = 0 \
                     AND status = 'active'",
                )
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
    conn: &mut sqlx::SqliteConnection,
    rows: &[OutboxRow],
) -> Result<(), StoreError> {
    for r in rows {
        sqlx::query(
            "INSERT OR REPLACE INTO outbox (match_id, version, part, due_ms, effects) VALUES (?, ?, ?, ?, ?)",
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

/// Writes what [`Later`] collected, in one transaction.
pub(super) async fn write_later(
    conn: &mut sqlx::SqliteConnection,
    later: &[Later],
) -> Result<(), StoreError> {
    use sqlx::Connection;
    let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
    for l in later {
        match l {
            Later::Delivered(k) => {
                sqlx::query("DELETE FROM outbox WHERE match_id = ? AND version = ? AND part = ?")
                    .bind(k.match_id)
                    .bind(k.version)
                    .bind(k.part as i64)
                    .execute(&mut *tx)
                    .await?;
            }
            Later::Token(t) => {
                sqlx::query(TOKEN_UPSERT)
                    .bind(t.match_id)
                    .bind(t.seat as i64)
                    .bind(&t.token)
                    .bind(&t.locale)
                    .bind(t.issued_at)
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Keeps the newest token of a seat's hand message.
pub(super) const TOKEN_UPSERT: &str =
    "INSERT INTO hand_tokens (match_id, seat, token, locale, issued_at) VALUES (?, ?, ?, ?, ?) \
     ON CONFLICT (match_id, seat) DO UPDATE SET token = excluded.token, locale = excluded.locale, \
     issued_at = excluded.issued_at;\n";
