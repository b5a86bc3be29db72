//! A match start on PostgreSQL in one statement. Every write of the process goes through the
//! one writer connection in turn, so a statement there is a round trip everyone queues
//! behind: an acceptance read, checked and wrote in eight of them (the challenge, the match,
//! each player, the outbox, a savepoint), which capped a burst of match starts at a few
//! hundred a second. Here the challenge's check and update, the match, its players and its
//! outbox rows are data-modifying CTEs of one statement, atomic as any single statement.
//! The players and outbox rows travel as JSON (sqlx's `Any` driver binds no arrays).

use super::challenges::Acceptance;
use super::matches::NewMatch;
use super::{id, ChallengeState, MatchState, StoreError};
use serde_json::{json, Value};
use std::sync::LazyLock;

/// The CTEs storing a match, once for each row of the CTE `go`: its row is parameter `$p`,
/// its players `$p+1` and its outbox rows `$p+2`; `m` returns the new match's id.
fn insert_match_ctes(p: usize) -> String {
    let (players, outbox) = (p + 1, p + 2);
    format!(
        "r AS (SELECT * FROM json_to_record(${p}::json) AS x(guild_id BIGINT, channel_id BIGINT, \
         table_message_id BIGINT, format TEXT, preset TEXT, rules_json TEXT, locale TEXT, \
         state_json TEXT, seed_hex TEXT, now BIGINT, ai_level TEXT, ai_to_act INTEGER)), \
         m AS (INSERT INTO matches (guild_id, channel_id, table_message_id, format, preset, \
         rules_json, locale, status, state_json, version, seed_hex, turn_started_at, \
         started_at, ai_level, ai_to_act) \
         SELECT r.guild_id, r.channel_id, r.table_message_id, r.format, r.preset, \
         r.rules_json, r.locale, '{active}', r.state_json, 0, r.seed_hex, r.now, r.now, \
         r.ai_level, r.ai_to_act FROM r, go RETURNING id, guild_id, channel_id), \
         p AS (INSERT INTO match_players (match_id, seat, guild_id, channel_id, user_id, \
         display_name, is_ai) \
         SELECT m.id, x.seat, m.guild_id, m.channel_id, x.user_id, x.name, x.is_ai \
         FROM m, json_to_recordset(${players}::json) AS x(seat INTEGER, user_id BIGINT, \
         name TEXT, is_ai INTEGER)), \
         o AS (INSERT INTO outbox (match_id, version, part, due_ms, effects) \
         SELECT m.id, x.version, x.part, x.due_ms, x.effects \
         FROM m, json_to_recordset(${outbox}::json) AS x(version BIGINT, part INTEGER, \
         due_ms BIGINT, effects TEXT) \
         ON CONFLICT (match_id, version, part) DO UPDATE SET due_ms = excluded.due_ms, \
         effects = excluded.effects)",
        active = MatchState::Active.as_str(),
    )
}

/// `$1`: the challenge; `$2`: the accepting user (decimal text); `$3`: now. The acceptance
/// is added to the challenge's list, which then decides: a challenge no longer open is left
/// alone, one whose time ran out closes as expired, and the last acceptance closes it as
/// accepted and stores the match. No row back: the challenge does not exist.
static ACCEPT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH c AS (SELECT id, status, expires_at, opponent_ids::jsonb AS opp, \
         CASE WHEN accepted_ids::jsonb @> to_jsonb($2::TEXT::NUMERIC) THEN accepted_ids::jsonb \
         ELSE accepted_ids::jsonb || to_jsonb($2::TEXT::NUMERIC) END AS acc \
         FROM challenges WHERE id = $1 FOR UPDATE), \
         v AS (SELECT id, acc, CASE WHEN status <> '{open}' THEN 'closed' \
         WHEN expires_at <= $3 THEN 'expired' WHEN acc @> opp THEN 'complete' \
         ELSE 'waiting' END AS outcome FROM c), \
         u AS (UPDATE challenges ch SET \
         status = CASE v.outcome WHEN 'expired' THEN '{expired}' WHEN 'complete' \
         THEN '{accepted}' ELSE ch.status END, \
         accepted_ids = CASE WHEN v.outcome = 'expired' THEN ch.accepted_ids \
         ELSE v.acc::text END \
         FROM v WHERE ch.id = v.id AND v.outcome <> 'closed'), \
         go AS (SELECT 1 FROM v WHERE v.outcome = 'complete'), \
         {insert} \
         SELECT v.outcome, v.acc::text, (SELECT id FROM m) FROM v",
        open = ChallengeState::Open.as_str(),
        expired = ChallengeState::Expired.as_str(),
        accepted = ChallengeState::Accepted.as_str(),
        insert = insert_match_ctes(4),
    )
});

/// The match alone, for starts without a challenge (against the bot, a rematch).
static INSERT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH go AS (SELECT 1), {} SELECT id FROM m",
        insert_match_ctes(1)
    )
});

/// Stores `m` (see [`super::matches::insert_match`]): its id.
pub(super) async fn insert_match(
    conn: &mut sqlx::AnyConnection,
    m: &NewMatch,
) -> Result<i64, StoreError> {
    let (row, players, outbox) = encode(m);
    let match_id: i64 = sqlx::query_scalar(INSERT.as_str())
        .bind(row)
        .bind(players)
        .bind(outbox)
        .fetch_one(&mut *conn)
        .await?;
    Ok(match_id)
}

/// Records `user`'s acceptance of the challenge (see [`super::Db::accept_challenge`]).
pub(super) async fn accept(
    conn: &mut sqlx::AnyConnection,
    challenge_id: i64,
    user: u64,
    m: &NewMatch,
) -> Result<Acceptance, StoreError> {
    let (row, players, outbox) = encode(m);
    let found: Option<(String, String, Option<i64>)> = sqlx::query_as(ACCEPT.as_str())
        .bind(challenge_id)
        // As text: the lists hold the ids as unsigned numbers, which a BIGINT cannot all be.
        .bind(user.to_string())
        .bind(m.now)
        .bind(row)
        .bind(players)
        .bind(outbox)
        .fetch_optional(&mut *conn)
        .await?;
    let Some((outcome, accepted, match_id)) = found else {
        return Ok(Acceptance::Closed);
    };
    Ok(match (outcome.as_str(), match_id) {
        ("closed", _) => Acceptance::Closed,
        ("expired", _) => Acceptance::Expired,
        ("complete", Some(match_id)) => Acceptance::Complete(match_id),
        ("waiting", _) => {
            let accepted: Vec<u64> = serde_json::from_str(&accepted)
                .map_err(|e| StoreError::Corrupt(format!("challenge {challenge_id}: {e}")))?;
            Acceptance::Waiting(accepted)
        }
        (other, _) => {
            return Err(StoreError::Corrupt(format!(
                "challenge {challenge_id}: acceptance came out as {other}"
            )))
        }
    })
}

/// The match's row, players and outbox rows as the JSON the statement unpacks.
fn encode(m: &NewMatch) -> (String, String, String) {
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
    (
        row.to_string(),
        Value::from(players).to_string(),
        Value::from(outbox).to_string(),
    )
}
