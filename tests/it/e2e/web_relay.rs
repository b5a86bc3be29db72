//! The card table across processes (PostgreSQL only): two runs of the real binary share one
//! database, each running one of two shards and serving the card table. The pages open on
//! the process that does not own their server: what they ask is forwarded to its owner,
//! applied there only, and acked after the owner's commit; with the owner gone it is refused
//! `unavailable`, and nothing is stored.

use super::product::matches_applied_in;
use crate::support::fake_discord::player::{Game, Step};
use crate::support::fake_discord::{FakeDiscord, FakeOptions};
use crate::support::web::{self as page, sensible_move, Socket};
use crate::support::wire::*;
use gin::engine::MatchEvent;
use gin::games::{system_clock, Games};
use gin::store::{Db, Shards};
use serde_json::{json, Value};
use sqlx::Connection;
use std::sync::Arc;
use std::time::Duration;

/// The fake Discord's application id (`FakeOptions::app_id`).
const APP: u64 = 100;
const INSTANCE: &str = "i-1";

/// Two runs of the binary: run `owner_run` runs shard 0 (the fake's server, where every
/// match here is), run 2 shard 1; each serves the card table on a port of its own.
struct Two {
    bin: Binary,
    owner: Process,
    _other: Process,
    owner_run: u32,
    owner_port: u16,
    /// The port of the process that does not own the matches: the pages open there.
    port: u16,
    db: Db,
}

/// What run `n` of shard `shard` is given: its shard, global commands, its table's address.
fn env(shard: u32, port: u16) -> Vec<(&'static str, String)> {
    vec![
        ("GIN_SHARDS", format!("{shard}-{shard}/2")),
        ("GIN_GUILD_ID", "0".to_string()),
        ("GIN_ACTIVITY_ADDR", format!("127.0.0.1:{port}")),
    ]
}

/// Waits until something listens on `port`.
async fn listening(port: u16) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "port {port} listens"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The two processes, ready, with an Activity instance of `users` in the fake's channel;
/// `None` (skipped) without PostgreSQL.
async fn two_processes(users: &[u64]) -> Option<Two> {
    two_processes_with(users, true).await
}

/// [`two_processes`], the owner serving the card table or not (`owner_table`).
async fn two_processes_with(users: &[u64], owner_table: bool) -> Option<Two> {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: two processes share a PostgreSQL database (GIN_TEST_POSTGRES_URL, set by .ci/run)");
        return None;
    }
    let bin = Binary::with_options(FakeOptions {
        shards: 2,
        ..Default::default()
    })
    .await;
    let (owner_port, port) = (page::free_port(), page::free_port());
    bin.configure(&format!(
        "[timeouts]\nai_delay_ms = 20\n[activity]\nclient_id = {APP}\nclient_secret = '{}'\n\
         static_dir = '{}/activity/dist'\norigins = ['{}', '{}']\n",
        page::SECRET,
        env!("CARGO_MANIFEST_DIR"),
        page::origin(owner_port),
        page::origin(port),
    ));
    let fake = &bin.fake;
    assert_eq!(
        Shards::of(fake.guild_id(), 2),
        0,
        "the fake's server is shard 0's"
    );
    fake.oauth_secret(page::SECRET);
    fake.activity_instance(INSTANCE, fake.channel_id(), users);
    let mut owner_env = env(0, owner_port);
    if !owner_table {
        owner_env.push(("GIN_ACTIVITY_ADDR", String::new()));
    }
    let owner = bin.spawn(1, &owner_env);
    let other = bin.spawn(2, &env(1, port));
    fake.wait_shard_ready(0, 1).await;
    fake.wait_shard_ready(1, 1).await;
    if owner_table {
        listening(owner_port).await;
    }
    listening(port).await;
    let db = Db::open(&bin.url).await.unwrap();
    Some(Two {
        bin,
        owner,
        _other: other,
        owner_run: 1,
        owner_port,
        port,
        db,
    })
}

/// Alice's challenge to Bob to `target` points, accepted in the chat: the match dealt.
async fn started(fake: &FakeDiscord, target: i64) -> Game {
    let mut game = Game::new(
        fake.clone(),
        fake.channel_id(),
        vec![user(ALICE), user(BOB)],
    );
    game.start(Some(target)).await;
    game
}

impl Two {
    /// `who`'s page, open on the process that does not own the matches.
    async fn page(&self, who: u64) -> Socket {
        let session = page::sign_in(&self.bin.fake, self.port, &user(who)).await;
        Socket::join(self.port, &session, INSTANCE).await
    }

    /// The owner of shard 0 killed, as a crash would.
    fn kill_owner(&mut self) {
        self.owner.sigkill();
    }

    /// Shard 0's process again, as run 3 (then 4…), ready.
    async fn restart_owner(&mut self) {
        // Run 2 is the other process's.
        self.owner_run = (self.owner_run + 1).max(3);
        self.owner = self.bin.spawn(self.owner_run, &env(0, self.owner_port));
        self.bin
            .fake
            .wait_shard_ready(0, u64::from(self.owner_run) - 1)
            .await;
        listening(self.owner_port).await;
    }

    /// The matches whose moves each run applied: every one by shard 0's runs, none by the
    /// other's.
    fn assert_applied_by_the_owner_only(&self, ids: &[i64]) {
        let other = matches_applied_in(&self.bin.log(2));
        assert!(other.is_empty(), "the other process applied {other:?}");
        let mut owner = std::collections::HashSet::new();
        for n in std::iter::once(1).chain(3..=self.owner_run) {
            owner.extend(matches_applied_in(&self.bin.log(n)));
        }
        for id in ids {
            assert!(owner.contains(id), "shard 0's process applied match {id}");
        }
    }
}

/// A move acked on a page: the version it was made at, and its play.
type Acked = (i64, Value);

/// Every acked move is in the match's log, at its version, as played.
async fn assert_acked_kept(db: &Db, match_id: i64, acked: &[Acked]) {
    let log = db.matches().match_actions(match_id).await.unwrap();
    for (version, play) in acked {
        let (_, event) = log
            .get(*version as usize)
            .unwrap_or_else(|| panic!("the move acked at version {version} is lost"));
        let event: MatchEvent = serde_json::from_str(event).unwrap();
        let MatchEvent::Play { action, .. } = event else {
            panic!("version {version} is not a move: {event:?}");
        };
        let played = json!({ "gin": action });
        assert_eq!(&played, play, "the move acked at version {version}");
    }
}

/// The page of whoever may move (the pages shown the match at `version` first).
async fn mover(pages: &mut [Socket], id: i64, version: i64) -> Option<&mut Socket> {
    for p in pages.iter_mut() {
        p.state_at(id, version).await;
    }
    pages
        .iter_mut()
        .find(|p| p.state()["moves"].as_array().is_some_and(|m| !m.is_empty()))
}

/// The mover's page plays a sensible move: acked (after the owner's commit).
async fn play_on_page(pages: &mut [Socket], id: i64, version: i64) -> Option<Acked> {
    play_on_page_once_back(pages, id, version, false).await
}

/// [`play_on_page`], refused `unavailable` while the owner is not back (as a player clicks
/// again), for at most 10 s, if `returning`.
async fn play_on_page_once_back(
    pages: &mut [Socket],
    id: i64,
    version: i64,
    returning: bool,
) -> Option<Acked> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let page = mover(pages, id, version).await?;
    let mv = sensible_move(page.state()).unwrap();
    let play = page.state()["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == mv)
        .unwrap()["play"]
        .clone();
    loop {
        let answer = page.play(&mv).await;
        let away = answer["code"] == "unavailable";
        if returning && away && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        assert_eq!(answer["t"], "ack", "{mv}: {answer}");
        return Some((version, play));
    }
}

/// A whole match from pages on the process that does not own it, a chat press every third
/// move on the owner: every page move is applied by the owner alone and acked after its
/// commit, every page follows every move, and each acked move is in the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_is_played_from_the_other_process_with_chat_presses_between() {
    let Some(two) = two_processes(&[ALICE, BOB]).await else {
        return;
    };
    let fake = &two.bin.fake;
    let mut game = started(fake, TARGET).await;
    let id = game.match_id;
    let mut pages = vec![two.page(ALICE).await, two.page(BOB).await];
    let mut acked = Vec::new();
    let mut turn = 0u32;
    loop {
        let s = snap(&two.db, id).await;
        if s.status != "active" {
            break;
        }
        turn += 1;
        assert!(turn < 1000, "the match ends");
        if turn % 3 == 0 {
            // A chat button, on the owner; the pages follow it through the bus.
            match game.step().await {
                Step::Acted { .. } | Step::Over => {}
                Step::Idle => tokio::time::sleep(Duration::from_millis(20)).await,
            }
            continue;
        }
        if let Some(a) = play_on_page(&mut pages, id, s.version).await {
            acked.push(a);
        }
    }
    let last = snap(&two.db, id).await.version;
    for p in pages.iter_mut() {
        let shown = p.state_at(id, last).await;
        assert_eq!(shown["match"]["over"], true, "{shown}");
    }
    assert!(acked.len() > 10, "most moves made on the pages");
    assert!(!game.applied.is_empty(), "and some in chat");
    assert_acked_kept(&two.db, id, &acked).await;
    two.assert_applied_by_the_owner_only(&[id]);
    for p in &pages {
        assert!(
            !p.received.iter().any(|f| f["code"] == "unavailable"),
            "the owner answered every request"
        );
    }
    fake.assert_no_violations();
}

/// Forged and stale moves from the other process are refused as on one process, each with
/// its code, and nothing is stored; the same move then taken once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_and_stale_moves_from_the_other_process_change_nothing() {
    let Some(two) = two_processes(&[ALICE, BOB, CAROL]).await else {
        return;
    };
    let fake = &two.bin.fake;
    let game = started(fake, TARGET).await;
    let id = game.match_id;
    let before = snap(&two.db, id).await;
    let version = before.version;
    let mut a = two.page(ALICE).await;
    let mut b = two.page(BOB).await;
    let mut c = two.page(CAROL).await;
    let (mover, waiter) = if a.state()["moves"].as_array().unwrap().is_empty() {
        (&mut b, &mut a)
    } else {
        (&mut a, &mut b)
    };
    let offered = page::forged_moves_refused(mover, waiter, &mut c, id, version).await;
    let r = mover
        .play_raw(id, version - 1, offered["play"].clone())
        .await;
    assert_eq!(r["code"], "stale", "{r}");
    assert_eq!(snap(&two.db, id).await, before, "nothing changed");

    // The move itself, then the same frame again: stale, nothing more changed.
    let r = mover.play_raw(id, version, offered["play"].clone()).await;
    assert_eq!(r["t"], "ack", "{r}");
    let after = snap(&two.db, id).await;
    assert_eq!(after.version, version + 1, "stored before the ack");
    let r = mover.play_raw(id, version, offered["play"].clone()).await;
    assert_eq!(r["code"], "stale", "{r}");
    assert_eq!(snap(&two.db, id).await, after);
    assert_acked_kept(&two.db, id, &[(version, offered["play"].clone())]).await;
    two.assert_applied_by_the_owner_only(&[id]);
    fake.assert_no_violations();
}

/// The owner killed mid-hand: a move from the other process is refused `unavailable` at
/// once, its page still shown the match, and nothing is stored; the owner back, the page
/// plays on, and every acked move is in the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_owner_gone_a_move_is_unavailable_and_nothing_is_stored() {
    let Some(mut two) = two_processes(&[ALICE, BOB]).await else {
        return;
    };
    let fake = two.bin.fake.clone();
    let game = started(&fake, LONG_TARGET).await;
    let id = game.match_id;
    let mut pages = vec![two.page(ALICE).await, two.page(BOB).await];
    let mut acked = Vec::new();
    for _ in 0..4 {
        let v = snap(&two.db, id).await.version;
        acked.extend(play_on_page(&mut pages, id, v).await);
    }
    two.kill_owner();
    // A listener named for shard 0 on another database of the server (another deployment's):
    // not this one's owner.
    let elsewhere = gin::store::testing::new_database_url(&std::env::temp_dir(), "elsewhere")
        .await
        .unwrap();
    let options: sqlx::postgres::PgConnectOptions = elsewhere.parse().unwrap();
    let _elsewhere = sqlx::PgConnection::connect_with(&options.application_name("gin 0-0/2 e1"))
        .await
        .unwrap();
    // The owner's listener gone from this database's list, and what the other process
    // last saw of it (`OWNERS_KNOWN`) out of date.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let left: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE application_name LIKE 'gin 0-0/2 %' AND datname = current_database()",
        )
        .fetch_one(two.db.pool())
        .await
        .unwrap();
        if left == 0 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the owner's listener ends"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let before = snap(&two.db, id).await;
    let page = mover(&mut pages, id, before.version).await.unwrap();
    let mv = sensible_move(page.state()).unwrap();
    let r = page.play(&mv).await;
    assert_eq!(r["code"], "unavailable", "{r}");
    assert!(
        two.bin.log(2).contains("the server's owner is away"),
        "known away at once, another database's listener not taken for it"
    );
    assert!(!r["text"].as_str().unwrap().is_empty());
    assert_eq!(snap(&two.db, id).await, before, "nothing stored");

    two.restart_owner().await;
    for n in 0..4 {
        let v = snap(&two.db, id).await.version;
        acked.extend(play_on_page_once_back(&mut pages, id, v, n == 0).await);
    }
    assert_eq!(acked.len(), 8);
    assert_acked_kept(&two.db, id, &acked).await;
    two.assert_applied_by_the_owner_only(&[id]);
}

/// Practice and a challenge asked on the other process: opened by the owner alone, their
/// messages posted in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn practice_and_a_challenge_from_the_other_process_are_opened_by_the_owner() {
    let Some(two) = two_processes(&[ALICE, BOB, CAROL]).await else {
        return;
    };
    let fake = &two.bin.fake;
    let channel = fake.channel_id();
    let mut alice = two.page(ALICE).await;
    let _bob = two.page(BOB).await;
    let r = ask(
        &mut alice,
        json!({"t": "challenge", "seq": 1, "opponent": BOB.to_string()}),
    )
    .await;
    assert_eq!(r["t"], "ack", "{r}");
    let posted = fake
        .messages_in(channel)
        .into_iter()
        .any(|m| m.find_button(|id| id.starts_with("gin:acc:")).is_some());
    assert!(posted, "the challenge posted with its Accept button");
    let open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM challenges WHERE channel_id = $1")
        .bind(channel as i64)
        .fetch_one(two.db.pool())
        .await
        .unwrap();
    assert_eq!(open, 1, "one challenge stored");

    let mut carol = two.page(CAROL).await;
    let r = ask(&mut carol, json!({"t": "practice", "seq": 1})).await;
    assert_eq!(r["t"], "ack", "{r}");
    let state = carol.next_state().await;
    let id = state["match"]["id"]
        .as_i64()
        .expect("the practice match shown");
    assert!(state["hand"].is_object(), "Carol's hand: {state}");
    // The AI's moves, the table: all the owner's.
    let table = fake
        .wait_until(channel, Duration::from_secs(10), || {
            fake.message_with_button(&gin::ui::ids::Press::Hand(id).encode())
                .is_some()
        })
        .await;
    assert!(table, "the practice table posted");
    let (owner, other) = (two.bin.log(1), two.bin.log(2));
    for opened in ["challenge opened", "practice match started"] {
        assert!(owner.contains(opened), "the owner: {opened}");
        assert!(!other.contains(opened), "the other process: {opened}");
    }
    assert!(!other.contains("AI move"), "the AI plays on the owner");
    two.assert_applied_by_the_owner_only(&[]);
    fake.assert_no_violations();
}

/// Sends `frame` and waits for its answer.
async fn ask(page: &mut Socket, frame: Value) -> Value {
    let seq = frame["seq"].clone();
    page.send(frame).await;
    answer_to(page, seq).await
}

/// The answer to request `seq`.
async fn answer_to(page: &mut Socket, seq: Value) -> Value {
    loop {
        let v = page.next().await.expect("an answer");
        if (v["t"] == "ack" || v["t"] == "refused") && v["seq"] == seq {
            return v;
        }
    }
}

/// The owner serves no card table: it still tells of its chat moves, which the pages on the
/// other process follow; nothing listens for their requests there, so a move is refused
/// `unavailable` at once, and nothing is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owner_without_the_table_tells_its_chat_moves_to_the_other_process() {
    let Some(two) = two_processes_with(&[ALICE, BOB], false).await else {
        return;
    };
    let fake = &two.bin.fake;
    let mut game = started(fake, LONG_TARGET).await;
    let id = game.match_id;
    let mut pages = vec![two.page(ALICE).await, two.page(BOB).await];
    play_until_applied(&mut game, 4).await;
    let version = snap(&two.db, id).await.version;
    assert!(version >= 4);
    // Each frame awaited at most `Socket::next`'s 10 s.
    let page = mover(&mut pages, id, version).await.expect("a mover");
    let mv = sensible_move(page.state()).unwrap();
    let before = snap(&two.db, id).await;
    let r = page.play(&mv).await;
    assert_eq!(r["code"], "unavailable", "{r}");
    assert_eq!(snap(&two.db, id).await, before, "nothing stored");
    assert!(
        !two.bin.log(1).contains("the web table listens"),
        "the owner serves no table"
    );
}

/// A clean stop of the owner (SIGTERM) while a forwarded practice match waits for its post
/// in the chat: the owner takes no new request (refused `unavailable`), and carries the one
/// in flight to its end before it ends: the post fails, the match is taken back, and the
/// page is told so (not left to time out).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_owner_answers_the_requests_in_flight_and_takes_no_more() {
    let Some(two) = two_processes(&[ALICE, CAROL]).await else {
        return;
    };
    let fake = two.bin.fake.clone();
    let channel = fake.channel_id();
    let mut carol = two.page(CAROL).await;
    let mut alice = two.page(ALICE).await;
    // The practice match reaches the owner, is stored, and waits for its post.
    let post = fake.hold_next(&format!("POST /channels/{channel}/messages"));
    carol.send(json!({"t": "practice", "seq": 1})).await;
    post.wait_held().await;
    let pid = two.owner.0.id().to_string();
    let term = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status();
    assert!(term.unwrap().success());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !two.bin.log(1).contains("takes no more requests") {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the owner stops taking requests"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Another request meanwhile: refused, not taken.
    let r = ask(&mut alice, json!({"t": "practice", "seq": 1})).await;
    assert_eq!(r["code"], "unavailable", "{r}");
    // The post fails (a held request is dropped unanswered).
    drop(post);
    let r = answer_to(&mut carol, json!(1)).await;
    assert_eq!(r["code"], "cannot_post", "{r}");
    let left = two.db.matches().active_match_for(channel, CAROL).await;
    assert_eq!(left.unwrap(), None, "the practice match taken back");
    let mut owner = two.owner;
    let status = tokio::task::spawn_blocking(move || owner.0.wait()).await;
    assert!(status.unwrap().unwrap().success(), "a clean stop");
}

/// The owner's side of the protocol, asked directly on the bus: a request asked again gets
/// the answer given (the move applied once), and one for a server the owner does not run is
/// refused `unavailable`, nothing applied.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_answers_a_request_asked_again_alike_and_refuses_a_server_not_its_own() {
    let Some(two) = two_processes(&[ALICE, BOB]).await else {
        return;
    };
    let fake = &two.bin.fake;
    let game = started(fake, LONG_TARGET).await;
    let id = game.match_id;
    let mut pages = vec![two.page(ALICE).await, two.page(BOB).await];
    let version = snap(&two.db, id).await.version;
    assert!(mover(&mut pages, id, version).await.is_some());
    let (who, name, page) = if pages[0].state()["moves"].as_array().unwrap().is_empty() {
        (BOB, "Bob", &pages[1])
    } else {
        (ALICE, "Alice", &pages[0])
    };
    let play = page.state()["moves"][0]["play"].clone();
    let mut answers = sqlx::postgres::PgListener::connect(&two.bin.url)
        .await
        .unwrap();
    answers.listen("gin_answer_test").await.unwrap();
    let later = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
        + 60_000;
    let ask_until = |rid: &str, guild: u64, until: u64| {
        json!({
            "rid": rid, "to": "gin_answer_test", "until": until,
            "from": {"place": {"p": "guild", "guild": guild}, "channel": fake.channel_id(),
                     "user": who, "name": name, "lang": "en"},
            "ask": {"k": "move", "match_id": id, "version": version, "play": play},
        })
        .to_string()
    };
    let ask = |rid: &str, guild: u64| ask_until(rid, guild, later);
    let pool = two.db.pool().clone();
    let notify = |payload: String| {
        let pool = pool.clone();
        async move {
            sqlx::query("SELECT pg_notify('gin_ask_2_0', $1)")
                .bind(payload)
                .execute(&pool)
                .await
                .unwrap();
        }
    };
    let mut answer = async || -> Value {
        let n = tokio::time::timeout(Duration::from_secs(10), answers.recv())
            .await
            .expect("an answer")
            .unwrap();
        serde_json::from_str(n.payload()).unwrap()
    };
    // A server of shard 1 asked of shard 0's owner.
    notify(ask("test:0", (1 << 22) + 601)).await;
    let a = answer().await;
    assert_eq!(
        (&a["rid"], &a["answer"]["code"]),
        (&json!("test:0"), &json!("unavailable")),
        "{a}"
    );
    assert_eq!(snap(&two.db, id).await.version, version, "nothing applied");
    // Delivered past its deadline: the page was told `unavailable` already.
    notify(ask_until("test:late", fake.guild_id(), later - 120_000)).await;
    let a = answer().await;
    assert_eq!(
        (&a["rid"], &a["answer"]["code"]),
        (&json!("test:late"), &json!("unavailable")),
        "{a}"
    );
    assert_eq!(snap(&two.db, id).await.version, version, "nothing applied");
    for _ in 0..2 {
        notify(ask("test:1", fake.guild_id())).await;
        let a = answer().await;
        assert_eq!(a, json!({"rid": "test:1", "answer": {"r": "ack"}}));
    }
    assert_eq!(snap(&two.db, id).await.version, version + 1, "applied once");
    assert_acked_kept(&two.db, id, &[(version, play.clone())]).await;
}

/// A bot in this test's process on `url`'s database, running `shards` with its bus and its
/// table on `port`: its games.
async fn in_process(fake: &FakeDiscord, url: &str, shards: &str, port: u16) -> Arc<Games> {
    let mut config = config_for(fake, url);
    page::configure(&mut config, APP, port);
    config.shards = Some(shards.parse().unwrap());
    let db = Db::open(url).await.unwrap();
    let (db, feed) = db.owning(shards.parse().unwrap()).with_bus().await.unwrap();
    let games = Arc::new(Games::new(
        db,
        config.clone(),
        system_clock(),
        gin::discord::HAND_TOKEN_SECONDS,
    ));
    let hearing = games.clone();
    tokio::spawn(async move { hearing.following().hear(feed).await });
    tokio::spawn(gin::app::run_until(
        config,
        games.clone(),
        std::future::pending(),
    ));
    games
}

/// The owner's note of a move it applied for the other process never comes (it died after
/// its commit): the page is shown the move after its ack all the same, read from the
/// database, not left on the state before it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forwarded_move_is_shown_after_its_ack_though_its_note_never_comes() {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return;
    }
    let fake = FakeDiscord::start_with(FakeOptions {
        shards: 2,
        ..Default::default()
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let url = gin::store::testing::fresh_database_url(dir.path(), "gin")
        .await
        .unwrap();
    fake.oauth_secret(page::SECRET);
    fake.activity_instance(INSTANCE, fake.channel_id(), &[ALICE, BOB]);
    let (owner_port, port) = (page::free_port(), page::free_port());
    let owner = in_process(&fake, &url, "0-0/2", owner_port).await;
    fake.wait_shard_ready(0, 1).await;
    let _other = in_process(&fake, &url, "1-1/2", port).await;
    fake.wait_shard_ready(1, 1).await;
    listening(port).await;
    let game = started(&fake, LONG_TARGET).await;
    let id = game.match_id;
    let mut pages = Vec::new();
    for who in [ALICE, BOB] {
        let session = page::sign_in(&fake, port, &user(who)).await;
        pages.push(Socket::join(port, &session, INSTANCE).await);
    }
    let version = snap(&owner.db, id).await.version;
    let page = mover(&mut pages, id, version).await.unwrap();
    owner.db.bus().mute_changes(true);
    let mv = sensible_move(page.state()).unwrap();
    let r = page.play(&mv).await;
    assert_eq!(r["t"], "ack", "{r}");
    assert_eq!(snap(&owner.db, id).await.version, version + 1);
    // The next frame (none within 10 s without the read after the answer).
    let shown = page.next_state().await;
    assert_eq!(shown["match"]["version"], version + 1, "{shown}");
}

/// A process of split shards whose card table cannot take its port stops with a line that
/// says so: its listener would take the other processes' requests, none answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_whose_table_cannot_listen_stops() {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return;
    }
    let bin = Binary::with_options(FakeOptions {
        shards: 2,
        ..Default::default()
    })
    .await;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    bin.configure(&format!(
        "[activity]\nclient_id = {APP}\nclient_secret = '{}'\n\
         static_dir = '{}/activity/dist'\norigins = ['{}']\n",
        page::SECRET,
        env!("CARGO_MANIFEST_DIR"),
        page::origin(port),
    ));
    let mut owner = bin.spawn(1, &env(0, port));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = owner.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the process stops: {}",
            bin.log(1)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(!status.success());
    assert!(
        bin.log(1).contains("the card table cannot serve"),
        "{}",
        bin.log(1)
    );
    drop(taken);
}
