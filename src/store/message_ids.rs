//! The ids of messages the bot posted, stored for the edits that come later (a challenge that
//! expires, a table that changes). A burst of match starts posts a challenge message for each,
//! and a statement per id on the one writer connection doubled the round trips that burst
//! queues behind; the ids noted in one slice of the writer are written together instead, in
//! one statement per kind on PostgreSQL (see [`Together`]).

use super::writer::Together;
use super::{id, Backend, StoreError};
use serde_json::{json, Value};
use sqlx::{AnyConnection, Connection};
use std::collections::HashMap;

/// A posted message whose id a later edit needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MessageId {
    /// The public message of a challenge.
    Challenge { challenge_id: i64, message_id: u64 },
    /// The table message of a match's deal `deal`.
    Table {
        match_id: i64,
        message_id: u64,
        deal: u32,
    },
}

impl MessageId {
    /// The row it sets: of two ids for the same row the later one wins, as it would have
    /// written one after the other.
    fn row(&self) -> (bool, i64) {
        match *self {
            MessageId::Challenge { challenge_id, .. } => (false, challenge_id),
            MessageId::Table { match_id, .. } => (true, match_id),
        }
    }
}

impl Together for MessageId {
    type Out = ();

    async fn write_all(
        conn: &mut AnyConnection,
        backend: Backend,
        ids: &[MessageId],
    ) -> Result<Vec<()>, StoreError> {
        write(conn, backend, ids).await?;
        Ok(vec![(); ids.len()])
    }
}

/// Writes `ids` on `conn`, in the caller's transaction.
async fn write(
    conn: &mut AnyConnection,
    backend: Backend,
    ids: &[MessageId],
) -> Result<(), StoreError> {
    let last: HashMap<(bool, i64), usize> =
        ids.iter().enumerate().map(|(i, m)| (m.row(), i)).collect();
    let kept = ids
        .iter()
        .enumerate()
        .filter(|(i, m)| last[&m.row()] == *i)
        .map(|(_, m)| *m);
    if backend == Backend::Sqlite {
        // In-process: a statement costs no round trip. All or nothing, as on PostgreSQL.
        let mut tx = conn.begin().await?;
        for m in kept {
            one(&mut tx, m).await?;
        }
        tx.commit().await?;
        return Ok(());
    }
    let (mut challenges, mut tables) = (Vec::new(), Vec::new());
    for m in kept {
        match m {
            MessageId::Challenge {
                challenge_id,
                message_id,
            } => challenges.push(json!({"id": challenge_id, "message_id": id(message_id)})),
            MessageId::Table {
                match_id,
                message_id,
                deal,
            } => tables.push(json!({"id": match_id, "message_id": id(message_id), "deal": deal})),
        }
    }
    if !challenges.is_empty() {
        sqlx::query(
            "UPDATE challenges c SET message_id = x.message_id \
             FROM json_to_recordset($1::json) AS x(id BIGINT, message_id BIGINT) \
             WHERE c.id = x.id",
        )
        .bind(Value::from(challenges).to_string())
        .execute(&mut *conn)
        .await?;
    }
    if !tables.is_empty() {
        sqlx::query(
            "UPDATE matches m SET table_message_id = x.message_id, table_deal = x.deal \
             FROM json_to_recordset($1::json) AS x(id BIGINT, message_id BIGINT, deal BIGINT) \
             WHERE m.id = x.id",
        )
        .bind(Value::from(tables).to_string())
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn one(conn: &mut AnyConnection, m: MessageId) -> Result<(), StoreError> {
    let query = match m {
        MessageId::Challenge {
            challenge_id,
            message_id,
        } => sqlx::query("UPDATE challenges SET message_id = $1 WHERE id = $2")
            .bind(id(message_id))
            .bind(challenge_id),
        MessageId::Table {
            match_id,
            message_id,
            deal,
        } => sqlx::query("UPDATE matches SET table_message_id = $1, table_deal = $2 WHERE id = $3")
            .bind(id(message_id))
            .bind(deal as i64)
            .bind(match_id),
    };
    query.execute(&mut *conn).await?;
    Ok(())
}
