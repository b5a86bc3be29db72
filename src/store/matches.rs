//! Matches, their players, their action log and their finished hands.

use super::from_row::from_row;
use super::rows::{
    Delivered, HandRow, IdleRow, MatchEvent, MatchRow, NewMatch, PlayerResult, RateFn, RatingRow,
    SavedAction,
};
use super::states::{EndReason, Format, MatchState, PlaceKind};
use super::{id, in_list, placeholders, postgres, sqlite, unid, Backend, Matches, StoreError};
use sqlx::Connection;

impl Matches<'_> {
    /// Counts one hint given to `seat` in the match's record.
    pub async fn count_hint(&self, match_id: i64, seat: u8) -> Result<(), StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query(
                    "UPDATE match_players SET hints = hints + 1 WHERE match_id = $1 AND seat = $2",
                )
                .bind(match_id)
                .bind(seat as i64)
                .execute(&mut *conn)
                .await?;
                Ok(())
            })
        })
        .await
    }
}

struct Raw {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    table_message_id: Option<i64>,
    format: String,
    preset: String,
    locale: String,
    status: String,
    state_json: String,
    version: i64,
    table_deal: i64,
    turn_started_at: i64,
    /// A flag (0 or 1): the `Any` driver reads integers, not booleans.
    reminded: i64,
    ai_level: Option<String>,
    tournament_id: Option<i64>,
    tournament_round: Option<i64>,
    deadline: Option<i64>,
    place_kind: i64,
}

from_row! {
    Raw:
    id, guild_id, channel_id, table_message_id, format, preset, locale, status, state_json, version,
    table_deal, turn_started_at, reminded, ai_level, tournament_id, tournament_round, deadline,
    place_kind,
}

impl Raw {
    /// The row with its players, given as (match id, user id, name, is AI) in seat order.
    fn with_players(self, players: Vec<(i64, i64, String, i64)>) -> Result<MatchRow, StoreError> {
        let place_kind = PlaceKind::from_code(self.place_kind).ok_or_else(|| {
            StoreError::Corrupt(format!("match {}: place kind {}", self.id, self.place_kind))
        })?;
        Ok(MatchRow {
            id: self.id,
            guild_id: unid(self.guild_id),
            place_kind,
            channel_id: unid(self.channel_id),
            table_message_id: self.table_message_id.map(unid),
            format: Format::parse(&self.format)
                .map_err(|e| StoreError::Corrupt(format!("match {}: {e}", self.id)))?,
            preset: self.preset,
            locale: self.locale,
            status: MatchState::parse(&self.status)
                .map_err(|e| StoreError::Corrupt(format!("match {}: {e}", self.id)))?,
            state_json: self.state_json,
            version: self.version,
            table_deal: self.table_deal as u32,
            turn_started_at: self.turn_started_at,
            reminded: self.reminded != 0,
            ai_level: self.ai_level,
            players: players
                .into_iter()
                .map(|(_, u, n, a)| (unid(u), n, a != 0))
                .collect(),
            event: match (self.tournament_id, self.tournament_round, self.deadline) {
                (Some(tournament_id), Some(round), Some(deadline)) => Some(MatchEvent {
                    tournament_id,
                    round: round as u32,
                    deadline,
                }),
                _ => None,
            },
        })
    }
}

const COLUMNS: &str =
    "id, guild_id, channel_id, table_message_id, format, preset, locale, status, state_json, version, \
     table_deal, turn_started_at, reminded, ai_level, tournament_id, tournament_round, deadline, \
     place_kind";

impl Matches<'_> {
    /// Stores a new match and its players; returns its id.
    pub async fn create_match(&self, m: &NewMatch) -> Result<i64, StoreError> {
        let (m, backend) = (m.clone(), self.backend());
        self.write(move |conn| Box::pin(async move { insert_match(conn, backend, &m).await }))
            .await
    }

    pub async fn load_match(&self, match_id: i64) -> Result<Option<MatchRow>, StoreError> {
        let raw: Option<Raw> =
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM matches WHERE id = $1"))
                .bind(match_id)
                .fetch_optional(self.pool())
                .await?;
        let Some(r) = raw else { return Ok(None) };
        let players: Vec<(i64, i64, String, i64)> = sqlx::query_as(
            "SELECT match_id, user_id, display_name, is_ai FROM match_players WHERE match_id = $1 ORDER BY seat",
        )
        .bind(match_id)
        .fetch_all(self.pool())
        .await?;
        r.with_players(players).map(Some)
    }

    /// The matches of `ids` that exist, each with its players, in two queries: the first
    /// presses after a restart load their matches together, not a round trip each.
    pub async fn load_matches(
        &self,
        ids: &[i64],
    ) -> Result<Vec<(i64, Result<MatchRow, StoreError>)>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = placeholders(ids.len());
        let sql = format!("SELECT {COLUMNS} FROM matches WHERE id IN ({list}) ORDER BY id");
        let mut query = sqlx::query(&sql);
        for id in in_list(ids) {
            query = query.bind(id);
        }
        let rows: Vec<sqlx::any::AnyRow> = query.fetch_all(self.pool()).await?;
        let sql = format!(
            "SELECT match_id, user_id, display_name, is_ai FROM match_players \
             WHERE match_id IN ({list}) ORDER BY match_id DESC, seat DESC"
        );
        let mut query = sqlx::query_as(&sql);
        for id in in_list(ids) {
            query = query.bind(id);
        }
        let mut players: Vec<(i64, i64, String, i64)> = query.fetch_all(self.pool()).await?;
        // Each row is read on its own: one that cannot be read fails its own match only, not
        // the others asked for with it. (A row whose very id cannot be read answers nobody:
        // its caller finds no match.)
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let Ok(id) = sqlx::Row::try_get::<i64, _>(row, "id") else {
                tracing::error!("a match row without a readable id");
                continue;
            };
            // Players come newest match last-first, so each match pops its own off the end.
            while players.last().is_some_and(|p| p.0 < id) {
                players.pop();
            }
            let mut mine = Vec::new();
            while players.last().is_some_and(|p| p.0 == id) {
                mine.push(players.pop().expect("checked"));
            }
            let read = <Raw as sqlx::FromRow<_>>::from_row(row)
                .map_err(|e| StoreError::Corrupt(format!("match {id}: {e}")))
                .and_then(|raw| raw.with_players(mine));
            out.push((id, read));
        }
        Ok(out)
    }

    /// The active match in a channel that `user` plays in, if any.
    pub async fn active_match_for(
        &self,
        channel_id: u64,
        user_id: u64,
    ) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT m.id FROM matches m JOIN match_players p ON p.match_id = m.id \
             WHERE m.channel_id = $1 AND m.status = 'active' AND p.user_id = $2 ORDER BY m.id DESC LIMIT 1",
        )
        .bind(id(channel_id))
        .bind(id(user_id))
        .fetch_optional(self.pool())
        .await?)
    }

    /// Every active match in a channel (for moderators' `/ginmod cancel`).
    pub async fn active_matches_in_channel(&self, channel_id: u64) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM matches WHERE channel_id = $1 AND status = 'active' ORDER BY id",
        )
        .bind(id(channel_id))
        .fetch_all(self.pool())
        .await?)
    }

    /// The logged events of a match, oldest first (for replays and audits).
    pub async fn match_actions(&self, match_id: i64) -> Result<Vec<(u8, String)>, StoreError> {
        let rows: Vec<(i64, String)> =
            sqlx::query_as("SELECT seat, event_json FROM actions WHERE match_id = $1 ORDER BY seq")
                .bind(match_id)
                .fetch_all(self.pool())
                .await?;
        Ok(rows.into_iter().map(|(s, e)| (s as u8, e)).collect())
    }

    /// A Hollywood match's three games: (game, seat, final_total, net, won), in order.
    pub async fn hollywood_games(
        &self,
        match_id: i64,
    ) -> Result<Vec<(u8, u8, i64, i64, bool)>, StoreError> {
        let rows: Vec<(i64, i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT game, seat, final_total, net, won FROM hollywood_games WHERE match_id = $1 \
             ORDER BY game, seat",
        )
        .bind(match_id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(g, s, f, n, w)| (g as u8, s as u8, f, n, w != 0))
            .collect())
    }

    /// Status and players' results of a match: (status, [(seat, final_total, net, won)]).
    pub async fn match_result(
        &self,
        match_id: i64,
    ) -> Result<Option<(MatchState, Vec<(u8, i64, i64, bool)>)>, StoreError> {
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM matches WHERE id = $1")
            .bind(match_id)
            .fetch_optional(self.pool())
            .await?;
        let Some(status) = status else {
            return Ok(None);
        };
        let rows: Vec<(i64, i64, i64, i64)> =
            sqlx::query_as("SELECT seat, final_total, net, won FROM match_players WHERE match_id = $1 ORDER BY seat")
                .bind(match_id)
                .fetch_all(self.pool())
                .await?;
        let status = MatchState::parse(&status).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        Ok(Some((
            status,
            rows.into_iter()
                .map(|(s, f, n, w)| (s as u8, f, n, w != 0))
                .collect(),
        )))
    }

    /// The recorded deals of a match: (deal_no, kind, points, winner seat).
    pub async fn match_hands(
        &self,
        match_id: i64,
    ) -> Result<Vec<(u32, String, i64, Option<u8>)>, StoreError> {
        let rows: Vec<(i64, String, i64, Option<i64>)> =
            sqlx::query_as("SELECT deal_no, kind, points, winner_seat FROM hands WHERE match_id = $1 ORDER BY deal_no")
                .bind(match_id)
                .fetch_all(self.pool())
                .await?;
        Ok(rows
            .into_iter()
            .map(|(d, k, p, w)| (d as u32, k, p, w.map(|w| w as u8)))
            .collect())
    }

    /// Active matches whose player (a person) needs a reminder (idle for the server's
    /// reminder time, not reminded yet) or a forfeit (idle for its forfeit time and reminded
    /// long enough ago), with the times this read found for them. A server
    /// without settings of its own has `reminder` and `forfeit` (seconds). Only rows that
    /// need work, oldest first, `limit` at a time: each is dealt with, so the next pass gets
    /// the next ones.
    pub async fn idle_matches(
        &self,
        now: i64,
        (reminder, forfeit): (i64, i64),
        limit: i64,
    ) -> Result<Vec<IdleRow>, StoreError> {
        // Past a tournament round's deadline the forfeit follows the reminder after one more
        // reminder's time, instead of after the server's forfeit hours.
        Ok(sqlx::query_as(&format!(
            "SELECT id, version, reminded, idle_since, reminder, forfeit FROM \
             (SELECT m.id, m.version, m.reminded, m.turn_started_at AS idle_since, \
             COALESCE(g.reminder_minutes * 60, $2) AS reminder, \
             CASE WHEN m.deadline <= $1 AND 2 * COALESCE(g.reminder_minutes * 60, $2) \
             < COALESCE(g.forfeit_hours * 3600, $3) THEN 2 * COALESCE(g.reminder_minutes * 60, $2) \
             ELSE COALESCE(g.forfeit_hours * 3600, $3) END AS forfeit \
             FROM matches m \
             LEFT JOIN guild_settings g ON g.guild_id = m.guild_id \
             WHERE m.status = 'active' AND m.ai_to_act = 0 AND {}) x \
             WHERE idle_since <= $1 - reminder AND \
             (reminded = 0 OR (idle_since <= $1 - forfeit AND reminded <= $1 - (forfeit - reminder))) \
             ORDER BY idle_since LIMIT $4",
            self.shards.condition("m.guild_id")
        ))
        .bind(now)
        .bind(reminder)
        .bind(forfeit)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    /// Notes that a person, not the AI, is to move in a match at `version` (correcting a row
    /// from before the `ai_to_act` column); nothing if it has moved on since.
    pub async fn set_person_to_act(&self, match_id: i64, version: i64) -> Result<(), StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query("UPDATE matches SET ai_to_act = 0 WHERE id = $1 AND version = $2")
                    .bind(match_id)
                    .bind(version)
                    .execute(&mut *conn)
                    .await?;
                Ok(())
            })
        })
        .await
    }

    /// Active matches where the AI is to move and has been since before `before` (its turn
    /// is overdue), oldest first, `limit` at a time.
    pub async fn waiting_ai_matches(
        &self,
        before: i64,
        limit: i64,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(&format!(
            "SELECT id FROM matches WHERE status = 'active' AND ai_to_act = 1 AND turn_started_at <= $1 \
             AND {} ORDER BY turn_started_at LIMIT $2",
            self.shards.condition("guild_id")
        ))
        .bind(before)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }
}

/// Stores a match, its players and its outbox rows, all or nothing, in a transaction of its
/// own: its id. The two bodies differ in round trips: PostgreSQL's is one statement
/// (data-modifying CTEs, which SQLite lacks; see `postgres::start`), atomic without a
/// transaction; SQLite's one text of a statement each (`sqlite::start`), which an
/// acceptance on SQLite also runs inside its own transaction (see `challenges`).
pub(super) async fn insert_match(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    m: &NewMatch,
) -> Result<i64, StoreError> {
    match backend {
        Backend::Postgres => postgres::start::insert_match(conn, m).await,
        Backend::Sqlite => {
            let mut tx = conn.begin().await?;
            let id = sqlite::start::insert_match(&mut tx, m).await?;
            tx.commit().await?;
            Ok(id)
        }
    }
}

/// The states and log entries of `actions`, all in one round trip, inside the writer's open
/// transaction: for each, whether it was still at its version and is written. Hands and
/// results are left to [`store_action`]. The two bodies differ in how a batch becomes one
/// round trip: PostgreSQL's is one statement of data-modifying CTEs over the moves as JSON
/// (`postgres::batch`), SQLite, which has no such CTEs, takes several statements in one text,
/// each action's later ones guarded by `changes()` (`sqlite::batch`).
pub(super) async fn store_states(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    actions: &[&SavedAction],
) -> Result<Vec<bool>, StoreError> {
    if actions.is_empty() {
        return Ok(Vec::new());
    }
    match backend {
        Backend::Sqlite => sqlite::batch::states(conn, actions).await,
        Backend::Postgres => postgres::batch::states(conn, actions, &[], false).await,
    }
}

/// As [`store_states`], in a transaction of its own that travels in the same round trip as
/// the statements, with the `delivered` outbox rows deleted in the same commit. Nothing is
/// kept on an error. The two bodies differ as [`store_states`]' do, and in how the
/// transaction travels: PostgreSQL's one statement is a transaction of its own (a match
/// twice takes a statement per round inside one), SQLite's text starts with `BEGIN
/// IMMEDIATE` and ends with the deletes and `COMMIT`.
pub(super) async fn commit_states(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    actions: &[&SavedAction],
    delivered: &[Delivered],
) -> Result<Vec<bool>, StoreError> {
    match backend {
        Backend::Sqlite => sqlite::batch::commit_states(conn, actions, delivered).await,
        Backend::Postgres => postgres::batch::states(conn, actions, delivered, true).await,
    }
}

/// Everything one accepted action writes, inside the writer's open transaction. Returns false,
/// having written nothing, when the match is no longer at `a.version`.
pub(super) async fn store_action(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    a: &SavedAction,
) -> Result<bool, StoreError> {
    if !store_states(conn, backend, &[a]).await?[0] {
        return Ok(false);
    }
    for h in &a.hands {
        insert_hand(conn, a.match_id, h).await?;
    }
    for g in &a.hollywood {
        sqlx::query(
            "INSERT INTO hollywood_games (match_id, game, seat, total, lines, final_total, net, won) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(a.match_id)
        .bind(i64::from(g.game))
        .bind(i64::from(g.seat))
        .bind(i64::from(g.total))
        .bind(i64::from(g.lines))
        .bind(i64::from(g.final_total))
        .bind(g.net)
        .bind(i64::from(g.won))
        .execute(&mut *conn)
        .await?;
    }
    if a.status == MatchState::Ended(EndReason::Cancelled) {
        sqlx::query(
            "UPDATE match_players SET status = $1, ended_at = $2, counted = 0 WHERE match_id = $3",
        )
        .bind(a.status.as_str())
        .bind(a.now)
        .bind(a.match_id)
        .execute(&mut *conn)
        .await?;
    }
    if let Some(results) = &a.result {
        let counted = a.rate.is_some();
        for p in results {
            sqlx::query(
                    "UPDATE match_players SET total = $1, lines = $2, line_bonus = $3, game_bonus = $4, \
                     final_total = $5, net = $6, won = $7, hands_won = $8, gins = $9, knocks = $10, undercuts_given = $11, \
                     undercuts_suffered = $12, knock_deadwood = $13, ended_at = $14, status = $15, counted = $16, \
                     format = (SELECT format FROM matches WHERE id = $17), \
                     vs_ai = (SELECT MAX(is_ai) FROM match_players WHERE match_id = $18) \
                     WHERE match_id = $19 AND seat = $20",
                )
                .bind(p.total as i64)
                .bind(p.lines as i64)
                .bind(p.line_bonus as i64)
                .bind(p.game_bonus as i64)
                .bind(p.final_total as i64)
                .bind(p.net)
                .bind(i64::from(p.won))
                .bind(p.hands_won as i64)
                .bind(p.gins as i64)
                .bind(p.knocks as i64)
                .bind(p.undercuts_given as i64)
                .bind(p.undercuts_suffered as i64)
                .bind(p.knock_deadwood as i64)
                .bind(a.now)
                .bind(a.status.as_str())
                .bind(i64::from(counted))
                .bind(a.match_id)
                .bind(a.match_id)
                .bind(a.match_id)
                .bind(p.seat as i64)
                .execute(&mut *conn)
                .await?;
        }
        if let (Some(rate), true) = (a.rate, counted) {
            update_ratings(conn, a.match_id, results, rate).await?;
        }
    }
    Ok(true)
}

/// Reads the players' ratings, lets `rate` compute the new ones, writes them: all inside the
/// match's closing transaction, so concurrent match ends cannot lose an update.
async fn update_ratings(
    conn: &mut sqlx::AnyConnection,
    match_id: i64,
    results: &[PlayerResult],
    rate: RateFn,
) -> Result<(), StoreError> {
    struct Current {
        guild_id: i64,
        user_id: i64,
        rating: Option<f64>,
        deviation: Option<f64>,
        volatility: Option<f64>,
        matches: Option<i64>,
    }
    from_row! { Current: guild_id, user_id, rating, deviation, volatility, matches }
    let rows: Vec<Current> = sqlx::query_as(
        "SELECT p.guild_id, p.user_id, r.rating, r.deviation, r.volatility, r.matches FROM match_players p \
         LEFT JOIN ratings r ON r.guild_id = p.guild_id AND r.user_id = p.user_id \
         WHERE p.match_id = $1 ORDER BY p.seat",
    )
    .bind(match_id)
    .fetch_all(&mut *conn)
    .await?;
    let Some(guild) = rows.first().map(|r| r.guild_id) else {
        return Ok(());
    };
    let current: Vec<RatingRow> = rows
        .iter()
        .map(|r| RatingRow {
            user_id: unid(r.user_id),
            rating: r.rating.unwrap_or(1500.0),
            deviation: r.deviation.unwrap_or(350.0),
            volatility: r.volatility.unwrap_or(0.06),
            matches: r.matches.unwrap_or(0),
        })
        .collect();
    for r in rate(&current, results) {
        sqlx::query(
            "INSERT INTO ratings (guild_id, user_id, rating, deviation, volatility, matches) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, matches = excluded.matches",
        )
        .bind(guild)
        .bind(id(r.user_id))
        .bind(r.rating)
        .bind(r.deviation)
        .bind(r.volatility)
        .bind(r.matches)
        .execute(&mut *conn)
        .await?;
        // Kept with the match too: the stats chart draws the rating over the matches.
        sqlx::query(
            "UPDATE match_players SET rating_after = $1, deviation_after = $2 WHERE match_id = $3 AND user_id = $4",
        )
        .bind(r.rating)
        .bind(r.deviation)
        .bind(match_id)
        .bind(id(r.user_id))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn insert_hand(
    conn: &mut sqlx::AnyConnection,
    match_id: i64,
    h: &HandRow,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO hands (match_id, deal_no, guild_id, dealer_seat, first_seat, second_seat, knocker_seat, kind, \
         knocker_deadwood, defender_deadwood, points, winner_seat, lines, doubled, commitment, seed_hex) \
         SELECT $1, $2, COALESCE(place_id, guild_id), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15 FROM matches WHERE id = $16",
    )
    .bind(match_id)
    .bind(h.deal_no as i64)
    .bind(h.dealer_seat as i64)
    .bind(h.first_seat as i64)
    .bind(h.second_seat as i64)
    .bind(h.knocker_seat.map(i64::from))
    .bind(h.kind.as_str())
    .bind(h.knocker_deadwood.map(i64::from))
    .bind(h.defender_deadwood.map(i64::from))
    .bind(h.points as i64)
    .bind(h.winner_seat.map(i64::from))
    .bind(h.lines as i64)
    .bind(i64::from(h.doubled))
    .bind(&h.commitment)
    .bind(&h.seed_hex)
    .bind(match_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{EndReason, MatchState};
    use crate::store::fixtures::{db_with_matches, new_match};

    /// A new match goes live without being read back: what it would read back as must be
    /// what is stored.
    #[tokio::test]
    async fn a_new_match_is_stored_as_it_says() {
        let (_dir, db, ids) = db_with_matches(1).await;
        let stored = db.matches().load_match(ids[0]).await.unwrap().unwrap();
        let new = new_match(0);
        assert_eq!(
            format!("{:?}", new.stored_as(ids[0])),
            format!("{stored:?}")
        );
    }

    /// A process running some of the shards sweeps, delivers and moves the clocks
    /// of its own servers' matches only: a server belongs to shard `(guild_id >> 22) % total`.
    #[tokio::test]
    async fn a_process_touches_only_the_matches_of_its_own_shards() {
        use crate::store::{NewChallenge, OutboxKey, OutboxRow, Shards};
        let (_dir, db, _) = db_with_matches(0).await;
        // Servers on shard 0 and on shard 1 of 2.
        let (theirs, ours) = (2u64 << 22, 3u64 << 22);
        let mut ids = Vec::new();
        for (i, guild) in [(0, theirs), (1, ours)] {
            let mut m = new_match(i);
            m.guild_id = guild;
            m.outbox = vec![OutboxRow {
                key: OutboxKey {
                    match_id: 0,
                    version: 0,
                    part: 0,
                },
                due_ms: 0,
                effects_json: "[]".into(),
            }];
            ids.push(db.matches().create_match(&m).await.unwrap());
            db.challenges()
                .create_challenge(&NewChallenge {
                    place_kind: Default::default(),
                    guild_id: guild,
                    channel_id: 500 + i,
                    challenger: (1, "Ann".into()),
                    opponents: vec![(2, "Ben".into())],
                    preset: "classic".into(),
                    rules_json: "{}".into(),
                    locale: "en".into(),
                    now: 0,
                    expires_at: 10,
                })
                .await
                .unwrap();
        }
        let mine = db.clone().owning("1-1/2".parse::<Shards>().unwrap());
        assert!(mine.shards().owns(ours) && !mine.shards().owns(theirs));
        let pending: Vec<i64> = mine
            .outbox()
            .pending_outbox()
            .await
            .unwrap()
            .iter()
            .map(|r| r.key.match_id)
            .collect();
        assert_eq!(pending, vec![ids[1]]);
        let idle: Vec<i64> = mine
            .matches()
            .idle_matches(1_000_000, (60, 3600), 10)
            .await
            .unwrap()
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(idle, vec![ids[1]]);
        let expired = mine.challenges().expired_challenges(100).await.unwrap();
        assert_eq!(
            expired.iter().map(|c| c.guild_id).collect::<Vec<_>>(),
            vec![ours]
        );
        assert_eq!(mine.heartbeat().shift_idle_clocks(30, 40).await.unwrap(), 1);
        assert_eq!(mine.heartbeat().last_beat().await.unwrap(), Some(40));
        assert_eq!(
            db.clone()
                .owning("0-0/2".parse::<Shards>().unwrap())
                .heartbeat()
                .last_beat()
                .await
                .unwrap(),
            None,
            "each range beats for its own servers"
        );
        // One process for every shard sees both.
        assert_eq!(db.outbox().pending_outbox().await.unwrap().len(), 2);
    }

    /// A batch load brings each asked match that exists with its own players, finished or
    /// not, and nothing for unknown ids.
    #[tokio::test]
    async fn a_batch_load_reads_the_asked_matches_with_their_players() {
        let (_dir, db, ids) = db_with_matches(5).await;
        let mut a = crate::store::fixtures::action(ids[2], 0);
        a.status = MatchState::Ended(EndReason::Cancelled);
        assert!(db.matches().save_action(a).await.unwrap());
        let rows: Vec<crate::store::MatchRow> = db
            .matches()
            .load_matches(&[ids[4], 999_999, ids[0], ids[2]])
            .await
            .unwrap()
            .into_iter()
            .map(|(id, r)| {
                let r = r.unwrap();
                assert_eq!(r.id, id);
                r
            })
            .collect();
        let got: Vec<(i64, Vec<u64>)> = rows
            .iter()
            .map(|r| (r.id, r.players.iter().map(|p| p.0).collect()))
            .collect();
        assert_eq!(
            got,
            vec![
                (ids[0], vec![10, 11]),
                (ids[2], vec![14, 15]),
                (ids[4], vec![18, 19])
            ]
        );
        for row in rows {
            let one = db.matches().load_match(row.id).await.unwrap().unwrap();
            assert_eq!(
                format!("{one:?}"),
                format!("{row:?}"),
                "as one load reads it"
            );
        }
        assert!(db.matches().load_matches(&[]).await.unwrap().is_empty());
    }

    /// A row that cannot be read fails its own match only: the others asked with it load.
    #[tokio::test]
    async fn a_batch_load_with_an_unreadable_row_reads_the_others() {
        let (_dir, db, ids) = db_with_matches(3).await;
        let bad = ids[1];
        db.write(move |conn| {
            Box::pin(async move {
                sqlx::query("UPDATE matches SET status = 'no such status' WHERE id = $1")
                    .bind(bad)
                    .execute(&mut *conn)
                    .await?;
                Ok(())
            })
        })
        .await
        .unwrap();
        let rows = db.matches().load_matches(&ids).await.unwrap();
        let read: Vec<(i64, bool)> = rows.iter().map(|(id, r)| (*id, r.is_ok())).collect();
        assert_eq!(read, vec![(ids[0], true), (bad, false), (ids[2], true)]);
        let Err(crate::store::StoreError::Corrupt(why)) = &rows[1].1 else {
            panic!("a corrupt row: {:?}", rows[1].1)
        };
        assert!(why.contains(&format!("match {bad}")), "{why}");
    }
}
