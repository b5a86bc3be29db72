//! The card table in real browsers: Debian's headless Chromium, one per person, each with
//! the Activity in an iframe under a parent frame that answers the Embedded App SDK as
//! Discord would (`support::browser`), the fake Discord trading the OAuth2 codes. Every move
//! is a click on the page; the channel's table message follows through the outbox.

use super::web::{current_part, hidden_from};
use crate::support::browser::{Direction, Open, Puppet, User as Person, Viewport};
use crate::support::fake_discord::player::Step;
use crate::support::web::{bot_with_table, hidden_by_views, leaked, sensible_move};
use crate::support::wire::*;
use gin::engine::Seat;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

/// The instance the puppet's parent frame reports (`i-<channel>`).
const INSTANCE: &str = "i-700";
pub(super) const WAIT: Duration = Duration::from_secs(20);

/// Where the screenshots of a run go (looked at by whoever runs the tests).
fn screens() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("activity-screens");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The browsers at the table and what each was last shown.
pub(super) struct Table {
    pub(super) puppet: Puppet,
    url: String,
    /// Per page: its user, the frames read so far, its latest state.
    pages: HashMap<String, (u64, usize, Value)>,
    /// The OAuth code each page was given.
    pub(super) codes: HashMap<String, String>,
    /// Discards played so far (every other one by the keyboard).
    discards: std::sync::atomic::AtomicUsize,
    /// Where the pages open: a DM's or group DM's channel and the instance there (None: the
    /// puppet's server channel, instance `i-700`).
    pub(super) private: Option<(u64, String)>,
}

impl Table {
    pub(super) async fn new(port: u16) -> Table {
        Table {
            puppet: Puppet::start().await,
            url: format!("http://127.0.0.1:{port}/"),
            pages: HashMap::new(),
            codes: HashMap::new(),
            discards: Default::default(),
            private: None,
        }
    }

    /// Opens the Activity for `user` as page `name`, signed in with a code Discord gave.
    pub(super) async fn open(
        &mut self,
        fake: &crate::support::fake_discord::FakeDiscord,
        name: &str,
        user: u64,
        viewport: Viewport,
    ) {
        self.open_in(fake, name, user, viewport, "en-US").await
    }

    /// [`Table::open`] for a user whose Discord speaks `locale`.
    async fn open_in(
        &mut self,
        fake: &crate::support::fake_discord::FakeDiscord,
        name: &str,
        user: u64,
        viewport: Viewport,
        locale: &str,
    ) {
        let code = format!("code-{name}-{}", rand::random::<u32>());
        fake.grant_code(&code, &super::super::support::wire::user(user));
        self.codes.insert(name.to_string(), code.clone());
        let person = Person::new(&user.to_string(), name_of(user), locale);
        let mut open = Open::new(&self.url, person, &code);
        open.viewport = viewport;
        if let Some((channel, instance)) = &self.private {
            open.channel_id = channel.to_string();
            open.guild_id = None;
            open.instance_id = Some(instance.clone());
        }
        self.puppet.open(name, &open).await;
        self.puppet
            .wait_js(name, "document.body.dataset.phase", WAIT)
            .await;
        self.pages.insert(name.to_string(), (user, 0, Value::Null));
        self.read(name).await;
    }

    /// Reads the page's new frames: its latest state, and the frames it received.
    pub(super) async fn read(&mut self, name: &str) -> Vec<Value> {
        let from = self.pages[name].1;
        let (frames, next) = self.puppet.frames_from(name, from).await;
        let received: Vec<Value> = frames
            .iter()
            .filter(|f| f.dir == Direction::Received)
            .filter_map(|f| f.json())
            .collect();
        let page = self.pages.get_mut(name).unwrap();
        page.1 = next;
        if let Some(s) = received.iter().rev().find(|f| f["t"] == "state") {
            page.2 = s.clone();
        }
        received
    }

    pub(super) fn state(&self, name: &str) -> &Value {
        &self.pages[name].2
    }

    /// Clicks the move `id` as a player would (a knock through the Knock button first).
    pub(super) async fn click_move(&self, name: &str, id: &str) {
        if id.starts_with("knock:") || id.starts_with("gin:") {
            self.puppet.click(name, "#knock-mode").await;
        }
        if id.starts_with("swap:") {
            self.puppet.click(name, "#swap-mode").await;
        }
        let target = format!("[data-move=\"{id}\"]");
        // Every other discard is played with the keyboard: the card focused, then Enter.
        let keys = id.starts_with("discard:") && {
            let n = self
                .discards
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            n % 2 == 1
        };
        if keys {
            self.puppet.wait_for(name, &target, WAIT).await;
            self.puppet.press_on(name, &target, "Enter").await;
        } else {
            self.puppet.click(name, &target).await;
        }
    }

    /// Waits until page `name` shows version `v` or later.
    pub(super) async fn wait_version(&self, name: &str, v: i64) {
        self.puppet
            .wait_js(name, &format!("Number(document.body.dataset.stored) >= {v} || document.body.dataset.phase === 'none'"), WAIT)
            .await;
    }

    async fn shoot(&self, name: &str, what: &str) {
        let path = screens().join(format!("{name}-{what}.png"));
        self.puppet.screenshot(name, &path).await;
        println!("screenshot: {}", path.display());
    }
}

/// Every frame `table`'s pages received since the last look holds no card hidden from its
/// viewer at this moment of match `id`.
pub(super) async fn assert_no_leak(table: &mut Table, db: &gin::store::Db, id: i64) {
    let stored = snap(db, id).await;
    let names: Vec<String> = table.pages.keys().cloned().collect();
    let mut received = HashMap::new();
    for name in &names {
        received.insert(name.clone(), table.read(name).await);
    }
    // Two- and three-player Gin: the engine's own state says what is hidden. The other games:
    // the players' own views do (`hidden_by_views`).
    let game = gin::games::Game::from_json(stored.format, &stored.state).expect("a stored game");
    let gin = game.as_match::<gin::engine::Match>();
    for name in &names {
        let state = table.state(name).clone();
        let seat = state["seat"].as_u64().map(|s| s as Seat);
        let hidden = match &gin {
            Some(m) => hidden_from(m, seat),
            None => {
                let others: Vec<&Value> = names
                    .iter()
                    .filter(|o| *o != name && table.pages[*o].0 != table.pages[name].0)
                    .map(|o| table.state(o))
                    .collect();
                hidden_by_views(
                    &state,
                    &others,
                    &state["table"],
                    crate::games::hand_cards(&game),
                )
            }
        };
        for frame in &received[name] {
            // Another moment of the match: what is hidden then may differ (a dead hand's
            // discards are dealt again, face down, in the next deal).
            if frame["t"] == "state" && frame["match"]["stored"].as_i64() != Some(stored.version) {
                continue;
            }
            let found = leaked(&current_part(frame), &hidden);
            assert!(
                found.is_empty(),
                "{name} received hidden cards {found:?} in {frame}"
            );
        }
    }
}

/// Waits until one of `players` may move in match `id`, checking on the way that no page
/// received a hidden card: that page, and the match's stored version. None once the match
/// is over.
pub(super) async fn next_mover<'p>(
    table: &mut Table,
    db: &gin::store::Db,
    id: i64,
    players: &[&'p str],
) -> Option<(&'p str, i64)> {
    loop {
        assert_no_leak(table, db, id).await;
        if over(db, id).await {
            return None;
        }
        let version = snap(db, id).await.version;
        let mover = players.iter().find(|p| {
            let s = table.state(p);
            s["match"]["stored"].as_i64() == Some(version)
                && s["moves"].as_array().is_some_and(|m| !m.is_empty())
        });
        if let Some(mover) = mover {
            return Some((*mover, version));
        }
        for p in players {
            table.wait_version(p, version).await;
            table.read(p).await;
        }
    }
}

/// Waits until `mover`'s click on `mv` at `version` of match `id` is stored (failing with
/// what the page shows if it is not, within [`WAIT`]), then until every page of `players`
/// shows it.
pub(super) async fn taken(
    table: &mut Table,
    db: &gin::store::Db,
    id: i64,
    players: &[&str],
    mover: &str,
    mv: &str,
    version: i64,
) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while snap(db, id).await.version <= version {
        if tokio::time::Instant::now() > deadline {
            let seen = table
                .puppet
                .eval(mover, "[document.getElementById('status').textContent, document.getElementById('toast').textContent, document.body.className, document.body.dataset.version]")
                .await;
            let logs = table.puppet.logs(mover).await;
            let frames: Vec<String> = table
                .puppet
                .frames(mover)
                .await
                .iter()
                .map(|f| {
                    format!(
                        "{:?} {:?} {}",
                        f.dir,
                        f.url,
                        f.data.chars().take(60).collect::<String>()
                    )
                })
                .collect();
            let online = table
                .puppet
                .eval(mover, "document.body.dataset.online")
                .await;
            panic!(
                "{mover}'s click on {mv} was not taken: {seen} online={online} {logs:?}\n{}",
                frames.join("\n")
            );
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    for p in players {
        table.wait_version(p, version + 1).await;
        table.read(p).await;
    }
}

/// Whether match `id` is over, as stored.
pub(super) async fn over(db: &gin::store::Db, id: i64) -> bool {
    snap(db, id).await.status != "active"
}

/// Plays match `id` to its end by clicks in the desktop pages `players`, with a screenshot
/// of the pages `shots` at the first draw, discard, knock and showdown.
async fn play_to_the_end(bot: &Bot, table: &mut Table, id: i64, players: &[&str], shots: &[&str]) {
    let mut shot = Vec::new();
    for _ in 0..1500 {
        if !click_once(&bot.fake, &bot.db, table, id, players, shots, &mut shot).await {
            return;
        }
    }
    panic!("the match did not end");
}

/// One move of match `id` by a click in whichever of `players` may move; the channel's
/// table message follows it, and no page received a hidden card. False once the match is
/// over. `shots`: pages to take pictures of at the moments not yet in `shot`.
async fn click_once(
    fake: &crate::support::fake_discord::FakeDiscord,
    db: &gin::store::Db,
    table: &mut Table,
    id: i64,
    players: &[&str],
    shots: &[&str],
    shot: &mut Vec<&'static str>,
) -> bool {
    let channel = fake.channel_id();
    let Some((mover, version)) = next_mover(table, db, id, players).await else {
        return false;
    };
    let mv = sensible_move(table.state(mover)).expect("a move");
    let moment = if mv.starts_with("knock:") || mv.starts_with("gin:") {
        Some("knock")
    } else if mv == "draw_stock" {
        Some("draw")
    } else if mv.starts_with("discard:") {
        Some("discard")
    } else {
        None
    };
    if let Some(what) = moment.filter(|w| !shot.contains(w)) {
        if what == "knock" {
            table.puppet.click(mover, "#knock-mode").await;
        }
        for p in shots {
            table.shoot(p, what).await;
        }
        if what == "knock" {
            // Back out: the move below clicks its way in again.
            table.puppet.click(mover, "#knock-mode").await;
        }
        shot.push(what);
    }
    let writes = fake.public_writes(channel);
    table.click_move(mover, &mv).await;
    taken(table, db, id, players, mover, &mv, version).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while fake.public_writes(channel) == writes {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no table edit after {mv}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // A hand ended by a knock: its showdown is on the table now.
    let s = table.state(mover);
    let knocked = s["last_deal"]["record"]["end"]["end"] == "knocked"
        || s["table"]["view"]["end"]["end"] == "knocked";
    if knocked && !shot.contains(&"showdown") {
        for p in shots {
            table.wait_version(p, version + 1).await;
            table.shoot(p, "showdown").await;
        }
        shot.push("showdown");
    }
    true
}

/// Two browsers finish by clicks a match begun with buttons; a third watches and never sees
/// a hidden card; the same match on a phone; screenshots at each moment on both.
#[tokio::test]
async fn two_browsers_finish_a_match_begun_with_buttons_while_a_third_watches() {
    let (bot, port) = bot_with_table(31, INSTANCE, &[ALICE, BOB, CAROL]).await;
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    play_until_applied(&mut game, 2).await;
    let id = game.match_id;
    let mut table = Table::new(port).await;
    table
        .open(&bot.fake, "alice", ALICE, Viewport::DESKTOP)
        .await;
    table.open(&bot.fake, "bob", BOB, Viewport::DESKTOP).await;
    table
        .open(&bot.fake, "carol", CAROL, Viewport::DESKTOP)
        .await;
    table
        .open(&bot.fake, "alice-phone", ALICE, Viewport::PHONE)
        .await;
    assert_eq!(table.state("carol")["seat"], Value::Null, "Carol watches");
    table.puppet.wait_for("carol", "#pile", WAIT).await;
    let clickable = table
        .puppet
        .eval("carol", "document.querySelectorAll('[data-move]').length")
        .await;
    assert_eq!(clickable, json!(0), "a watcher has nothing to click");
    // Every control a player may use says what it does, to screen readers too.
    for p in ["alice", "bob"] {
        let labelled = table
            .puppet
            .eval(
                p,
                "[...document.querySelectorAll('button')].every((b) => \
                   (b.getAttribute('aria-label') || b.textContent).trim().length > 0)",
            )
            .await;
        assert_eq!(labelled, json!(true), "{p}: a button without a label");
    }
    play_to_the_end(
        &bot,
        &mut table,
        id,
        &["alice", "bob"],
        &["alice", "alice-phone"],
    )
    .await;
    for p in ["alice", "bob", "carol"] {
        table.wait_js_over(p).await;
    }
    table.shoot("alice", "match-end").await;
    table.shoot("alice-phone", "match-end").await;
    for p in ["alice", "bob", "carol", "alice-phone"] {
        let errors: Vec<Value> = table
            .puppet
            .logs(p)
            .await
            .into_iter()
            .filter(|l| l["kind"] == "pageerror" || l["kind"] == "requestfailed")
            .collect();
        assert!(errors.is_empty(), "{p}: {errors:?}");
    }
    table.puppet.quit().await;
    bot.finish().await;
}

impl Table {
    pub(super) async fn wait_js_over(&self, name: &str) {
        self.puppet
            .wait_js(name, "document.querySelector('.matchend') !== null", WAIT)
            .await;
    }
}

/// A challenge clicked in the browser is accepted with its button in the channel, and the
/// match is finished with buttons while the pages follow; a replayed frame of the page
/// changes nothing.
#[tokio::test]
async fn a_match_begun_in_the_browser_is_finished_with_buttons() {
    let (bot, port) = bot_with_table(32, INSTANCE, &[ALICE, BOB]).await;
    let channel = bot.fake.channel_id();
    let mut table = Table::new(port).await;
    table
        .open(&bot.fake, "alice", ALICE, Viewport::DESKTOP)
        .await;
    table.open(&bot.fake, "bob", BOB, Viewport::DESKTOP).await;
    table
        .puppet
        .click("alice", &format!("[data-challenge=\"{BOB}\"]"))
        .await;
    let deadline = tokio::time::Instant::now() + WAIT;
    let posted = loop {
        let found = bot
            .fake
            .last_public_message(channel)
            .filter(|m| m.find_button(|id| id.starts_with("gin:acc:")).is_some());
        if let Some(m) = found {
            break m;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no challenge posted"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let accept = posted.find_button(|id| id.starts_with("gin:acc:")).unwrap();
    let cb = bot
        .fake
        .interact(bot.fake.press(&user(BOB), &posted, &accept))
        .await;
    assert!(cb.ok() && cb.kind == 7, "{cb:?}");
    // Both pages show the match (Alice's socket may still be busy with her challenge's answer
    // when Bob's shows it), and their frames of it are read.
    for p in ["alice", "bob"] {
        table
            .puppet
            .wait_js(p, "document.body.dataset.game === 'gin'", WAIT)
            .await;
    }
    let deadline = tokio::time::Instant::now() + WAIT;
    let mover = loop {
        table.read("alice").await;
        table.read("bob").await;
        let found = ["alice", "bob"].into_iter().find(|p| {
            table.state(p)["moves"]
                .as_array()
                .is_some_and(|m| !m.is_empty())
        });
        if let Some(p) = found {
            break p;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "neither page received a move to make"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let id = table.state("bob")["match"]["id"]
        .as_i64()
        .expect("the match");
    // Bob takes the four-colour deck: his cards are drawn from the bot's other deck.
    table.puppet.click("bob", "#deck").await;
    table
        .puppet
        .wait_js(
            "bob",
            "((l) => l.length > 0 && l.every((i) => i.src.includes('/cards/four/')))([...document.querySelectorAll('#hand img')])",
            WAIT,
        )
        .await;

    // Alice's page makes a move; the same frame sent again on a socket of her own is stale.
    let mv = sensible_move(table.state(mover)).unwrap();
    table.click_move(mover, &mv).await;
    table.wait_version(mover, 1).await;
    let frames = table.puppet.frames(mover).await;
    let sent: Vec<Value> = frames
        .iter()
        .filter(|f| f.dir == Direction::Sent)
        .filter_map(|f| f.json())
        .collect();
    let hello = sent
        .iter()
        .find(|f| f["t"] == "hello")
        .expect("a hello")
        .clone();
    let played = sent
        .iter()
        .rev()
        .find(|f| f["t"] == "move")
        .expect("the move")
        .clone();
    let before = snap(&bot.db, id).await;
    let replay = format!(
        "new Promise((done) => {{ const ws = new WebSocket(location.origin.replace('http', 'ws') + '/api/ws');
           const out = []; ws.onopen = () => {{ ws.send({hello}); ws.send({played}); }};
           ws.onmessage = (e) => {{ const f = JSON.parse(e.data); out.push(f.t + ':' + (f.code || ''));
             if (f.t === 'refused' || f.t === 'ack') {{ ws.close(); done(out); }} }};
           setTimeout(() => done(out), 8000); }})",
        hello = serde_json::to_string(&hello.to_string()).unwrap(),
        played = serde_json::to_string(&played.to_string()).unwrap(),
    );
    let answers = table.puppet.eval(mover, &replay).await;
    assert!(
        answers
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a == "refused:stale"),
        "a replayed move is stale: {answers}"
    );
    assert_eq!(snap(&bot.db, id).await, before, "nothing changed");

    let mut game = bot.game(&[ALICE, BOB]);
    game.match_id = id;
    for _ in 0..MAX_PRESSES {
        if matches!(game.step().await, Step::Over) {
            break;
        }
    }
    assert!(over(&bot.db, id).await, "finished with buttons");
    for p in ["alice", "bob"] {
        table.wait_js_over(p).await;
    }
    table.puppet.quit().await;
    bot.finish().await;
}

/// The bot is SIGKILLed mid-hand: the pages reconnect to the next run by themselves and play
/// on by clicks; every move a page saw taken is still there.
#[tokio::test]
async fn the_browsers_play_on_after_the_bot_is_killed() {
    let bin = Binary::new().await;
    let port = crate::support::web::free_port();
    let channel = bin.fake.channel_id();
    bin.fake.oauth_secret(crate::support::web::SECRET);
    bin.fake.activity_instance(INSTANCE, channel, &[ALICE, BOB]);
    bin.configure(&format!(
        "[activity]\naddr = \"127.0.0.1:{port}\"\nclient_id = {app}\nclient_secret = \"{secret}\"\n\
         static_dir = \"{dist}\"\norigins = [\"http://127.0.0.1:{port}\"]\n",
        app = bin.fake.options().app_id,
        secret = crate::support::web::SECRET,
        dist = concat!(env!("CARGO_MANIFEST_DIR"), "/activity/dist"),
    ));
    // Logs as talkative as an operator would set them: no secret may show even so.
    let debug = [("RUST_LOG", "debug,hyper=info,h2=info".to_string())];
    let mut first = bin.spawn(1, &debug);
    bin.fake.wait_ready(1).await;
    let db = gin::store::Db::open(&bin.url).await.unwrap();
    let mut game = bin_game(&bin, channel);
    game.start(Some(LONG_TARGET)).await;
    let id = game.match_id;
    let mut table = Table::new(port).await;
    table
        .open(&bin.fake, "alice", ALICE, Viewport::DESKTOP)
        .await;
    table
        .open_in(&bin.fake, "bob", BOB, Viewport::PHONE, "de")
        .await;
    // Bob's Discord speaks German: so does his table.
    table
        .puppet
        .wait_js(
            "bob",
            "/Du bist dran|ist dran|Warte/.test(document.getElementById('status').textContent)",
            WAIT,
        )
        .await;
    clicks(&bin.fake, &db, &mut table, id, 4).await;
    let taken = snap(&db, id).await;
    first.sigkill();
    // The pages notice, and say so.
    for p in ["alice", "bob"] {
        table
            .puppet
            .wait_js(p, "document.body.dataset.online === 'no'", WAIT)
            .await;
    }
    let _second = bin.spawn(2, &debug);
    bin.fake.wait_ready(2).await;
    assert_eq!(
        snap(&db, id).await,
        taken,
        "every move taken is still there"
    );
    for p in ["alice", "bob"] {
        table
            .puppet
            .wait_js(
                p,
                "document.body.dataset.online === 'yes'",
                Duration::from_secs(30),
            )
            .await;
        table.read(p).await;
    }
    clicks(&bin.fake, &db, &mut table, id, 4).await;
    assert_eq!(
        snap(&db, id).await.version,
        taken.version + 4,
        "the pages played on"
    );
    // Neither the client secret, a code, a Discord access token nor a session is in a log.
    let mut secrets = vec![
        crate::support::web::SECRET.to_string(),
        bin.fake.token().to_string(),
    ];
    for p in ["alice", "bob"] {
        secrets.extend(table.codes.get(p).cloned());
        for f in table.puppet.frames(p).await {
            if let Some(session) = f
                .json()
                .and_then(|j| j["session"].as_str().map(String::from))
            {
                secrets.push(session);
            }
        }
        let tokens = table.puppet.parent_eval(p, "window.__discord.tokens").await;
        for t in tokens.as_array().into_iter().flatten() {
            secrets.extend(t.as_str().map(String::from));
        }
    }
    assert!(secrets.len() >= 8, "{secrets:?}");
    for n in [1, 2] {
        let log = bin.log(n);
        assert!(
            log.contains("web table: signed in") || n == 2,
            "run {n} logged at debug"
        );
        for secret in &secrets {
            assert!(!log.contains(secret.as_str()), "run {n} logged a secret");
        }
    }
    table.puppet.quit().await;
}

/// `n` moves of match `id` by clicks in the pages of Alice and Bob, no pictures taken.
async fn clicks(
    fake: &crate::support::fake_discord::FakeDiscord,
    db: &gin::store::Db,
    table: &mut Table,
    id: i64,
    n: usize,
) {
    let mut shot = vec!["draw", "discard", "knock", "showdown"];
    for _ in 0..n {
        assert!(click_once(fake, db, table, id, &["alice", "bob"], &[], &mut shot).await);
    }
}

fn bin_game(bin: &Binary, channel: u64) -> crate::support::fake_discord::player::Game {
    crate::support::fake_discord::player::Game::new(
        bin.fake.clone(),
        channel,
        vec![user(ALICE), user(BOB)],
    )
}

/// Every game of the list (two-player Gin has tests of its own), begun with buttons, is
/// played on by clicks in a browser per player: each page renders the real states, its moves
/// are taken, and no page receives a card it may not see.
#[tokio::test]
async fn every_game_plays_by_clicks_in_the_browser() {
    use crate::support::table::Table as Chat;
    let ids: Vec<u64> = (0..4).map(|i| ALICE + i).collect();
    let four: Vec<_> = ids.iter().map(|&u| user(u)).collect();
    let games = crate::games::web_starts(&four);
    for (i, start) in games.into_iter().enumerate() {
        let (game, seats) = (start.label, start.seats);
        let (bot, port) = bot_with_table(50 + i as u32, INSTANCE, &ids[..seats]).await;
        let url = bot.url.clone();
        let (chat, _) = Chat::start(
            &bot.fake,
            &url,
            four[..seats].to_vec(),
            start.command,
            start.options,
        )
        .await;
        let id = chat.match_id;
        let mut table = Table::new(port).await;
        let names: Vec<String> = (0..seats).map(|s| format!("{game}-{s}")).collect();
        for (s, name) in names.iter().enumerate() {
            table.open(&bot.fake, name, ids[s], Viewport::DESKTOP).await;
        }
        let players: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut shot = vec!["draw", "discard", "knock"];
        let shots = [players[0]];
        let mut moves = 0;
        while moves < 14 {
            if !click_once(
                &bot.fake, &bot.db, &mut table, id, &players, &shots, &mut shot,
            )
            .await
            {
                break;
            }
            moves += 1;
        }
        table.shoot(players[0], "table").await;
        for p in &players {
            let errors: Vec<Value> = table
                .puppet
                .logs(p)
                .await
                .into_iter()
                .filter(|l| l["kind"] == "pageerror")
                .collect();
            assert!(errors.is_empty(), "{game} {p}: {errors:?}");
        }
        // A game may be played out sooner (never ended otherwise).
        let played_out = snap(&bot.db, id).await.status == "finished";
        assert!(
            moves >= 10 || played_out,
            "{game}: only {moves} moves by clicks"
        );
        table.puppet.quit().await;
        bot.finish().await;
    }
}
