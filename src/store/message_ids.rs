//! The ids of messages the bot posted, stored for the edits that come later (a challenge that
//! expires, a table that changes). A burst of match starts posts a challenge message for each,
//! and a statement per id on the one writer connection doubled the round trips that burst
//! queues behind; the ids noted in one slice of the writer are written together instead, in
//! one statement per kind on PostgreSQL (see [`Together`]).

use super::rows::MessageId;
use super::writer::Together;
use super::{id, postgres, Backend, StoreError};
use sqlx::{AnyConnection, Connection};
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
    match backend {
        Backend::Sqlite => {
            // In-process: a statement costs no round trip. All or nothing, as on PostgreSQL.
            let mut tx = conn.begin().await?;
            for m in kept {
                one(&mut tx, m).await?;
            }
            tx.commit().await?;
            Ok(())
        }
        Backend::Postgres => postgres::burst::set_message_ids(conn, kept).await,
    }
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
