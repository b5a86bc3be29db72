//! A new match on SQLite in one round trip: its row, its players and its outbox rows as one
//! text rather than a round trip to sqlx's worker per row (see `batch` for what each costs).
//! Every move of a burst of acceptances waits behind these writes; in the load bench the
//! Accepts' latency did not change measurably, their cost being mostly elsewhere.
//!
//! The players' and outbox rows name the match as the largest id of `matches`: the row just
//! inserted, since the caller's transaction holds SQLite's one write lock and an `INTEGER
//! PRIMARY KEY` without `AUTOINCREMENT` takes the largest id plus one.

use crate::store::rows::NewMatch;
use crate::store::{id, StoreError};

const MATCH: &str = "INSERT INTO matches (guild_id, channel_id, table_message_id, format, preset, \
     rules_json, locale, status, state_json, version, seed_hex, turn_started_at, started_at, \
     ai_level, ai_to_act, place_kind, place_id) \
     VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, 0, ?, ?, ?, ?, ?, ?, ?) RETURNING id;\n";

/// The text for `players` players and `outbox` outbox rows.
fn insert_sql(players: usize, outbox: usize) -> String {
    let this = "(SELECT max(id) FROM matches)";
    let mut sql = String::from(MATCH);
    sql.push_str(
        "INSERT INTO match_players (match_id, seat, guild_id, channel_id, user_id, \
         display_name, is_ai) VALUES ",
    );
    sql.push_str(&vec![format!("({this}, ?, ?, ?, ?, ?, ?)"); players].join(", "));
    sql.push_str(";\n");
    if outbox > 0 {
        sql.push_str("INSERT INTO outbox (match_id, version, part, due_ms, effects) VALUES ");
        sql.push_str(&vec![format!("({this}, ?, ?, ?, ?)"); outbox].join(", "));
        sql.push_str(
            " ON CONFLICT (match_id, version, part) DO UPDATE SET due_ms = excluded.due_ms, \
             effects = excluded.effects;\n",
        );
    }
    sql
}

/// Stores `m`, its players and its outbox rows inside the caller's transaction: its id.
pub(in crate::store) async fn insert_match(
    conn: &mut sqlx::AnyConnection,
    m: &NewMatch,
) -> Result<i64, StoreError> {
    use sqlx::Row;
    let sql = insert_sql(m.players.len(), m.outbox.len());
    let mut query = sqlx::query(&sql)
        .bind(id(m.guild_id))
        .bind(id(m.channel_id))
        .bind(m.table_message_id.map(id))
        .bind(m.format.as_str())
        .bind(&m.preset)
        .bind(&m.rules_json)
        .bind(&m.locale)
        .bind(&m.state_json)
        .bind(&m.seed_hex)
        .bind(m.now)
        .bind(m.now)
        .bind(&m.ai_level)
        .bind(i64::from(m.ai_to_act))
        .bind(m.place_kind.code())
        .bind(m.place_apart().map(id));
    for (seat, (user, name, ai)) in m.players.iter().enumerate() {
        query = query
            .bind(seat as i64)
            .bind(id(m.place_id))
            .bind(id(m.channel_id))
            .bind(id(*user))
            .bind(name)
            .bind(i64::from(*ai));
    }
    for r in &m.outbox {
        query = query
            .bind(r.key.version)
            .bind(r.key.part as i64)
            .bind(r.due_ms)
            .bind(&r.effects_json);
    }
    // Every statement runs only if the rows are all read: `fetch_one` would stop after the
    // first.
    let rows = query.fetch_all(&mut *conn).await?;
    let row = rows
        .first()
        .ok_or_else(|| StoreError::Corrupt("a new match returned no id".into()))?;
    Ok(row.try_get::<i64, _>(0)?)
}

#[cfg(test)]
mod tests {
    use super::insert_sql;

    #[test]
    fn the_text_binds_what_the_match_brings() {
        let sql = insert_sql(4, 2);
        assert_eq!(sql.matches('?').count(), 15 + 4 * 6 + 2 * 4);
        assert!(!insert_sql(2, 0).contains("outbox"));
    }
}
