//! The card table beyond one process: two runs of the real binary share a PostgreSQL
//! database, one on shard 0 and one on shard 1, both serving the table. The players' browsers
//! reach the process that does not own their match; their clicks go to the owner, chat
//! buttons reach the owner straight, and every page follows both. The owner is SIGKILLed
//! mid-hand (the pages stay and are told `unavailable`), then the pages' own process (they
//! reconnect); the match is played to its end and no acknowledged move is lost.

use super::activity::{assert_no_leak, next_mover, over, Table, WAIT};
use super::product::{assert_acknowledged_kept, matches_applied_in, scan};
use super::web::{current_part, hidden_from};
use crate::support::browser::{Direction, Viewport, WsFrame};
use crate::support::fake_discord::player::{Game, Step};
use crate::support::fake_discord::{FakeDiscord, FakeOptions};
use crate::support::web::{free_port, leaked, sensible_move, SECRET};
use crate::support::wire::*;
use gin::engine::{Action, Card, Match, MatchEvent, Seat};
use gin::store::{Db, Shards};
use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

/// The players' pages, both on the process of shard 1.
const PAGES: [&str; 2] = ["alice", "bob"];
const INSTANCE: &str = "i-700";
/// Points to win: a match of a few hands, each new deal shown across the processes too.
const MATCH_TARGET: i64 = 60;

/// The binary on shards 0 and 1 of 2, each serving the card table on a port of its own.
struct TwoProcesses {
    bin: Binary,
    /// The table's port of shard `s`'s process.
    ports: [u16; 2],
    /// How many of the fake Discord's writes were scanned so far.
    scanned: usize,
    /// Whether a click may be refused `unavailable`: only just after the owner came back,
    /// until a click is taken (before that, the other process may not have seen it back).
    returning: bool,
}

impl TwoProcesses {
    async fn new() -> TwoProcesses {
        let bin = Binary::with_options(FakeOptions {
            shards: 2,
            ..Default::default()
        })
        .await;
        let first = free_port();
        let second = loop {
            let p = free_port();
            if p != first {
                break p;
            }
        };
        let ports = [first, second];
        let origins: Vec<String> = ports
            .iter()
            .map(|p| format!("\"http://127.0.0.1:{p}\""))
            .collect();
        // One client id and secret for both: a page signed in on one is signed in on the
        // other.
        bin.configure(&format!(
            "[activity]\nclient_id = {app}\nclient_secret = \"{SECRET}\"\nstatic_dir = \"{dist}\"\n\
             origins = [{origins}]\n",
            app = bin.fake.options().app_id,
            dist = concat!(env!("CARGO_MANIFEST_DIR"), "/activity/dist"),
            origins = origins.join(", "),
        ));
        bin.fake.oauth_secret(SECRET);
        TwoProcesses {
            bin,
            ports,
            scanned: 0,
            returning: false,
        }
    }

    /// Run `n` of the binary on shard `s` (global commands, as with any split), its table on
    /// `ports[s]`; waits until its shard is ready for the `ready`th time.
    async fn run(&self, n: u32, s: usize, ready: u64) -> Process {
        let env = [
            ("GIN_SHARDS", format!("{s}-{s}/2")),
            ("GIN_GUILD_ID", "0".to_string()),
            ("GIN_ACTIVITY_ADDR", format!("127.0.0.1:{}", self.ports[s])),
        ];
        let process = self.bin.spawn(n, &env);
        self.bin.fake.wait_shard_ready(s, ready).await;
        process
    }

    fn fake(&self) -> &FakeDiscord {
        &self.bin.fake
    }

    /// Every chat write since the last look shows no card hidden from its reader.
    async fn scan_chat(&mut self, db: &Db, id: i64) {
        let writes = self.bin.fake.writes_since(self.scanned);
        self.scanned += writes.len();
        let stored = snap(db, id).await;
        if stored.status != "active" {
            return; // the settlement shows every hand on purpose
        }
        let m: Match = serde_json::from_str(&stored.state).unwrap();
        for w in &writes {
            scan(w, &m, &[ALICE, BOB]);
        }
    }
}

/// How the next move is made.
#[derive(Clone, Copy, Debug, PartialEq)]
enum By {
    Click,
    Button,
}

/// `n` moves of the match, two clicks then two chat presses and so on, every chat write
/// scanned; false once the match is over.
async fn play(
    two: &mut TwoProcesses,
    db: &Db,
    table: &mut Table,
    game: &mut Game,
    n: usize,
) -> bool {
    for i in 0..n {
        let by = if i % 4 < 2 { By::Click } else { By::Button };
        let moved = match by {
            By::Click => {
                let taken = click(two.fake(), db, table, game.match_id, two.returning).await;
                two.returning = false;
                taken
            }
            By::Button => press(db, table, game).await,
        };
        two.scan_chat(db, game.match_id).await;
        if !moved {
            return false;
        }
    }
    true
}

/// One move by a click in whichever page may move; the channel's table message follows it.
/// False once the match is over. If `returning` (the owner just came back, and the other
/// process may not have seen it yet), a click refused as `unavailable` is made again; else
/// any refusal fails the test.
async fn click(fake: &FakeDiscord, db: &Db, table: &mut Table, id: i64, returning: bool) -> bool {
    let channel = fake.channel_id();
    let writes = fake.public_writes(channel);
    let deadline = tokio::time::Instant::now() + WAIT;
    let (mover, version, mv) = 'taken: loop {
        let Some((mover, version)) = next_mover(table, db, id, &PAGES).await else {
            return false;
        };
        let mv = sensible_move(table.state(mover)).expect("a move");
        let from = table.puppet.frames(mover).await.len();
        table.click_move(mover, &mv).await;
        while snap(db, id).await.version <= version {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{mover}'s click on {mv} at version {version} was not taken"
            );
            let (frames, _) = table.puppet.frames_from(mover, from).await;
            match refusal(&frames).as_deref() {
                Some("unavailable") if returning => {
                    // Back out of the knock or swap mode the click went through.
                    for (prefixes, mode) in [
                        (["knock:", "gin:"], "#knock-mode"),
                        (["swap:", "swap:"], "#swap-mode"),
                    ] {
                        if prefixes.iter().any(|p| mv.starts_with(p)) {
                            table.puppet.click(mover, mode).await;
                        }
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue 'taken;
                }
                Some(code) => panic!("{mover}'s click on {mv} was refused: {code}"),
                None => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
        break (mover, version, mv);
    };
    for p in PAGES {
        table.wait_version(p, version + 1).await;
    }
    while fake.public_writes(channel) == writes {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no table edit after {mover}'s {mv}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    true
}

/// A move of `state` that needs no mode (no knock, gin or swap): what the page clicks at once.
fn plain_move(state: &Value) -> Option<String> {
    let moves = state["moves"].as_array()?;
    let plain = moves
        .iter()
        .find(|m| !["knock", "gin", "swap"].contains(&m["kind"].as_str().unwrap_or("")))?;
    Some(plain["id"].as_str()?.to_string())
}

/// The code of the first `refused` among `frames`.
fn refusal(frames: &[WsFrame]) -> Option<String> {
    frames
        .iter()
        .filter(|f| f.dir == Direction::Received)
        .filter_map(WsFrame::json)
        .find(|f| f["t"] == "refused")
        .map(|f| f["code"].as_str().unwrap_or("").to_string())
}

/// One move by a chat button (to the owner's shard); the pages show it. False once the match
/// is over.
async fn press(db: &Db, table: &mut Table, game: &mut Game) -> bool {
    let id = game.match_id;
    // The move to press is the one the pages see too.
    if next_mover(table, db, id, &PAGES).await.is_none() {
        return false;
    }
    let mut idle = 0;
    loop {
        match game.step().await {
            Step::Over => return false,
            Step::Acted { applied: true } => break,
            Step::Acted { .. } => {}
            Step::Idle => {
                idle += 1;
                assert!(idle < 100, "match {id} is stuck");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        assert!(game.presses < MAX_PRESSES);
    }
    let version = snap(db, id).await.version;
    for p in PAGES {
        table.wait_version(p, version).await;
    }
    true
}

/// Every move a page was sent an `ack` for, in order: (page, seq, version, play), with the
/// page's seat.
fn acked(frames: &[WsFrame]) -> Vec<(u64, i64, Value)> {
    let mut sent = BTreeMap::new();
    let mut acks = Vec::new();
    for f in frames.iter() {
        let Some(j) = f.json() else { continue };
        match (f.dir, j["t"].as_str()) {
            (Direction::Sent, Some("move")) => {
                let seq = j["seq"].as_u64().expect("a seq");
                sent.insert(seq, (j["version"].as_i64().unwrap(), j["play"].clone()));
            }
            (Direction::Received, Some("ack")) => acks.push(j["seq"].as_u64().unwrap()),
            _ => {}
        }
    }
    acks.into_iter()
        .map(|seq| {
            let (v, p) = sent
                .get(&seq)
                .unwrap_or_else(|| panic!("an ack of {seq}, a move never sent"));
            (seq, *v, p.clone())
        })
        .collect()
}

/// Each move acknowledged to a page is in the match's action log at the version it was made
/// for, by the page's seat.
fn assert_acked_kept(page: &str, seat: Seat, frames: &[WsFrame], log: &[(u8, String)]) -> usize {
    let moves = acked(frames);
    for (seq, version, play) in &moves {
        let action: Action = serde_json::from_value(play["gin"].clone()).expect("a Gin move");
        let (s, event) = log
            .get(*version as usize)
            .unwrap_or_else(|| panic!("{page}'s acknowledged move {seq} (version {version}) lost"));
        let event: MatchEvent = serde_json::from_str(event).unwrap();
        assert_eq!(
            (*s, event),
            (seat, MatchEvent::Play { seat, action }),
            "{page}'s move {seq}, at log entry {version}"
        );
    }
    moves.len()
}

/// Every frame `page` (at `seat`) received, checked against the match as it was stored at
/// the version the frame shows (replayed from the log): no card hidden from the page then.
/// Frames of no version (welcome, presence, ack, refused) hold no card at all.
fn assert_nothing_leaked(
    page: &str,
    seat: Option<Seat>,
    frames: &[WsFrame],
    end: &Match,
    log: &[(u8, String)],
) -> usize {
    let events: Vec<MatchEvent> = log
        .iter()
        .map(|(_, e)| serde_json::from_str(e).unwrap())
        .collect();
    let every: Vec<String> = Card::all().map(|c| c.to_string()).collect();
    let mut scanned = 0;
    for frame in frames.iter().filter(|f| f.dir == Direction::Received) {
        let Some(j) = frame.json() else {
            panic!("{page} received a frame that is not JSON: {}", frame.data)
        };
        let hidden = match j["match"]["stored"].as_i64() {
            Some(v) if j["t"] == "state" => {
                let mut m = Match::replay(
                    end.rules.clone(),
                    end.seats,
                    end.seed,
                    &events[..v as usize],
                )
                .expect("the log replays");
                m.clear_log();
                scanned += 1;
                hidden_from(&m, seat)
            }
            _ => every.clone(),
        };
        let found = leaked(&current_part(&j), &hidden);
        assert!(
            found.is_empty(),
            "{page} received hidden cards {found:?} in {j}"
        );
    }
    scanned
}

/// Two processes on shards 0 and 1 of one PostgreSQL database; Alice's and Bob's browsers
/// reach shard 1's, their match is in a server of shard 0. The match is challenged in chat,
/// then played by clicks and chat buttons mixed. Shard 0's process (the owner) is SIGKILLed
/// mid-hand: the pages stay, a click is refused `unavailable` and nothing is stored; it is
/// started again and play goes on. Then shard 1's (the pages') is SIGKILLed: the pages
/// reconnect to its next run by themselves and play the match to its end. Only the owner
/// applied moves; every move acknowledged to a page or to a button is in the log; no page
/// received a hidden card in any frame, and no chat write showed one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browsers_on_the_other_process_play_through_a_sigkill() {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: two processes share a PostgreSQL database (GIN_TEST_POSTGRES_URL, set by .ci/run)");
        return;
    }
    let mut two = TwoProcesses::new().await;
    let channel = two.fake().channel_id();
    let guild = two.fake().guild_of(channel);
    assert_eq!(Shards::of(guild, 2), 0, "the match's server is shard 0's");
    two.fake()
        .activity_instance(INSTANCE, channel, &[ALICE, BOB]);
    let mut owner = two.run(1, 0, 1).await;
    let mut other = two.run(2, 1, 1).await;
    two.fake().wait_ready(1).await;
    let db = Db::open(&two.bin.url).await.unwrap();

    // Challenged and accepted in chat: the owner's shard.
    let mut game = Game::new(two.fake().clone(), channel, vec![user(ALICE), user(BOB)]);
    game.start(Some(MATCH_TARGET)).await;
    let id = game.match_id;
    let mut table = Table::new(two.ports[1]).await;
    for (p, u) in PAGES.into_iter().zip([ALICE, BOB]) {
        table.open(two.fake(), p, u, Viewport::DESKTOP).await;
        table
            .puppet
            .wait_js(p, "document.body.dataset.game === 'gin'", WAIT)
            .await;
        table.read(p).await;
    }
    let seats: Vec<Option<Seat>> = PAGES
        .iter()
        .map(|p| table.state(p)["seat"].as_u64().map(|s| s as Seat))
        .collect();
    assert!(
        seats.iter().all(Option::is_some),
        "both pages seated: {seats:?}"
    );

    assert!(
        play(&mut two, &db, &mut table, &mut game, 8).await,
        "the match goes on"
    );
    let m = state(&db, id).await;
    assert!(
        !m.hand.is_over(),
        "the owner is killed in the middle of a hand"
    );

    // The owner dies: the pages, on the other process, stay; a click is refused as
    // unavailable, and nothing is stored.
    owner.sigkill();
    two.fake().forget_unanswered();
    let before = snap(&db, id).await;
    let (mover, _) = next_mover(&mut table, &db, id, &PAGES)
        .await
        .expect("the match goes on");
    let mv = plain_move(table.state(mover)).expect("a move");
    let from = table.puppet.frames(mover).await.len();
    table.click_move(mover, &mv).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    let code = loop {
        let (frames, _) = table.puppet.frames_from(mover, from).await;
        if let Some(code) = refusal(&frames) {
            break code;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{mover}'s click on {mv} was not answered while the owner was down"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(
        code, "unavailable",
        "{mover}'s click while the owner is down"
    );
    for p in PAGES {
        let online = table.puppet.eval(p, "document.body.dataset.online").await;
        assert_eq!(online, "yes", "{p} stays connected");
    }
    assert_eq!(snap(&db, id).await, before, "nothing stored");
    assert_no_leak(&mut table, &db, id).await;

    // The owner again: the pages play on.
    owner = two.run(3, 0, 2).await;
    two.fake().wait_ready(2).await;
    two.returning = true;
    assert_eq!(
        snap(&db, id).await,
        before,
        "every move taken is still there"
    );
    assert!(
        play(&mut two, &db, &mut table, &mut game, 6).await,
        "the match goes on"
    );

    // The pages' own process dies: they notice, and reconnect to its next run.
    other.sigkill();
    for p in PAGES {
        table
            .puppet
            .wait_js(p, "document.body.dataset.online === 'no'", WAIT)
            .await;
    }
    other = two.run(4, 1, 2).await;
    for p in PAGES {
        table
            .puppet
            .wait_js(
                p,
                "document.body.dataset.online === 'yes'",
                Duration::from_secs(30),
            )
            .await;
    }
    let mut rounds = 0;
    while play(&mut two, &db, &mut table, &mut game, 4).await {
        rounds += 1;
        assert!(rounds < 200, "the match did not end");
    }
    assert!(over(&db, id).await, "played to its end");
    for p in PAGES {
        table.wait_js_over(p).await;
    }

    // No acknowledged move lost: the pages' and the buttons'.
    let log = db.matches().match_actions(id).await.unwrap();
    let end = state(&db, id).await;
    let (mut clicks, mut unavailable) = (0, 0);
    for (p, seat) in PAGES.into_iter().zip(&seats) {
        let frames = table.puppet.frames(p).await;
        clicks += assert_acked_kept(p, seat.unwrap(), &frames, &log);
        unavailable += frames
            .iter()
            .filter_map(WsFrame::json)
            .filter(|f| f["t"] == "refused" && f["code"] == "unavailable")
            .count();
        let scanned = assert_nothing_leaked(p, *seat, &frames, &end, &log);
        assert!(scanned > 10, "{p}: {scanned} states scanned");
    }
    assert_acknowledged_kept(&db, id, &game.applied).await;
    println!(
        "match {id}: {} moves in {} hands, {clicks} acknowledged clicks, {} button moves, \
         {unavailable} clicks refused as unavailable",
        log.len(),
        end.history.len(),
        game.applied.len()
    );
    assert!(clicks >= 8, "{clicks} moves by clicks acknowledged");
    assert!(
        game.applied.len() >= 8,
        "{} moves by buttons",
        game.applied.len()
    );

    // One owner: every move was applied by shard 0's processes, none by the pages'.
    let applied = |runs: &[u32]| -> HashSet<i64> {
        runs.iter()
            .flat_map(|&n| matches_applied_in(&two.bin.log(n)))
            .collect()
    };
    assert_eq!(applied(&[1, 3]), HashSet::from([id]), "the owner's runs");
    assert_eq!(
        applied(&[2, 4]),
        HashSet::new(),
        "the pages' process applied nothing"
    );

    // No secret, session, code or interaction token in any log.
    let mut secrets = vec![SECRET.to_string(), two.fake().token().to_string()];
    secrets.extend(two.fake().tokens_issued());
    for p in PAGES {
        secrets.extend(table.codes.get(p).cloned());
        for f in table.puppet.frames(p).await {
            secrets.extend(
                f.json()
                    .and_then(|j| j["session"].as_str().map(String::from)),
            );
        }
    }
    for n in 1..=4 {
        let log = two.bin.log(n);
        assert!(!log.is_empty(), "run {n} logged");
        for secret in &secrets {
            assert!(!log.contains(secret.as_str()), "run {n} logged a secret");
        }
    }
    two.fake().assert_no_violations();
    table.puppet.quit().await;
    drop((owner, other));
}
