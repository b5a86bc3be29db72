//! A batch of moves on SQLite in one round trip. The database runs in-process, but each
//! round trip to sqlx's worker thread costs two thread switches, more than the statements
//! themselves: the statements of a batch travel as one text, each action's later ones
//! guarded by `changes()`.
//!
//! The text is one of a few fixed shapes, so that SQLite parses and plans it once and sqlx
//! keeps it prepared: every action binds [`OUTBOX_SLOTS`] outbox rows (unused ones NULL, which
//! insert nothing), and delivered rows are deleted [`DELETES_PER_CHUNK`] to a statement (a
//! short chunk repeats its last row). Parsing the text of every batch again took about 5% of the
//! bot's CPU under load.

use crate::store::rows::{Delivered, SavedAction};
use crate::store::StoreError;
use std::sync::LazyLock;

/// What every accepted action writes, as one round trip to SQLite: the new state, guarded by
/// the version it was decided against, then the log entry and the outbox rows, only if the
/// state was written (see [`save_sql`]).
const SAVE_STATE: &str = "UPDATE matches SET state_json = ?, version = version + 1, status = ?, \
     ai_to_act = ?, \
     turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END, \
     reminded = CASE WHEN ? THEN 0 ELSE reminded END, \
     winner_seat = COALESCE(?, winner_seat), \
     ended_at = CASE WHEN ? <> 'active' THEN ? ELSE ended_at END \
     WHERE id = ? AND version = ? RETURNING id; \
     INSERT INTO actions (match_id, seq, seat, event_json, created_at) \
     SELECT ?, ?, ?, ?, ? WHERE changes() = 1;\n";

/// Outbox rows an action binds: an accepted action has at most two (its messages, and the
/// AI's turn when the AI moves next). One with more gets a text of its own, not kept.
const OUTBOX_SLOTS: usize = 2;

/// Delivered rows deleted by one statement.
const DELETES_PER_CHUNK: usize = 8;

/// Batches at most this large, with at most [`MAX_KEPT_CHUNKS`] chunks of deletes, keep their
/// text prepared: eighteen shapes, which cover nearly every commit at a thousand actions a
/// second, where moves wait a few milliseconds for each other (`writer/batch.rs`) and most
/// commits hold two to six. Larger ones come with bursts and are parsed each time: each shape
/// kept holds its statements' programs. Keeping up to six actions rather than two took the
/// load bench from 0.453-0.471 to 0.416-0.433 ms of CPU per action for 1 to 3 MB more peak
/// RSS (five alternating pairs); keeping forty shapes of every size raised it by 4 to 14 MB.
const MAX_KEPT_ACTIONS: usize = 6;
const MAX_KEPT_CHUNKS: usize = 2;

/// The outbox rows an action binds: its own, padded with empty ones to [`OUTBOX_SLOTS`].
fn outbox_slots(a: &SavedAction) -> usize {
    a.outbox.len().max(OUTBOX_SLOTS)
}

/// The statements of one action: [`SAVE_STATE`], then its outbox rows (the empty ones,
/// all NULL, left out) while `changes()` still says whether the log entry was written.
fn save_sql(sql: &mut String, a: &SavedAction) {
    sql.push_str(SAVE_STATE);
    sql.push_str(
        "INSERT INTO outbox (match_id, version, part, due_ms, effects) SELECT * FROM (VALUES ",
    );
    sql.push_str(&vec!["(?, ?, ?, ?, ?)"; outbox_slots(a)].join(", "));
    sql.push_str(") WHERE changes() = 1 AND column1 IS NOT NULL;\n");
}

fn batch_sql(actions: &[&SavedAction]) -> String {
    let mut sql = String::with_capacity(actions.len() * (SAVE_STATE.len() + 200));
    for a in actions {
        save_sql(&mut sql, a);
    }
    sql
}

/// Chunks of [`DELETES_PER_CHUNK`] deletes that `delivered` rows take.
fn delete_chunks(delivered: &[Delivered]) -> usize {
    delivered.len().div_ceil(DELETES_PER_CHUNK)
}

/// Whether a text of these actions and deletes is one of the shapes kept prepared.
fn kept(actions: &[&SavedAction], delivered: &[Delivered]) -> bool {
    actions.len() <= MAX_KEPT_ACTIONS
        && delete_chunks(delivered) <= MAX_KEPT_CHUNKS
        && actions.iter().all(|a| a.outbox.len() <= OUTBOX_SLOTS)
}

async fn run_states(
    conn: &mut sqlx::AnyConnection,
    actions: &[&SavedAction],
    delivered: &[Delivered],
    sql: String,
) -> Result<Vec<bool>, StoreError> {
    use sqlx::Row;
    let mut query = sqlx::query(&sql).persistent(kept(actions, delivered));
    for a in actions {
        query = query
            .bind(&a.state_json)
            .bind(a.status.as_str())
            .bind(a.ai_to_act)
            .bind(a.turn_changed)
            .bind(a.now)
            .bind(a.turn_changed || a.actor_changed)
            .bind(a.winner_seat.map(i64::from))
            .bind(a.status.as_str())
            .bind(a.now)
            .bind(a.match_id)
            .bind(a.version)
            .bind(a.match_id)
            .bind(a.version + 1)
            .bind(a.seat as i64)
            .bind(&a.event_json)
            .bind(a.now);
        for r in &a.outbox {
            query = query
                .bind(Some(r.key.match_id))
                .bind(Some(r.key.version))
                .bind(Some(r.key.part as i64))
                .bind(Some(r.due_ms))
                .bind(Some(r.effects_json.as_str()));
        }
        for _ in a.outbox.len()..outbox_slots(a) {
            query = query
                .bind(None::<i64>)
                .bind(None::<i64>)
                .bind(None::<i64>)
                .bind(None::<i64>)
                .bind(None::<&str>);
        }
    }
    let query = bind_delivered(query, delivered);
    let written: std::collections::HashSet<i64> = query
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|row| row.try_get::<i64, _>(0))
        .collect::<Result<_, _>>()?;
    Ok(actions
        .iter()
        .map(|a| written.contains(&a.match_id))
        .collect())
}

/// The states and log entries of `actions` (see [`SAVE_STATE`]), inside the caller's open
/// transaction: for each, whether it was still at its version and is written.
pub(in crate::store) async fn states(
    conn: &mut sqlx::AnyConnection,
    actions: &[&SavedAction],
) -> Result<Vec<bool>, StoreError> {
    let mut written = Vec::with_capacity(actions.len());
    // A burst larger than the shapes kept goes in kept pieces, a round trip each.
    for piece in actions.chunks(MAX_KEPT_ACTIONS) {
        written.extend(run_states(conn, piece, &[], batch_sql(piece)).await?);
    }
    Ok(written)
}

/// As [`states`], in a transaction of its own whose `BEGIN` and `COMMIT` travel in the
/// same round trip as the statements. The `delivered` outbox rows are deleted in the same
/// commit (with `synchronous = FULL` each commit waits for the disk). Nothing is kept on an
/// error.
///
/// A batch larger than the shapes kept prepared (the writer takes a hundred moves at once
/// after a slow sync of the disk) goes in kept pieces, a round trip each: parsed as one text
/// it cost three statements' preparing per move, which made the writer slower still right
/// when it was behind (4% of the bot's samples with a profiler slowing it).
pub(in crate::store) async fn commit_states(
    conn: &mut sqlx::AnyConnection,
    actions: &[&SavedAction],
    delivered: &[Delivered],
) -> Result<Vec<bool>, StoreError> {
    let stored = if kept(actions, delivered) {
        let sql = format!(
            "BEGIN IMMEDIATE;\n{}{}COMMIT;",
            batch_sql(actions),
            DELETE_CHUNK.repeat(delete_chunks(delivered))
        );
        run_states(conn, actions, delivered, sql).await
    } else {
        in_pieces(conn, actions, delivered).await
    };
    if stored.is_err() {
        // The statement that failed left the transaction open.
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
    }
    stored
}

/// [`commit_states`] of a batch too large for one kept text.
async fn in_pieces(
    conn: &mut sqlx::AnyConnection,
    actions: &[&SavedAction],
    delivered: &[Delivered],
) -> Result<Vec<bool>, StoreError> {
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let written = states(conn, actions).await?;
    if !delivered.is_empty() {
        delete_delivered(conn, delivered, false).await?;
    }
    sqlx::query("COMMIT").execute(&mut *conn).await?;
    Ok(written)
}

/// Deletes the delivered rows (not none): in a transaction of its own, or in the caller's;
/// in one round trip, or in one a kept text's worth of rows when there are more.
pub(in crate::store) async fn delete_delivered(
    conn: &mut sqlx::AnyConnection,
    rows: &[Delivered],
    own_transaction: bool,
) -> Result<(), StoreError> {
    let deleted = if delete_chunks(rows) <= MAX_KEPT_CHUNKS {
        let (begin, commit) = if own_transaction {
            ("BEGIN IMMEDIATE;\n", "COMMIT;")
        } else {
            ("", "")
        };
        let sql = format!(
            "{begin}{}{commit}",
            DELETE_CHUNK.repeat(delete_chunks(rows))
        );
        bind_delivered(sqlx::query(&sql), rows)
            .execute(&mut *conn)
            .await
            .map(|_| ())
    } else {
        delete_in_pieces(conn, rows, own_transaction).await
    };
    if let Err(e) = deleted {
        if own_transaction {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        }
        return Err(e.into());
    }
    Ok(())
}

/// [`delete_delivered`] of more rows than one kept text deletes.
async fn delete_in_pieces(
    conn: &mut sqlx::AnyConnection,
    rows: &[Delivered],
    own_transaction: bool,
) -> Result<(), sqlx::Error> {
    if own_transaction {
        sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    }
    let mut sql = String::new();
    for piece in rows.chunks(DELETES_PER_CHUNK * MAX_KEPT_CHUNKS) {
        sql.clear();
        sql.push_str(&DELETE_CHUNK.repeat(delete_chunks(piece)));
        bind_delivered(sqlx::query(&sql), piece)
            .execute(&mut *conn)
            .await?;
    }
    if own_transaction {
        sqlx::query("COMMIT").execute(&mut *conn).await?;
    }
    Ok(())
}

/// The statement deleting one chunk of delivered rows; [`bind_delivered`] binds it. One
/// statement rather than one a row: sqlx's worker hands back every statement's result as a
/// message of its own, each waking the writer. SQLite looks each key up in the primary key
/// (its OR optimization), where a row value `IN (VALUES ...)` would scan the table.
static DELETE_CHUNK: LazyLock<String> = LazyLock::new(|| {
    let key = "(match_id = ? AND version = ? AND part = ?)";
    format!(
        "DELETE FROM outbox WHERE {};\n",
        [key; DELETES_PER_CHUNK].join(" OR ")
    )
});

/// Binds the rows of as many [`DELETE_CHUNK`]s as they take, in order; a short last chunk
/// deletes its last row again (which finds nothing).
fn bind_delivered<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    rows: &[Delivered],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    let Some(last) = rows.last() else {
        return query;
    };
    let padded = delete_chunks(rows) * DELETES_PER_CHUNK;
    for Delivered(k) in rows.iter().chain(std::iter::repeat(last)).take(padded) {
        query = query.bind(k.match_id).bind(k.version).bind(k.part as i64);
    }
    query
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delete_chunk_names_as_many_keys_as_it_binds_rows() {
        assert_eq!(DELETE_CHUNK.matches("match_id").count(), DELETES_PER_CHUNK);
        assert_eq!(DELETE_CHUNK.matches('?').count(), 3 * DELETES_PER_CHUNK);
    }
}
