//! Match starts on PostgreSQL in one statement. Every write of the process goes through the
//! one writer connection in turn, so a statement there is a round trip everyone queues
//! behind: an acceptance read, checked and wrote in eight of them (the challenge, the match,
//! each player, the outbox, a savepoint), which capped a burst of match starts at a few
//! hundred a second. Here the challenges' checks and updates, the matches, their players and
//! their outbox rows are data-modifying CTEs of one statement, atomic as any single
//! statement, and the acceptances a slice of the writer holds share that statement.
//! The rows travel as JSON (sqlx's `Any` driver binds no arrays).

use crate::store::rows::{Accept, Acceptance, NewMatch};
use crate::store::states::MatchState;
use crate::store::{acceptance, id, Backend, StoreError};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::LazyLock;

/// The CTEs storing a match for each row of the CTE `ids (k, id)`: its id was drawn from the
/// table's sequence beforehand, so that each comes back beside its row `k` of the CTE
/// `a (k, m, players, outbox)` (the match's row, its players and its outbox rows as JSON).
fn insert_match_ctes() -> String {
    format!(
        "m AS (INSERT INTO matches (id, guild_id, channel_id, table_message_id, format, preset, \
         rules_json, locale, status, state_json, version, seed_hex, turn_started_at, \
         started_at, ai_level, ai_to_act, place_kind, place_id) \
         SELECT ids.id, r.guild_id, r.channel_id, r.table_message_id, r.format, r.preset, \
         r.rules_json, r.locale, '{active}', r.state_json, 0, r.seed_hex, r.now, r.now, \
         r.ai_level, r.ai_to_act, r.place_kind, r.place_id FROM ids JOIN a USING (k), \
         json_to_record(a.m) AS r(guild_id BIGINT, channel_id BIGINT, \
         table_message_id BIGINT, format TEXT, preset TEXT, rules_json TEXT, locale TEXT, \
         state_json TEXT, seed_hex TEXT, now BIGINT, ai_level TEXT, ai_to_act INTEGER, \
         place_kind INTEGER, place_id BIGINT) \
         RETURNING id, COALESCE(place_id, guild_id) AS ledger_id, channel_id), \
         p AS (INSERT INTO match_players (match_id, seat, guild_id, channel_id, user_id, \
         display_name, is_ai) \
         SELECT m.id, x.seat, m.ledger_id, m.channel_id, x.user_id, x.name, x.is_ai \
         FROM m JOIN ids ON ids.id = m.id JOIN a USING (k), \
         json_to_recordset(a.players) AS x(seat INTEGER, user_id BIGINT, name TEXT, \
         is_ai INTEGER)), \
         o AS (INSERT INTO outbox (match_id, version, part, due_ms, effects) \
         SELECT m.id, x.version, x.part, x.due_ms, x.effects \
         FROM m JOIN ids ON ids.id = m.id JOIN a USING (k), \
         json_to_recordset(a.outbox) AS x(version BIGINT, part INTEGER, due_ms BIGINT, \
         effects TEXT) \
         ON CONFLICT (match_id, version, part) DO UPDATE SET due_ms = excluded.due_ms, \
         effects = excluded.effects)",
        active = MatchState::Active.as_str(),
    )
}

/// `$1`: the acceptances, a JSON list of `{k, challenge_id, user_id (decimal text), now, m,
/// players, outbox}`, no two for the same challenge (each reads its challenge as the statement
/// found it). Each acceptance is added to its challenge's list and decided by the rule of
/// [`acceptance`]; a complete one stores the match. One row back for each acceptance, in
/// order; no outcome: the challenge does not exist.
static ACCEPT: LazyLock<String> = LazyLock::new(|| {
    let pg = Backend::Postgres;
    format!(
        "WITH a AS MATERIALIZED (SELECT * FROM json_to_recordset($1::json) AS x(k INTEGER, \
         challenge_id BIGINT, user_id TEXT, now BIGINT, m JSON, players JSON, outbox JSON)), \
         c AS (SELECT a.k, ch.id, ch.status, ch.expires_at, a.now, \
         ch.opponent_ids::jsonb AS opp, {acc} AS acc \
         FROM a JOIN challenges ch ON ch.id = a.challenge_id FOR UPDATE OF ch), \
         v AS (SELECT k, id, acc, {outcome} AS outcome FROM c), \
         u AS (UPDATE challenges ch SET {set} \
         FROM v WHERE ch.id = v.id AND v.outcome <> '{closed}'), \
         ids AS MATERIALIZED (SELECT k, nextval(pg_get_serial_sequence('matches', 'id')) AS id \
         FROM v WHERE outcome = '{complete}'), \
         {insert} \
         SELECT a.k, v.outcome, v.acc::text, ids.id FROM a LEFT JOIN v USING (k) \
         LEFT JOIN ids USING (k) ORDER BY a.k",
        acc = acceptance::with_user(pg, "ch.accepted_ids", "a.user_id"),
        outcome = acceptance::outcome(pg, ["status", "expires_at", "now", "acc", "opp"]),
        set = acceptance::set_after("v.outcome", "v.acc::text", "ch."),
        closed = acceptance::CLOSED,
        complete = acceptance::COMPLETE,
        insert = insert_match_ctes(),
    )
});

/// The match alone, for starts without a challenge (against the bot, a rematch): `$1` its
/// row, `$2` its players, `$3` its outbox rows.
static INSERT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH a AS (SELECT 0 AS k, $1::json AS m, $2::json AS players, $3::json AS outbox), \
         ids AS MATERIALIZED (SELECT k, nextval(pg_get_serial_sequence('matches', 'id')) AS id \
         FROM a), {} SELECT id FROM ids",
        insert_match_ctes()
    )
});

/// Stores `m`, its players and its outbox rows in one statement: its id.
pub(in crate::store) async fn insert_match(
    conn: &mut sqlx::AnyConnection,
    m: &NewMatch,
) -> Result<i64, StoreError> {
    let (row, players, outbox) = encode(m);
    let match_id: i64 = sqlx::query_scalar(INSERT.as_str())
        .bind(row.to_string())
        .bind(players.to_string())
        .bind(outbox.to_string())
        .fetch_one(&mut *conn)
        .await?;
    Ok(match_id)
}

/// Records the acceptances `all` in order (see [`crate::store::Challenges::accept_challenge`]): one
/// statement for each run of them that names no challenge twice.
pub(in crate::store) async fn accept_all(
    conn: &mut sqlx::AnyConnection,
    all: &[Accept],
) -> Result<Vec<Acceptance>, StoreError> {
    let mut outcomes = Vec::with_capacity(all.len());
    let mut rest = all;
    while !rest.is_empty() {
        let mut named = HashSet::new();
        let run = rest
            .iter()
            .take_while(|a| named.insert(a.challenge_id))
            .count();
        outcomes.extend(accept_run(conn, &rest[..run]).await?);
        rest = &rest[run..];
    }
    Ok(outcomes)
}

/// A row of [`ACCEPT`]: the acceptance's place, its outcome, the challenge's acceptances
/// after it and the new match's id.
type Outcome = (i32, Option<String>, Option<String>, Option<i64>);

/// One statement of [`accept_all`].
async fn accept_run(
    conn: &mut sqlx::AnyConnection,
    run: &[Accept],
) -> Result<Vec<Acceptance>, StoreError> {
    let rows: Vec<Value> = run
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let (m, players, outbox) = encode(&a.new_match);
            // The user as text: the lists hold the ids as unsigned numbers, which a BIGINT
            // cannot all be.
            json!({"k": k, "challenge_id": a.challenge_id, "user_id": a.user.to_string(),
                   "now": a.new_match.now, "m": m, "players": players, "outbox": outbox})
        })
        .collect();
    let found: Vec<Outcome> = sqlx::query_as(ACCEPT.as_str())
        .bind(Value::from(rows).to_string())
        .fetch_all(&mut *conn)
        .await?;
    if found.len() != run.len() {
        return Err(StoreError::Corrupt(format!(
            "{} acceptances came back as {} rows",
            run.len(),
            found.len()
        )));
    }
    run.iter()
        .zip(found)
        .map(|(a, (_, outcome, accepted, match_id))| {
            acceptance::read(
                a.challenge_id,
                outcome.as_deref(),
                accepted.as_deref(),
                match_id,
            )
        })
        .collect()
}

/// The match's row, players and outbox rows as the JSON the statement unpacks.
fn encode(m: &NewMatch) -> (Value, Value, Value) {
    let row = json!({
        "guild_id": id(m.guild_id),
        "channel_id": id(m.channel_id),
        "table_message_id": m.table_message_id.map(id),
        "format": m.format.as_str(),
        "preset": m.preset,
        "rules_json": m.rules_json,
        "locale": m.locale,
        "state_json": m.state_json,
        "seed_hex": m.seed_hex,
        "now": m.now,
        "ai_level": m.ai_level,
        "ai_to_act": i64::from(m.ai_to_act),
        "place_kind": m.place_kind.code(),
        "place_id": m.place_apart().map(id),
    });
    let players: Vec<Value> = m
        .players
        .iter()
        .enumerate()
        .map(|(seat, (user, name, ai))| {
            json!({"seat": seat, "user_id": id(*user), "name": name, "is_ai": i64::from(*ai)})
        })
        .collect();
    let outbox: Vec<Value> = m
        .outbox
        .iter()
        .map(|r| {
            json!({"version": r.key.version, "part": r.key.part, "due_ms": r.due_ms,
                   "effects": r.effects_json})
        })
        .collect();
    (row, Value::from(players), Value::from(outbox))
}
