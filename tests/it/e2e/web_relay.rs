//! The card table across processes (PostgreSQL only): two runs of the real binary share one
//! database, each running one of two shards and serving the card table. The pages open on
//! the process that does not own their server: what they ask is forwarded to its owner,
//! applied there only, and acked after the owner's commit; with the owner gone it is refused
//! `unavailable`, and nothing is stored.

use super::product::matches_applied_in;
use crate::support::fake_discord::player::{Game, Step};
use crate::support::fake_discord::FakeOptions;
use crate::support::web::{self as page, sensible_move, Socket};
use crate::support::wire::*;
use gin::engine::{Card, MatchEvent};
use gin::store::{Db, Shards};
use serde_json::{json, Value};
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

/// The two processes, ready, with Alice's and Bob's Activity instance in the fake's channel;
/// `None` (skipped) without PostgreSQL.
async fn two_processes(users: &[u64]) -> Option<Two> {
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
    let owner = bin.spawn(1, &env(0, owner_port));
    let other = bin.spawn(2, &env(1, port));
    fake.wait_shard_ready(0, 1).await;
    fake.wait_shard_ready(1, 1).await;
    listening(owner_port).await;
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
    let page = mover(pages, id, version).await?;
    let mv = sensible_move(page.state()).unwrap();
    let play = page.state()["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == mv)
        .unwrap()["play"]
        .clone();
    let answer = page.play(&mv).await;
    assert_eq!(answer["t"], "ack", "{mv}: {answer}");
    Some((version, play))
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
    let mut game = Game::new(
        fake.clone(),
        fake.channel_id(),
        vec![user(ALICE), user(BOB)],
    );
    game.start(Some(TARGET)).await;
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
    let mut game = Game::new(
        fake.clone(),
        fake.channel_id(),
        vec![user(ALICE), user(BOB)],
    );
    game.start(Some(TARGET)).await;
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
    let offered = mover.state()["moves"][0].clone();
    let r = c.play_raw(id, version, offered["play"].clone()).await;
    assert_eq!(r["code"], "not_a_player", "{r}");
    let r = waiter.play_raw(id, version, offered["play"].clone()).await;
    assert_eq!(r["code"], "illegal", "{r}");
    assert!(!r["text"].as_str().unwrap().is_empty());
    let held: Vec<String> =
        serde_json::from_value(mover.state()["hand"]["view"]["hand"].clone()).unwrap();
    let not_held = Card::all()
        .map(|c| c.to_string())
        .find(|c| !held.contains(c))
        .unwrap();
    let r = mover
        .play_raw(
            id,
            version,
            json!({"gin": {"action": "discard", "card": not_held}}),
        )
        .await;
    assert_eq!(r["t"], "refused", "{r}");
    let r = mover
        .play_raw(id, version - 1, offered["play"].clone())
        .await;
    assert_eq!(r["code"], "stale", "{r}");
    let r = mover
        .play_raw(id + 1000, version, offered["play"].clone())
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
    let mut game = Game::new(
        fake.clone(),
        fake.channel_id(),
        vec![user(ALICE), user(BOB)],
    );
    game.start(Some(LONG_TARGET)).await;
    let id = game.match_id;
    let mut pages = vec![two.page(ALICE).await, two.page(BOB).await];
    let mut acked = Vec::new();
    for _ in 0..4 {
        let v = snap(&two.db, id).await.version;
        acked.extend(play_on_page(&mut pages, id, v).await);
    }
    two.kill_owner();
    let before = snap(&two.db, id).await;
    let page = mover(&mut pages, id, before.version).await.unwrap();
    let mv = sensible_move(page.state()).unwrap();
    let r = page.play(&mv).await;
    assert_eq!(r["code"], "unavailable", "{r}");
    assert!(!r["text"].as_str().unwrap().is_empty());
    assert_eq!(snap(&two.db, id).await, before, "nothing stored");

    two.restart_owner().await;
    for _ in 0..4 {
        let v = snap(&two.db, id).await.version;
        acked.extend(play_on_page(&mut pages, id, v).await);
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
    loop {
        let v = page.next().await.expect("an answer");
        if (v["t"] == "ack" || v["t"] == "refused") && v["seq"] == seq {
            return v;
        }
    }
}
