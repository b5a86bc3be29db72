//! Matches stored by the build from before a restructuring (commit 2d2c434) load and
//! play on with this one. `tests/fixtures/before_seam` holds what that build wrote through its
//! own game service, as a SQLite database and as a dump of a PostgreSQL one: every format
//! (Gin for two and three, its presets, Straight and Hollywood, Rummy for two to six with and
//! without house rules, Partnership and Team Gin, one of them in the middle of a swap),
//! matches stopped within a deal or past a finished one, finished and resigned matches,
//! practice matches and open challenges; and a manifest of what that build held of each (its
//! README says how it was made).
//!
//! Each match must read back as stored (format, seats, scores, whose turn), its state and its
//! log must read as this build's types (the state writing back byte for byte, the log
//! replaying to it), and then every unfinished match and every open challenge is played to its
//! end through the game service, with moves the engine lists as legal, the ledger recording
//! the result.

use crate::games::{self, each_tested};
use crate::support::harness::{Harness, GUILD};
use gin::engine::{Event, Seat, Variant};
use gin::games::{Caller, Game, Move};
use gin::ui::ids::Press;
use serde::Deserialize;
use std::time::Duration;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/before_seam");

/// Moves a match may take from where it was stored to its end.
const MAX_MOVES: usize = 20_000;

/// Every format the ledger knows, all of which the fixture holds.
const FORMATS: [&str; 9] = [
    "two",
    "three",
    "rummy-2",
    "rummy-3",
    "rummy-4",
    "rummy-5",
    "rummy-6",
    "partnership",
    "team",
];

/// What the old build held, written beside the database when it was made.
#[derive(Deserialize)]
struct Manifest {
    /// The old build's clock when it stopped (the open challenges run out after it).
    clock: i64,
    matches: Vec<StoredMatch>,
    challenges: Vec<StoredChallenge>,
}

#[derive(Deserialize)]
struct StoredMatch {
    label: String,
    id: i64,
    channel: u64,
    lang: String,
    format: String,
    preset: String,
    status: String,
    version: i64,
    users: Vec<u64>,
    names: Vec<String>,
    ai: Vec<bool>,
    ai_level: Option<String>,
    table_message_id: Option<u64>,
    to_act: Option<Seat>,
    seats_to_act: Vec<Seat>,
    deal_no: u32,
    deals_done: usize,
    totals: Vec<u32>,
    /// Gin's lines and Hollywood sheet, Partnership's and Team Gin's lines.
    extra: serde_json::Value,
    /// The ledger's (seat, final total, net, won) per seat.
    result: Vec<(u8, i64, i64, bool)>,
    hands: usize,
    actions: usize,
}

#[derive(Deserialize)]
struct StoredChallenge {
    label: String,
    id: i64,
    channel: u64,
    message_id: Option<u64>,
    status: String,
    challenger: u64,
    opponents: Vec<u64>,
    preset: String,
    rules_json: String,
    expires_at: i64,
}

fn manifest() -> Manifest {
    let text = std::fs::read_to_string(format!("{FIXTURE}/manifest.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[tokio::test]
async fn sqlite_matches_stored_before_the_seam_load_and_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gin.db");
    std::fs::copy(format!("{FIXTURE}/gin.sqlite"), &path).unwrap();
    let url = format!("sqlite://{}", path.display());
    let m = manifest();
    let h = Harness::on(dir, url, m.clock).await;
    load_and_play_on(&h, &m).await;
}

/// The same rows on PostgreSQL (which stores states compressed): the dump's rows go into a
/// fresh database with this build's schema. Runs only with `GIN_TEST_POSTGRES_URL` set.
#[tokio::test]
async fn postgres_matches_stored_before_the_seam_load_and_play_on() {
    use sqlx::Connection;
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let url = gin::store::testing::fresh_database_url(dir.path(), "gin")
        .await
        .unwrap();
    gin::store::Db::open(&url)
        .await
        .unwrap()
        .pool()
        .close()
        .await;
    // pg_dump's own meta-commands (`\restrict`) are psql's, not SQL.
    let dump = std::fs::read_to_string(format!("{FIXTURE}/postgres.sql")).unwrap();
    let sql: Vec<&str> = dump.lines().filter(|l| !l.starts_with('\\')).collect();
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::raw_sql(&sql.join("\n"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let m = manifest();
    let h = Harness::on(dir, url, m.clock).await;
    load_and_play_on(&h, &m).await;
}

async fn load_and_play_on(h: &Harness, m: &Manifest) {
    for format in FORMATS {
        assert!(
            m.matches
                .iter()
                .any(|s| s.format == format && s.status == "active"),
            "the fixture has an unfinished {format} match"
        );
    }
    for s in &m.matches {
        check_as_stored(h, s).await;
    }
    for s in m.matches.iter().filter(|s| s.status == "active") {
        play_to_end(h, s.id, &s.label).await;
        check_ledger(h, s.id, &s.label).await;
    }
    assert!(!m.challenges.is_empty());
    for c in &m.challenges {
        let id = accept(h, c).await;
        play_to_end(h, id, &c.label).await;
        check_ledger(h, id, &c.label).await;
    }
}

/// The match reads back as the old build held it.
async fn check_as_stored(h: &Harness, s: &StoredMatch) {
    let label = s.label.as_str();
    let db = &h.games.db;
    let row = db
        .matches()
        .load_match(s.id)
        .await
        .unwrap_or_else(|e| panic!("{label}: the row reads: {e}"))
        .unwrap_or_else(|| panic!("{label}: stored"));
    assert_eq!(row.format.as_str(), s.format, "{label}");
    let game = Game::from_json(row.format, &row.state_json)
        .unwrap_or_else(|e| panic!("{label}: the stored {} state reads: {e}", s.format));
    assert_eq!(
        game.to_json(),
        row.state_json,
        "{label}: the state writes back byte for byte"
    );
    let live = h
        .games
        .snapshot(s.id)
        .await
        .unwrap_or_else(|| panic!("{label}: the game service loads it"));
    assert_eq!(live.game, game, "{label}");
    assert_eq!(live.channel_id, s.channel, "{label}");
    assert_eq!(live.lang.code(), s.lang, "{label}");
    assert_eq!(live.game.format().as_str(), s.format, "{label}");
    assert_eq!(live.preset, s.preset, "{label}");
    assert_eq!(live.state.as_str(), s.status, "{label}");
    assert_eq!(live.version, s.version, "{label}");
    assert_eq!(live.users, s.users, "{label}: seats");
    assert_eq!(live.names, s.names, "{label}: seats");
    assert_eq!(live.ai, s.ai, "{label}: seats");
    assert_eq!(row.ai_level, s.ai_level, "{label}");
    assert_eq!(live.table_message_id, s.table_message_id, "{label}");
    assert_eq!(live.game.to_act(), s.to_act, "{label}: whose turn");
    assert_eq!(
        live.game.seats_to_act(),
        s.seats_to_act,
        "{label}: whose turn"
    );
    assert_eq!(live.game.deal_no(), s.deal_no, "{label}");
    assert_eq!(live.game.deals_done(), s.deals_done, "{label}");
    let (totals, sheet) = games::sheet(&live.game);
    assert_eq!(totals, s.totals, "{label}: scores");
    assert_eq!(sheet, s.extra, "{label}: the score sheet");
    let (status, result) = db.matches().match_result(s.id).await.unwrap().unwrap();
    assert_eq!(status.as_str(), s.status, "{label}");
    assert_eq!(result, s.result, "{label}: the ledger's figures");
    assert_eq!(
        db.matches().match_hands(s.id).await.unwrap().len(),
        s.hands,
        "{label}"
    );
    let log = db.matches().match_actions(s.id).await.unwrap();
    assert_eq!(log.len(), s.actions, "{label}");
    each_tested!(&game, g, K => replays(g, &log, label));
}

/// Every stored event reads as this build's event of the game, and the log replays to the
/// stored state.
fn replays<V: Variant>(stored: &V, log: &[(u8, String)], label: &str) {
    let events: Vec<Event<V::Action>> = log
        .iter()
        .map(|(_, e)| {
            serde_json::from_str(e).unwrap_or_else(|err| panic!("{label}: event {e} reads: {err}"))
        })
        .collect();
    let mut replayed = V::replay(stored.setup(), stored.seed(), &events)
        .unwrap_or_else(|e| panic!("{label}: the stored log replays: {e}"));
    replayed.clear_log();
    let mut stored = stored.clone();
    stored.clear_log();
    assert!(replayed == stored, "{label}: the log replays to the state");
}

/// Plays match `id` to its end: each person to move presses the move the engine's simple
/// player picks among the legal ones; the bot's seats move by themselves.
async fn play_to_end(h: &Harness, id: i64, label: &str) {
    let (mut moves, mut waits) = (0, 0);
    loop {
        let live = h.games.snapshot(id).await.unwrap();
        if !live.is_active() {
            eprintln!(
                "{label}: {moves} moves to the end, at version {}",
                live.version
            );
            return;
        }
        let person = live
            .game
            .seats_to_act()
            .into_iter()
            .find(|&s| !live.ai[usize::from(s)]);
        let Some(seat) = person else {
            waits += 1;
            assert!(waits < 1_000, "{label}: the AI moves by itself");
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let play = games::simple_play(&live.game, seat);
        let user = live.users[usize::from(seat)];
        let caller = Caller {
            place: gin::games::Place::Guild {
                guild: GUILD,
                member: true,
            },
            channel_id: live.channel_id,
            user_id: user,
            name: live.names[usize::from(seat)].clone(),
            lang: live.lang,
            guild_lang: live.lang,
            message_id: Some(1),
        };
        let version = live.game.press_version(seat, live.version);
        let outcome = h
            .games
            .matches()
            .act(&caller, id, version, Move::Play(play))
            .await;
        h.settle_outcome(outcome, user, Some(1)).await;
        let after = h.games.snapshot(id).await.unwrap();
        assert!(
            after.version > live.version,
            "{label}: {play:?} of seat {seat} is taken"
        );
        moves += 1;
        assert!(moves < MAX_MOVES, "{label}: the match ends");
    }
}

/// The match ended by play and the ledger holds the settlement: each seat's (or its team's)
/// final total, net and result, a row per hand (per table at Partnership Gin), and the match
/// in each person's history of its format.
async fn check_ledger(h: &Harness, id: i64, label: &str) {
    let live = h.games.snapshot(id).await.unwrap();
    let db = &h.games.db;
    let (status, seats) = db.matches().match_result(id).await.unwrap().unwrap();
    assert_eq!(status.as_str(), "finished", "{label}: played out");
    let expected: Vec<(u8, i64, i64, bool)> = games::results(&live.game)
        .into_iter()
        .enumerate()
        .map(|(seat, (total, net, won))| (seat as u8, total, net, won))
        .collect();
    assert_eq!(seats, expected, "{label}: the ledger's figures");
    assert_eq!(seats.iter().map(|s| s.2).sum::<i64>(), 0, "{label}");
    let hands = games::hand_rows(&live.game);
    assert_eq!(
        db.matches().match_hands(id).await.unwrap().len(),
        hands,
        "{label}"
    );
    let format = live.game.format();
    for (seat, &user) in live.users.iter().enumerate() {
        if live.ai[seat] {
            continue;
        }
        let rows = db
            .ledger()
            .history(GUILD, user, Some(format.as_str()), 100)
            .await
            .unwrap();
        assert!(
            rows.iter().any(|r| r.match_id == id && r.format == format),
            "{label}: in the history of seat {seat}"
        );
    }
}

/// The open challenge reads back as stored, and its opponents accept it: the match's id.
async fn accept(h: &Harness, c: &StoredChallenge) -> i64 {
    let label = c.label.as_str();
    let row = h
        .games
        .db
        .challenges()
        .challenge(c.id)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{label}: stored"));
    assert_eq!(row.status.as_str(), c.status, "{label}");
    assert_eq!(row.channel_id, c.channel, "{label}");
    assert_eq!(row.message_id, c.message_id, "{label}");
    assert_eq!(row.challenger.0, c.challenger, "{label}");
    let opponents: Vec<u64> = row.opponents.iter().map(|o| o.0).collect();
    assert_eq!(opponents, c.opponents, "{label}");
    assert_eq!(row.preset, c.preset, "{label}");
    assert_eq!(row.rules_json, c.rules_json, "{label}");
    assert_eq!(row.expires_at, c.expires_at, "{label}");
    for (user, name) in &row.opponents {
        let caller = Caller {
            place: gin::games::Place::Guild {
                guild: GUILD,
                member: true,
            },
            channel_id: c.channel,
            user_id: *user,
            name: name.clone(),
            lang: gin::i18n::Lang::En,
            guild_lang: gin::i18n::Lang::En,
            message_id: c.message_id,
        };
        let a = gin::ui::press(&h.games, &caller, &Press::Accept(c.id).encode()).await;
        h.settle(a, *user, c.message_id).await;
    }
    let id = h
        .games
        .db
        .matches()
        .active_match_for(c.channel, c.challenger)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{label}: accepted, the match started"));
    let live = h.games.snapshot(id).await.unwrap();
    assert_eq!(live.preset, c.preset, "{label}");
    assert_eq!(live.users[0], c.challenger, "{label}");
    id
}
