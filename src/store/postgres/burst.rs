//! The writes a burst of match starts brings many of, on PostgreSQL: a statement per row
//! on the one writer connection is a round trip everyone queues behind, so the rows of one
//! slice of the writer travel as JSON (sqlx's `Any` driver binds no arrays), one statement
//! per kind.

use crate::store::id;
use crate::store::rows::NewChallenge;
use crate::store::StoreError;
use sqlx::AnyConnection;

/// Stores every new challenge of `all` in one statement. The ids are drawn from the table's sequence before the
/// insert, so that each comes back beside its challenge's place in `all`.
pub(in crate::store) async fn insert_challenges(
    conn: &mut AnyConnection,
    all: &[NewChallenge],
) -> Result<Vec<i64>, StoreError> {
    let rows: Vec<serde_json::Value> = all
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let (ids, names) = c.opponent_lists();
            serde_json::json!({
                "k": k, "guild_id": id(c.guild_id), "channel_id": id(c.channel_id),
                "challenger_id": id(c.challenger.0), "challenger_name": c.challenger.1,
                "opponent_ids": ids, "opponent_names": names, "preset": c.preset,
                "rules_json": c.rules_json, "locale": c.locale, "now": c.now,
                "expires_at": c.expires_at, "place_kind": c.place_kind.code(),
            })
        })
        .collect();
    let ids: Vec<(i32, i64)> = sqlx::query_as(
        "WITH x AS MATERIALIZED (SELECT x.*, \
         nextval(pg_get_serial_sequence('challenges', 'id')) AS id \
         FROM json_to_recordset($1::json) AS x(k INTEGER, guild_id BIGINT, channel_id BIGINT, \
         challenger_id BIGINT, challenger_name TEXT, opponent_ids TEXT, opponent_names TEXT, \
         preset TEXT, rules_json TEXT, locale TEXT, now BIGINT, expires_at BIGINT, \
         place_kind INTEGER)), \
         i AS (INSERT INTO challenges (id, guild_id, channel_id, challenger_id, \
         challenger_name, opponent_ids, opponent_names, preset, rules_json, locale, status, \
         created_at, expires_at, place_kind) SELECT id, guild_id, channel_id, challenger_id, \
         challenger_name, opponent_ids, opponent_names, preset, rules_json, locale, 'open', \
         now, expires_at, place_kind FROM x) \
         SELECT k, id FROM x ORDER BY k",
    )
    .bind(serde_json::Value::from(rows).to_string())
    .fetch_all(&mut *conn)
    .await?;
    if ids.len() != all.len() || ids.iter().enumerate().any(|(i, (k, _))| *k as usize != i) {
        return Err(StoreError::Commit(
            "a batch of challenges came back incomplete".into(),
        ));
    }
    Ok(ids.into_iter().map(|(_, id)| id).collect())
}
