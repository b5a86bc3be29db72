//! A batch of moves on PostgreSQL in one statement. Each statement is a round trip, and a
//! round trip per move would cap the writer's rate: the batch travels as JSON (sqlx's `Any`
//! driver binds no arrays), unpacked by `json_to_recordset`, and data-modifying CTEs write the
//! states, log entries and outbox rows, and delete the delivered rows. A single statement is
//! a transaction of its own: no `BEGIN` and `COMMIT` round trips either.

use crate::store::rows::{Delivered, SavedAction};
use crate::store::StoreError;
use serde_json::{json, Value};
use std::collections::HashSet;

/// The `DELETE` of the delivered rows whose keys the JSON parameter `$p` lists.
macro_rules! delete_delivered_sql {
    ($p:literal) => {
        concat!(
            "DELETE FROM outbox WHERE ctid = ANY (ARRAY(SELECT o.ctid \
             FROM json_to_recordset(",
            $p,
            "::json) AS x(match_id BIGINT, version BIGINT, part INTEGER) \
             CROSS JOIN LATERAL (SELECT ctid FROM outbox WHERE match_id = x.match_id \
             AND version = x.version AND part = x.part LIMIT 1) AS o))"
        )
    };
}

/// `$1`: the moves; `$2`: their outbox rows (`k`: the move's index); `$3`: delivered rows.
/// The version guard is the `UPDATE`'s `WHERE`: a move whose match moved on meanwhile
/// writes nothing, and its log entry and outbox rows join nothing.
///
/// The delivered rows are found one by one through the primary key (a `LATERAL` lookup,
/// which the planner cannot turn into a join) and deleted by their `ctid`: the outbox is a
/// queue, a few live rows among many thousands deleted since the last vacuum, and a join
/// scanned all of them for every batch (most of the server's time under load). The writer's
/// session also turns sequential scans off ([`WRITER_SETUP`]): with statistics that say
/// the table is empty, a scan would look cheaper than the index.
const BATCH: &str = concat!(
    "WITH i AS (SELECT * FROM json_to_recordset($1::json) AS x(\
     k INTEGER, match_id BIGINT, version BIGINT, state_json TEXT, status TEXT, \
     ai_to_act INTEGER, turn_changed BOOLEAN, reset BOOLEAN, now BIGINT, winner_seat INTEGER, \
     seat INTEGER, event_json TEXT)), \
     s AS (UPDATE matches m SET state_json = i.state_json, version = m.version + 1, \
     status = i.status, ai_to_act = i.ai_to_act, \
     turn_started_at = CASE WHEN i.turn_changed THEN i.now ELSE m.turn_started_at END, \
     reminded = CASE WHEN i.reset THEN 0 ELSE m.reminded END, \
     winner_seat = COALESCE(i.winner_seat, m.winner_seat), \
     ended_at = CASE WHEN i.status <> 'active' THEN i.now ELSE m.ended_at END \
     FROM i WHERE m.id = i.match_id AND m.version = i.version \
     RETURNING i.k, i.match_id, i.version, i.seat, i.event_json, i.now), \
     l AS (INSERT INTO actions (match_id, seq, seat, event_json, created_at) \
     SELECT match_id, version + 1, seat, event_json, now FROM s), \
     o AS (INSERT INTO outbox (match_id, version, part, due_ms, effects) \
     SELECT r.match_id, r.version, r.part, r.due_ms, r.effects \
     FROM json_to_recordset($2::json) AS r(k INTEGER, match_id BIGINT, version BIGINT, \
     part INTEGER, due_ms BIGINT, effects TEXT) JOIN s ON s.k = r.k), \
     d AS (",
    delete_delivered_sql!("$3"),
    ") \
     SELECT k FROM s"
);

/// Run on the writer's connection as it opens: every statement of the writer reads or
/// writes rows by key, and must do so through an index even when the statistics (taken
/// while a queue table was empty) make a scan look cheaper. Reads elsewhere are unaffected.
pub(in crate::store) const WRITER_SETUP: &str = "SET enable_seqscan = off";

/// Deletes the delivered rows of `rows` (see [`BATCH`]) in one statement: a transaction of
/// its own, or a part of the caller's (whose savepoint takes it back if it fails: see
/// `writer::Savepoint`).
pub(in crate::store) async fn delete_delivered(
    conn: &mut sqlx::AnyConnection,
    rows: &[Delivered],
) -> Result<(), StoreError> {
    sqlx::query(delete_delivered_sql!("$1"))
        .bind(encode_delivered(rows))
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Writes `actions` (not none) and deletes `delivered` with the first of them, inside the
/// caller's transaction or as a transaction of its own (`own`): for each action, whether it
/// was still at its version.
pub(in crate::store) async fn states(
    conn: &mut sqlx::AnyConnection,
    actions: &[&SavedAction],
    delivered: &[Delivered],
    own: bool,
) -> Result<Vec<bool>, StoreError> {
    // Never reached: `matches::store_states` returns before on no actions, and the writer
    // commits no batch without moves (`writer::batch::commit_moves` returns first, and
    // `write` is handed one move or that batch); deletions of delivered rows without moves go to
    // `delete_delivered` instead. No round would carry `delivered`.
    if actions.is_empty() {
        debug_assert!(
            delivered.is_empty(),
            "deletions of delivered rows without moves"
        );
        return Ok(Vec::new());
    }
    let rounds = rounds(actions);
    if rounds.len() <= 1 || !own {
        return run(conn, actions, &rounds, delivered).await;
    }
    // One match twice: a statement per round, all in one transaction.
    use sqlx::Connection;
    let mut tx = conn.begin().await?;
    let stored = run(&mut tx, actions, &rounds, delivered).await?;
    tx.commit().await?;
    Ok(stored)
}

async fn run(
    conn: &mut sqlx::AnyConnection,
    actions: &[&SavedAction],
    rounds: &[Vec<usize>],
    delivered: &[Delivered],
) -> Result<Vec<bool>, StoreError> {
    let mut stored = vec![false; actions.len()];
    for (r, round) in rounds.iter().enumerate() {
        let (moves, outbox) = encode(actions, round);
        // The delivered rows go with the first round.
        let gone = if r == 0 { delivered } else { &[] };
        let written: Vec<i32> = sqlx::query_scalar(BATCH)
            .bind(moves)
            .bind(outbox)
            .bind(encode_delivered(gone))
            .fetch_all(&mut *conn)
            .await?;
        for k in written {
            stored[k as usize] = true;
        }
    }
    Ok(stored)
}

/// The actions' indices in rounds in which each match comes once: the version guard of a
/// match's second move must see its first one written.
fn rounds(actions: &[&SavedAction]) -> Vec<Vec<usize>> {
    let mut rounds: Vec<(HashSet<i64>, Vec<usize>)> = Vec::new();
    for (k, a) in actions.iter().enumerate() {
        // After the last round holding this match, so that its moves stay in order.
        let after = rounds
            .iter()
            .rposition(|(ids, _)| ids.contains(&a.match_id))
            .map_or(0, |r| r + 1);
        if after == rounds.len() {
            rounds.push((HashSet::new(), Vec::new()));
        }
        rounds[after].0.insert(a.match_id);
        rounds[after].1.push(k);
    }
    rounds.into_iter().map(|(_, ks)| ks).collect()
}

/// The JSON of `$1` and `$2` for the actions `round` names.
fn encode(actions: &[&SavedAction], round: &[usize]) -> (String, String) {
    let mut moves = Vec::with_capacity(round.len());
    let mut outbox = Vec::new();
    for &k in round {
        let a = actions[k];
        moves.push(json!({
            "k": k, "match_id": a.match_id, "version": a.version,
            "state_json": a.state_json, "status": a.status.as_str(),
            "ai_to_act": i32::from(a.ai_to_act), "turn_changed": a.turn_changed,
            "reset": a.turn_changed || a.actor_changed, "now": a.now,
            "winner_seat": a.winner_seat, "seat": a.seat, "event_json": a.event_json,
        }));
        for r in &a.outbox {
            outbox.push(json!({
                "k": k, "match_id": r.key.match_id, "version": r.key.version,
                "part": r.key.part, "due_ms": r.due_ms, "effects": r.effects_json,
            }));
        }
    }
    (
        Value::from(moves).to_string(),
        Value::from(outbox).to_string(),
    )
}

fn encode_delivered(rows: &[Delivered]) -> String {
    let rows: Vec<Value> = rows
        .iter()
        .map(|Delivered(k)| json!({"match_id": k.match_id, "version": k.version, "part": k.part}))
        .collect();
    Value::from(rows).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(match_id: i64) -> SavedAction {
        crate::store::fixtures::action(match_id, 0)
    }

    #[test]
    fn a_match_twice_in_a_batch_goes_in_a_later_round_in_order() {
        let (a, b, c) = (at(1), at(2), at(1));
        let d = at(1);
        assert_eq!(
            rounds(&[&a, &b, &c, &d]),
            vec![vec![0, 1], vec![2], vec![3]]
        );
        assert_eq!(rounds(&[&a, &b]), vec![vec![0, 1]]);
        assert!(rounds(&[]).is_empty());
    }
}
