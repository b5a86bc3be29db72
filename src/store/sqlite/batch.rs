//! A batch of moves on SQLite in one round trip. The database runs in-process, but each
//! round trip to sqlx's worker thread costs two thread switches, more than the statements
//! themselves: the statements of a batch travel as one text, each action's later ones
//! guarded by `changes()`.

use crate::store::rows::{Delivered, SavedAction};
use crate::store::StoreError;

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

/// The statements of one action: [`SAVE_STATE`], then its outbox rows while `changes()` still
/// says whether the log entry was written.
fn save_sql(sql: &mut String, a: &SavedAction) {
    sql.push_str(SAVE_STATE);
    if !a.outbox.is_empty() {
        sql.push_str(
            "INSERT INTO outbox (match_id, version, part, due_ms, effects) SELECT * FROM (VALUES ",
        );
        for i in 0..a.outbox.len() {
            sql.push_str(if i == 0 {
                "(?, ?, ?, ?, ?)"
            } else {
                ", (?, ?, ?, ?, ?)"
            });
        }
        sql.push_str(") WHERE changes() = 1;\n");
    }
}

fn batch_sql(actions: &[&SavedAction]) -> String {
    let mut sql = String::with_capacity(actions.len() * (SAVE_STATE.len() + 200));
    for a in actions {
        save_sql(&mut sql, a);
    }
    sql
}

async fn run_states(
    conn: &mut sqlx::AnyConnection,
    actions: &[&SavedAction],
    delivered: &[Delivered],
    sql: String,
) -> Result<Vec<bool>, StoreError> {
    use sqlx::Row;
    // A batch's text is one-off; a few small ones are worth keeping prepared.
    let mut query = sqlx::query(&sql).persistent(actions.len() <= 2 && delivered.is_empty());
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
                .bind(r.key.match_id)
                .bind(r.key.version)
                .bind(r.key.part as i64)
                .bind(r.due_ms)
                .bind(&r.effects_json);
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
    run_states(conn, actions, &[], batch_sql(actions)).await
}

/// As [`states`], in a transaction of its own whose `BEGIN` and `COMMIT` travel in the
/// same round trip as the statements. The `delivered` outbox rows are deleted in the same
/// commit (with `synchronous = FULL` each commit waits for the disk). Nothing is kept on an
/// error.
pub(in crate::store) async fn commit_states(
    conn: &mut sqlx::AnyConnection,
    actions: &[&SavedAction],
    delivered: &[Delivered],
) -> Result<Vec<bool>, StoreError> {
    let sql = format!(
        "BEGIN IMMEDIATE;\n{}{}COMMIT;",
        batch_sql(actions),
        DELETE_DELIVERED.repeat(delivered.len())
    );
    let stored = run_states(conn, actions, delivered, sql).await;
    if stored.is_err() {
        // The statement that failed left the transaction open.
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
    }
    stored
}

/// Deletes the delivered rows (not none) in one round trip: in a transaction of its own, or
/// in the caller's.
pub(in crate::store) async fn delete_delivered(
    conn: &mut sqlx::AnyConnection,
    rows: &[Delivered],
    own_transaction: bool,
) -> Result<(), StoreError> {
    let mut sql = String::from(if own_transaction {
        "BEGIN IMMEDIATE;\n"
    } else {
        ""
    });
    sql.push_str(&DELETE_DELIVERED.repeat(rows.len()));
    if own_transaction {
        sql.push_str("COMMIT;");
    }
    let query = bind_delivered(sqlx::query(&sql).persistent(false), rows);
    if let Err(e) = query.execute(&mut *conn).await {
        if own_transaction {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        }
        return Err(e.into());
    }
    Ok(())
}

/// The statement deleting one delivered row; [`bind_delivered`] binds it.
const DELETE_DELIVERED: &str =
    "DELETE FROM outbox WHERE match_id = ? AND version = ? AND part = ?;\n";

/// Binds the rows of as many [`DELETE_DELIVERED`] statements, in order.
fn bind_delivered<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    rows: &[Delivered],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for Delivered(k) in rows {
        query = query.bind(k.match_id).bind(k.version).bind(k.part as i64);
    }
    query
}
