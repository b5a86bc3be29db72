//! The ids of messages the bot posted, stored for the edits that come later (a challenge that
//! expires, a table that changes). A burst of match starts posts a challenge message for each,
//! and a statement per id on the one writer connection doubled the round trips that burst
//! queues behind; the ids noted in one slice of the writer are written together instead, in
//! one statement per kind (see [`Together`]).

use super::dialect::json_rows;
use super::rows::MessageId;
use super::writer::Together;
use super::{id, Backend, StoreError};
use serde_json::{json, Value};
use sqlx::AnyConnection;
use std::collections::HashMap;

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

/// Writes `ids` on `conn`, in the caller's transaction (or alone, one id: one statement):
/// one statement per kind, the same on both databases but for how the JSON rows are read.
async fn write(
    conn: &mut AnyConnection,
    backend: Backend,
    ids: &[MessageId],
) -> Result<(), StoreError> {
    let last: HashMap<(bool, i64), usize> =
        ids.iter().enumerate().map(|(i, m)| (m.row(), i)).collect();
    let (mut challenges, mut tables) = (Vec::new(), Vec::new());
    for (i, m) in ids.iter().enumerate() {
        // No two for one row: the later wins.
        if last[&m.row()] != i {
            continue;
        }
        match *m {
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
    let bigint = "BIGINT";
    if !challenges.is_empty() {
        let x = json_rows(
            backend,
            "$1",
            "x",
            &[("id", bigint), ("message_id", bigint)],
        );
        sqlx::query(&format!(
            "UPDATE challenges AS c SET message_id = x.message_id FROM {x} WHERE c.id = x.id"
        ))
        .bind(Value::from(challenges).to_string())
        .execute(&mut *conn)
        .await?;
    }
    if !tables.is_empty() {
        let columns = [("id", bigint), ("message_id", bigint), ("deal", bigint)];
        let x = json_rows(backend, "$1", "x", &columns);
        sqlx::query(&format!(
            "UPDATE matches AS m SET table_message_id = x.message_id, table_deal = x.deal \
             FROM {x} WHERE m.id = x.id"
        ))
        .bind(Value::from(tables).to_string())
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
