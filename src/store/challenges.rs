//! Challenges: opened by `/gin start`, answered with Accept or Decline, or expired.

use super::from_row::from_row;
use super::rows::{Accept, Acceptance, ChallengeRow, NewChallenge};
use super::writer::Together;
use super::{
    acceptance, id, postgres, unid, Backend, ChallengeState, Challenges, PlaceKind, StoreError,
};
use sqlx::{AnyConnection, Connection};
use std::sync::LazyLock;

struct Raw {
    id: i64,
    guild_id: i64,
    place_kind: i64,
    channel_id: i64,
    message_id: Option<i64>,
    challenger_id: i64,
    challenger_name: String,
    opponent_ids: String,
    opponent_names: String,
    accepted_ids: String,
    preset: String,
    rules_json: String,
    locale: String,
    status: String,
    expires_at: i64,
}

from_row! {
    Raw:
    id, guild_id, place_kind, channel_id, message_id, challenger_id, challenger_name, opponent_ids,
    opponent_names, accepted_ids, preset, rules_json, locale, status, expires_at,
}

impl TryFrom<Raw> for ChallengeRow {
    type Error = StoreError;
    fn try_from(r: Raw) -> Result<ChallengeRow, StoreError> {
        let corrupt =
            |e: serde_json::Error| StoreError::Corrupt(format!("challenge {}: {e}", r.id));
        let ids: Vec<u64> = serde_json::from_str(&r.opponent_ids).map_err(corrupt)?;
        let names: Vec<String> = serde_json::from_str(&r.opponent_names).map_err(corrupt)?;
        let place_kind = PlaceKind::from_code(r.place_kind).ok_or_else(|| {
            StoreError::Corrupt(format!("challenge {}: place kind {}", r.id, r.place_kind))
        })?;
        Ok(ChallengeRow {
            id: r.id,
            guild_id: unid(r.guild_id),
            place_kind,
            channel_id: unid(r.channel_id),
            message_id: r.message_id.map(unid),
            challenger: (unid(r.challenger_id), r.challenger_name),
            opponents: ids.into_iter().zip(names).collect(),
            accepted: serde_json::from_str(&r.accepted_ids).map_err(corrupt)?,
            preset: r.preset,
            rules_json: r.rules_json,
            locale: r.locale,
            status: ChallengeState::parse(&r.status)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
            expires_at: r.expires_at,
        })
    }
}

/// New challenges, each answered with its id. The two bodies differ because the ids must
/// come back beside their challenges: PostgreSQL draws them from the table's sequence
/// before one `INSERT` of all (one round trip for a burst, see `postgres::burst`); SQLite
/// has no sequence to draw from and does not promise the order of `RETURNING` rows, so it
/// inserts one by one, which costs it no network round trip.
impl Together for NewChallenge {
    type Out = i64;

    async fn write_all(
        conn: &mut AnyConnection,
        backend: Backend,
        all: &[NewChallenge],
    ) -> Result<Vec<i64>, StoreError> {
        match backend {
            Backend::Sqlite => one_by_one(conn, all, insert_one).await,
            Backend::Postgres => postgres::burst::insert_challenges(conn, all).await,
        }
    }
}

/// Acceptances, each decided by the one rule of [`acceptance`]. The two bodies differ in
/// how many statements carry them: PostgreSQL's one statement checks, updates and starts
/// the matches of a whole run of acceptances (data-modifying CTEs, which SQLite lacks; see
/// `postgres::start`), SQLite reads the outcome, then writes what it says, one acceptance
/// at a time.
impl Together for Accept {
    type Out = Acceptance;

    async fn write_all(
        conn: &mut AnyConnection,
        backend: Backend,
        all: &[Accept],
    ) -> Result<Vec<Acceptance>, StoreError> {
        match backend {
            Backend::Sqlite => one_by_one(conn, all, accept_one).await,
            Backend::Postgres => postgres::start::accept_all(conn, all).await,
        }
    }
}

/// SQLite: `write` for each of `all` in order, all or nothing as one statement would be.
async fn one_by_one<J, T>(
    conn: &mut AnyConnection,
    all: &[J],
    write: impl AsyncFn(&mut AnyConnection, &J) -> Result<T, StoreError>,
) -> Result<Vec<T>, StoreError> {
    let mut tx = conn.begin().await?;
    let mut outs = Vec::with_capacity(all.len());
    for job in all {
        outs.push(write(&mut tx, job).await?);
    }
    tx.commit().await?;
    Ok(outs)
}

/// SQLite: one acceptance, in the caller's transaction. The database decides it (see
/// [`acceptance`]) on the row it reads; the write that follows is in the same transaction on
/// the one writer connection.
async fn accept_one(conn: &mut AnyConnection, a: &Accept) -> Result<Acceptance, StoreError> {
    let challenge_id = a.challenge_id;
    let decided: Option<(String, String)> = sqlx::query_as(&SQLITE_DECIDE)
        .bind(a.user.to_string())
        .bind(a.new_match.now)
        .bind(challenge_id)
        .fetch_optional(&mut *conn)
        .await?;
    let (outcome, accepted) = decided.unzip();
    if let Some(outcome) = outcome.as_deref().filter(|o| *o != acceptance::CLOSED) {
        sqlx::query(&SQLITE_WRITE)
            .bind(outcome)
            .bind(accepted.as_deref())
            .bind(challenge_id)
            .execute(&mut *conn)
            .await?;
    }
    let match_id = match outcome.as_deref() {
        Some(acceptance::COMPLETE) => {
            Some(super::sqlite::start::insert_match(conn, &a.new_match).await?)
        }
        _ => None,
    };
    acceptance::read(
        challenge_id,
        outcome.as_deref(),
        accepted.as_deref(),
        match_id,
    )
}

/// `$1`: the user (decimal text), `$2`: now, `$3`: the challenge: its acceptance's outcome and the list after it.
static SQLITE_DECIDE: LazyLock<String> = LazyLock::new(|| {
    let sqlite = Backend::Sqlite;
    format!(
        "SELECT {outcome}, acc FROM (SELECT status, expires_at, opponent_ids, {acc} AS acc \
         FROM challenges WHERE id = $3)",
        acc = acceptance::with_user(sqlite, "accepted_ids", "$1"),
        outcome = acceptance::outcome(
            sqlite,
            ["status", "expires_at", "$2", "acc", "opponent_ids"]
        ),
    )
});

/// `$1`: the outcome, `$2`: the list after it, `$3`: the challenge.
static SQLITE_WRITE: LazyLock<String> = LazyLock::new(|| {
    format!(
        "UPDATE challenges SET {} WHERE id = $3",
        acceptance::set_after("$1", "$2", "")
    )
});

async fn insert_one(conn: &mut AnyConnection, c: &NewChallenge) -> Result<i64, StoreError> {
    let (ids, names) = c.opponent_lists();
    let row: i64 = sqlx::query_scalar(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenger_name, \
         opponent_ids, opponent_names, preset, rules_json, locale, status, created_at, \
         expires_at, place_kind) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10, $11, $12) RETURNING id",
    )
    .bind(id(c.guild_id))
    .bind(id(c.channel_id))
    .bind(id(c.challenger.0))
    .bind(&c.challenger.1)
    .bind(ids)
    .bind(names)
    .bind(&c.preset)
    .bind(&c.rules_json)
    .bind(&c.locale)
    .bind(c.now)
    .bind(c.expires_at)
    .bind(c.place_kind.code())
    .fetch_one(&mut *conn)
    .await?;
    Ok(row)
}

const COLUMNS: &str =
    "id, guild_id, place_kind, channel_id, message_id, challenger_id, challenger_name, opponent_ids, \
     opponent_names, accepted_ids, preset, rules_json, locale, status, expires_at";

impl Challenges<'_> {
    pub async fn challenge(&self, challenge_id: i64) -> Result<Option<ChallengeRow>, StoreError> {
        let raw: Option<Raw> =
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"))
                .bind(challenge_id)
                .fetch_optional(self.pool())
                .await?;
        raw.map(ChallengeRow::try_from).transpose()
    }

    /// Closes an open challenge (expired or withdrawn); false if it was not open
    /// any more (someone else answered first).
    pub async fn close_challenge(
        &self,
        challenge_id: i64,
        status: ChallengeState,
    ) -> Result<bool, StoreError> {
        let status = status.as_str();
        self.write(move |conn| {
            Box::pin(async move {
                let done = sqlx::query(
                    "UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'open'",
                )
                .bind(status)
                .bind(challenge_id)
                .execute(&mut *conn)
                .await?;
                Ok(done.rows_affected() == 1)
            })
        })
        .await
    }

    /// Closes an open challenge as declined by `user` at `now`; false if it was not open any
    /// more (someone else answered first).
    pub async fn decline_challenge(
        &self,
        challenge_id: i64,
        user: u64,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                let done = sqlx::query(
                    "UPDATE challenges SET status = $1, declined_by = $2, declined_at = $3 \
                     WHERE id = $4 AND status = 'open'",
                )
                .bind(ChallengeState::Declined.as_str())
                .bind(id(user))
                .bind(now)
                .bind(challenge_id)
                .execute(&mut *conn)
                .await?;
                Ok(done.rows_affected() == 1)
            })
        })
        .await
    }

    /// When `decliner` declined `challenger`'s challenges in this server since `since`, the
    /// newest first, at most `limit` of them. Outside servers (`guild_id` 0) the place is the
    /// `channel`: a DM's declines stay in that DM.
    pub async fn declines(
        &self,
        (guild_id, channel): (u64, Option<u64>),
        challenger: u64,
        decliner: u64,
        since: i64,
        limit: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let in_channel = if channel.is_some() {
            "AND channel_id = $6"
        } else {
            ""
        };
        let query = format!(
            "SELECT declined_at FROM challenges WHERE guild_id = $1 AND challenger_id = $2 \
             AND declined_by = $3 AND declined_at >= $4 {in_channel} \
             ORDER BY declined_at DESC LIMIT $5"
        );
        let mut query = sqlx::query_scalar(&query)
            .bind(id(guild_id))
            .bind(id(challenger))
            .bind(id(decliner))
            .bind(since)
            .bind(limit);
        if let Some(channel) = channel {
            query = query.bind(id(channel));
        }
        Ok(query.fetch_all(self.pool()).await?)
    }

    /// Open challenges whose time ran out.
    pub async fn expired_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>, StoreError> {
        let raws: Vec<Raw> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM challenges WHERE status = 'open' AND expires_at <= $1 \
             AND {} LIMIT 100",
            self.shards.condition("guild_id")
        ))
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        raws.into_iter().map(ChallengeRow::try_from).collect()
    }

    /// The open challenges of `channel_id` made on the card table (no message to press
    /// Accept on, and made where the bot does not post them) to `user`, not accepted by them
    /// yet, whose time has not run out at `now`: the newest.
    pub async fn open_on_table_to(
        &self,
        channel_id: u64,
        user: u64,
        now: i64,
    ) -> Result<Option<ChallengeRow>, StoreError> {
        let backend = self.backend();
        let raw: Option<Raw> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM challenges WHERE channel_id = $1 AND status = 'open' \
             AND expires_at > $2 AND message_id IS NULL AND place_kind <> {server} \
             AND {to} AND NOT {accepted} \
             ORDER BY id DESC LIMIT 1",
            to = acceptance::holds(backend, "opponent_ids", "$3"),
            accepted = acceptance::holds(backend, "accepted_ids", "$3"),
            server = PlaceKind::Server.code(),
        ))
        .bind(id(channel_id))
        .bind(now)
        .bind(user.to_string())
        .fetch_optional(self.pool())
        .await?;
        raw.map(ChallengeRow::try_from).transpose()
    }

    /// Whether `user` already has an open challenge of their own or an active match in this
    /// channel.
    pub async fn busy_in_channel(&self, channel_id: u64, user_id: u64) -> Result<bool, StoreError> {
        Ok(!self.busy_among(channel_id, &[user_id]).await?.is_empty())
    }

    /// Those of `users` who already have an open challenge they made, an active match, or a
    /// place in a running tournament (not yet knocked out) in
    /// this channel, in the order given: one query for all the players of a new challenge.
    /// Being challenged is no business: nobody can keep a player from playing by challenging
    /// them (the schema's one active match per player and channel still holds at acceptance).
    pub async fn busy_among(&self, channel_id: u64, users: &[u64]) -> Result<Vec<u64>, StoreError> {
        if users.is_empty() {
            return Ok(Vec::new());
        }
        let values: Vec<String> = (0..users.len())
            .map(|i| format!("({i}, CAST(${} AS BIGINT))", i + 2))
            .collect();
        let sql = format!(
            "WITH u(k, id) AS (VALUES {}) SELECT u.id FROM u WHERE EXISTS (SELECT 1 FROM matches m \
             JOIN match_players p ON p.match_id = m.id WHERE m.channel_id = $1 \
             AND m.status = 'active' AND p.user_id = u.id AND p.is_ai = 0) \
             OR EXISTS (SELECT 1 FROM challenges c WHERE c.channel_id = $1 AND c.status = 'open' \
             AND c.challenger_id = u.id) \
             OR EXISTS (SELECT 1 FROM tournament_entries e JOIN tournaments t \
             ON t.id = e.tournament_id WHERE t.channel_id = $1 AND t.status = 'running' \
             AND e.out = 0 AND (e.user_id = u.id OR e.partner_id = u.id)) ORDER BY u.k",
            values.join(", ")
        );
        let mut query = sqlx::query_scalar(&sql).bind(id(channel_id));
        for &user in users {
            query = query.bind(id(user));
        }
        let busy: Vec<i64> = query.fetch_all(self.pool()).await?;
        Ok(busy.into_iter().map(unid).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::NewChallenge;
    use crate::store::Db;

    async fn db() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let url = crate::store::testing::fresh_database_url(dir.path(), "c")
            .await
            .unwrap();
        let db = Db::open(&url).await.unwrap();
        (dir, db)
    }

    /// A challenge in channel 100 from user 10 to `opponents`, open from 60 to 960.
    fn challenge(opponents: Vec<(u64, String)>) -> NewChallenge {
        NewChallenge {
            place_kind: Default::default(),
            guild_id: 1,
            channel_id: 100,
            challenger: (10, "Ann".into()),
            opponents,
            preset: "classic".into(),
            rules_json: "{}".into(),
            locale: "de".into(),
            now: 60,
            expires_at: 960,
        }
    }

    /// Two players accepting at once through two writers (two processes on PostgreSQL) are
    /// decided one after the other: one waits for the other, whose acceptance completes the
    /// challenge and starts one match.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn two_acceptances_at_once_through_two_writers_start_one_match() {
        use super::{Acceptance, ChallengeState};
        let dir = tempfile::tempdir().unwrap();
        let url = crate::store::testing::fresh_database_url(dir.path(), "c")
            .await
            .unwrap();
        let (one, two) = (Db::open(&url).await.unwrap(), Db::open(&url).await.unwrap());
        for round in 0..10 {
            let mut new = challenge(vec![(11, "Ben".into()), (12, "Cy".into())]);
            new.channel_id = 200 + round;
            let id = one.challenges().create_challenge(&new).await.unwrap();
            let mut game = crate::store::fixtures::new_match(0);
            game.channel_id = new.channel_id;
            game.players.push((12, "Cy".into(), false));
            let (first, second) = (one.challenges(), two.challenges());
            let (a, b) = tokio::join!(
                first.accept_challenge(id, 11, &game),
                second.accept_challenge(id, 12, &game)
            );
            let (a, b) = (a.unwrap(), b.unwrap());
            match (&a, &b) {
                (Acceptance::Waiting(w), Acceptance::Complete(_)) => assert_eq!(w, &[11]),
                (Acceptance::Complete(_), Acceptance::Waiting(w)) => assert_eq!(w, &[12]),
                other => panic!("round {round}: {other:?}"),
            }
            let row = one.challenges().challenge(id).await.unwrap().unwrap();
            assert_eq!(row.status, ChallengeState::Accepted);
            let mut accepted = row.accepted;
            accepted.sort_unstable();
            assert_eq!(accepted, vec![11, 12]);
            let started = one
                .matches()
                .active_matches_in_channel(new.channel_id)
                .await
                .unwrap();
            assert_eq!(started.len(), 1);
        }
    }

    /// A new challenge is shown without being read back: what it would read back as must be
    /// what is stored.
    #[tokio::test]
    async fn a_new_challenge_is_stored_as_it_says() {
        let (_dir, db) = db().await;
        let new = challenge(vec![(4, "Ben".into()), (5, "Cy".into())]);
        let id = db.challenges().create_challenge(&new).await.unwrap();
        let stored = db.challenges().challenge(id).await.unwrap().unwrap();
        assert_eq!(format!("{:?}", new.stored_as(id)), format!("{stored:?}"));
    }

    /// A player is busy in a channel with an open challenge they made there or an active
    /// match, not for being challenged; the busy ones come back in the order asked.
    #[tokio::test]
    async fn busy_players_are_found_in_one_query_in_the_order_asked() {
        let (_dir, db) = db().await;
        let mut new = challenge(vec![(31, "Ben".into()), (32, "Cy".into())]);
        new.challenger = (30, "Ann".into());
        db.challenges().create_challenge(&new).await.unwrap();
        // Users 10 and 11, channel 100.
        db.matches()
            .create_match(&crate::store::fixtures::new_match(0))
            .await
            .unwrap();
        let asked = [31, 5, 10, 30, 3, 32, 11];
        assert_eq!(
            db.challenges().busy_among(100, &asked).await.unwrap(),
            vec![10, 30, 11]
        );
        assert!(db
            .challenges()
            .busy_among(101, &asked)
            .await
            .unwrap()
            .is_empty());
        assert!(db.challenges().busy_in_channel(100, 30).await.unwrap());
        assert!(!db.challenges().busy_in_channel(100, 3).await.unwrap());
        assert!(db
            .challenges()
            .busy_among(100, &[])
            .await
            .unwrap()
            .is_empty());
    }

    /// The expiry is checked inside the accepting transaction: an acceptance that arrives
    /// after the time ran out closes the challenge as expired and stores no match, whatever
    /// the caller checked before.
    #[tokio::test]
    async fn an_acceptance_after_the_expiry_is_refused_in_its_transaction() {
        use super::{Acceptance, ChallengeState};
        let (_dir, db) = db().await;
        let new = challenge(vec![(11, "Ben".into())]);
        let id = db.challenges().create_challenge(&new).await.unwrap();
        let mut late = crate::store::fixtures::new_match(0);
        late.now = 960;
        assert_eq!(
            db.challenges()
                .accept_challenge(id, 11, &late)
                .await
                .unwrap(),
            Acceptance::Expired
        );
        let row = db.challenges().challenge(id).await.unwrap().unwrap();
        assert_eq!(row.status, ChallengeState::Expired);
        assert!(row.accepted.is_empty());
        assert_eq!(db.matches().active_match_for(100, 10).await.unwrap(), None);
    }

    /// An acceptance whose match would give a player a second active match in the channel
    /// is refused as a conflict, and takes nothing with it: the challenge stays open, the
    /// acceptance uncounted.
    #[tokio::test]
    async fn an_acceptance_into_a_second_active_match_is_a_conflict_and_changes_nothing() {
        use super::ChallengeState;
        let (_dir, db) = db().await;
        let playing = crate::store::fixtures::new_match(0);
        db.matches().create_match(&playing).await.unwrap();
        let id = db
            .challenges()
            .create_challenge(&challenge(vec![(11, "Ben".into())]))
            .await
            .unwrap();
        let e = db
            .challenges()
            .accept_challenge(id, 11, &playing)
            .await
            .unwrap_err();
        assert!(e.is_conflict(), "{e}");
        let row = db.challenges().challenge(id).await.unwrap().unwrap();
        assert_eq!(row.status, ChallengeState::Open);
        assert!(row.accepted.is_empty());
    }

    /// Two opponents accepting at the same moment both count: the second to write completes
    /// the challenge, and the match is stored once.
    #[tokio::test]
    async fn acceptances_at_the_same_moment_all_count() {
        use super::{Acceptance, ChallengeState};
        let (_dir, db) = db().await;
        for i in 0..20u64 {
            let new = challenge(vec![(11, "Ben".into()), (12, "Cy".into())]);
            let id = db.challenges().create_challenge(&new).await.unwrap();
            let game = crate::store::fixtures::new_match(i);
            let challenges = db.challenges();
            let (a, b) = tokio::join!(
                challenges.accept_challenge(id, 11, &game),
                challenges.accept_challenge(id, 12, &game)
            );
            let mut outcomes = [a.unwrap(), b.unwrap()];
            outcomes.sort_by_key(|o| matches!(o, Acceptance::Complete(_)));
            assert!(
                matches!(outcomes, [Acceptance::Waiting(_), Acceptance::Complete(_)]),
                "round {i}: {outcomes:?}"
            );
            let row = db.challenges().challenge(id).await.unwrap().unwrap();
            assert_eq!(row.status, ChallengeState::Accepted);
        }
    }

    /// The last acceptance stores the match with its players and outbox rows exactly as
    /// `stored_as` says (the game is shown without reading it back); an acceptance counts
    /// once however often it is pressed, and a closed or unknown challenge changes nothing.
    #[tokio::test]
    async fn the_last_acceptance_stores_the_match_and_closes_the_challenge() {
        use super::{Acceptance, ChallengeState};
        use crate::store::{OutboxKey, OutboxRow};
        let (_dir, db) = db().await;
        // An id past i64::MAX: the lists hold ids as unsigned numbers.
        let big = u64::MAX - 1;
        let new = challenge(vec![(11, "Ben".into()), (big, "Cy".into())]);
        let id = db.challenges().create_challenge(&new).await.unwrap();
        let mut game = crate::store::fixtures::new_match(0);
        game.table_message_id = Some(77);
        game.players.push((big, "Cy".into(), false));
        game.players.push((13, "Bot".into(), true));
        game.ai_level = Some("hard".into());
        game.ai_to_act = true;
        game.rules_json = "{\"target\":50}".into();
        game.seed_hex = "ab".into();
        game.now = 70;
        game.outbox = vec![OutboxRow {
            key: OutboxKey {
                match_id: 0,
                version: 0,
                part: 1,
            },
            due_ms: 5,
            effects_json: "[\"table\"]".into(),
        }];
        for _ in 0..2 {
            let once = db
                .challenges()
                .accept_challenge(id, 11, &game)
                .await
                .unwrap();
            assert_eq!(once, Acceptance::Waiting(vec![11]));
        }
        let Acceptance::Complete(match_id) = db
            .challenges()
            .accept_challenge(id, big, &game)
            .await
            .unwrap()
        else {
            panic!("the last acceptance starts the match");
        };
        let stored = db.matches().load_match(match_id).await.unwrap().unwrap();
        assert_eq!(
            format!("{:?}", game.stored_as(match_id)),
            format!("{stored:?}")
        );
        // What `stored_as` leaves out.
        let rest: (String, String, i64, i64) = sqlx::query_as(
            "SELECT rules_json, seed_hex, started_at, CAST(ai_to_act AS BIGINT) FROM matches \
             WHERE id = $1",
        )
        .bind(match_id)
        .fetch_one(db.pool())
        .await
        .unwrap();
        assert_eq!(rest, (game.rules_json.clone(), "ab".into(), 70, 1));
        let seats: Vec<(i64, i64, String, i64)> = sqlx::query_as(
            "SELECT CAST(seat AS BIGINT), user_id, display_name, CAST(is_ai AS BIGINT) \
             FROM match_players WHERE match_id = $1 ORDER BY seat",
        )
        .bind(match_id)
        .fetch_all(db.pool())
        .await
        .unwrap();
        let expected: Vec<(i64, i64, String, i64)> = game
            .players
            .iter()
            .enumerate()
            .map(|(seat, (user, name, ai))| (seat as i64, *user as i64, name.clone(), *ai as i64))
            .collect();
        assert_eq!(seats, expected);
        let row = db.challenges().challenge(id).await.unwrap().unwrap();
        assert_eq!(row.status, ChallengeState::Accepted);
        assert_eq!(row.accepted, vec![11, big]);
        let mut owed = game.outbox[0].clone();
        owed.key.match_id = match_id;
        assert_eq!(db.outbox().pending_outbox().await.unwrap(), vec![owed]);
        // Too late, or no such challenge: nothing is stored.
        for (challenge, user) in [(id, 11), (id + 100, 11)] {
            let again = db
                .challenges()
                .accept_challenge(challenge, user, &game)
                .await
                .unwrap();
            assert_eq!(again, Acceptance::Closed);
        }
        assert_eq!(db.outbox().pending_outbox().await.unwrap().len(), 1);
    }

    /// One active match per player and channel is a rule of the schema: a second match for
    /// a player who already plays here is refused as a conflict.
    #[tokio::test]
    async fn a_second_active_match_for_a_player_in_a_channel_is_a_conflict() {
        let (_dir, db) = db().await;
        let first = crate::store::fixtures::new_match(0);
        db.matches().create_match(&first).await.unwrap();
        let mut again = first.clone();
        again.players[1].0 = 99;
        let e = db.matches().create_match(&again).await.unwrap_err();
        assert!(e.is_conflict(), "{e}");
        // Elsewhere, or once the first has ended, it is fine.
        again.channel_id += 1;
        db.matches().create_match(&again).await.unwrap();
    }
}
