//! Where a page runs, as Discord says: the web table asks Discord about Activity instances,
//! and only Discord's definite word puts a player out. A failed lookup (an outage, a 429)
//! leaves the open tables open and asks new pages to try again; the lookups are bounded per
//! player and in all, and a pause Discord asks for is kept.

use crate::support::web::{self as page, sensible_move, Socket};
use crate::support::wire::*;
use serde_json::{json, Value};
use std::time::Duration;

const INSTANCE: &str = "i-1";
/// How long Discord is away in the outage test: a few rechecks at one a second, standing in
/// for minutes at one a minute.
const OUTAGE: Duration = Duration::from_secs(4);

/// A bot with the web table, `adjust`ed, and Activity instance `instance` in its channel with
/// `users` in it; its clock runs `ahead` seconds ahead of the system's.
pub(super) async fn table_bot_clocked(
    seed: u32,
    instance: &str,
    users: &[u64],
    adjust: impl FnOnce(&mut gin::config::Config),
    ahead: std::sync::Arc<std::sync::atomic::AtomicI64>,
) -> (Bot, u16) {
    let port = page::free_port();
    let app = crate::support::fake_discord::FakeOptions::default().app_id;
    let configure = |c: &mut gin::config::Config| {
        page::configure(c, app, port);
        c.timeouts.ai_delay_ms = 0;
        adjust(c);
    };
    let bot = Bot::start_clocked(seed, configure, ahead).await;
    bot.fake.oauth_secret(page::SECRET);
    bot.fake
        .activity_instance(instance, bot.fake.channel_id(), users);
    (bot, port)
}

/// [`table_bot_clocked`] on the system's clock, with instance `INSTANCE`.
async fn table_bot(
    seed: u32,
    users: &[u64],
    adjust: impl FnOnce(&mut gin::config::Config),
) -> (Bot, u16) {
    table_bot_clocked(seed, INSTANCE, users, adjust, Default::default()).await
}

/// A hello from `instance`: the bot's first answer, and whether the socket then closed.
async fn hello(port: u16, session: &str, instance: &str) -> (Value, bool) {
    let mut s = Socket::open(port, &page::origin(port)).await.unwrap();
    s.send(json!({"t": "hello", "session": session, "instance_id": instance, "lang": "en"}))
        .await;
    let first = s.next().await.expect("an answer to the hello");
    let closed = first["t"] == "error" && s.next().await.is_none();
    (first, closed)
}

/// The error code a hello from `instance` is answered with (None: welcomed).
async fn refused_with(port: u16, session: &str, instance: &str) -> Option<String> {
    let (first, closed) = hello(port, session, instance).await;
    if first["t"] == "welcome" {
        return None;
    }
    assert_eq!(first["t"], "error", "{first}");
    assert!(closed, "the socket closes after an error");
    assert!(
        !first["text"].as_str().unwrap_or_default().is_empty(),
        "a clear text: {first}"
    );
    Some(first["code"].as_str().unwrap().to_string())
}

/// The socket is open and answered: a ping gets its pong, and no error came.
async fn still_open(s: &mut Socket, who: &str) {
    s.send(json!({"t": "ping"})).await;
    loop {
        let f = s
            .next()
            .await
            .unwrap_or_else(|| panic!("{who}'s table was closed"));
        assert_ne!(f["t"], "error", "{who}'s table was closed: {f}");
        if f["t"] == "pong" {
            return;
        }
    }
}

/// Discord answers 500 to every instance lookup for a while (minutes in production, seconds
/// here with a recheck a second): no open table is closed, a move is still taken, a new page
/// is asked to try again; after it, the new page gets in, and Discord's definite word that a
/// player left still closes their table.
#[tokio::test]
async fn a_discord_outage_closes_no_open_table() {
    let (bot, port) = table_bot(61, &[ALICE, BOB, CAROL], |c| {
        c.activity.instance_recheck_secs = 1;
        // Rechecks a second apart stay within a player's bound of lookups.
        c.activity.instance_lookups = gin::config::Limits {
            burst: 100,
            per_minute: 600,
        };
    })
    .await;
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    let alice = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let bob = page::sign_in(&bot.fake, port, &user(BOB)).await;
    let carol = page::sign_in(&bot.fake, port, &user(CAROL)).await;
    let mut a = Socket::join(port, &alice, INSTANCE).await;
    let mut b = Socket::join(port, &bob, INSTANCE).await;

    bot.fake.instance_outage(Some(500));
    let before = bot.fake.instance_lookups();
    let started = tokio::time::Instant::now();
    // Once Discord's last answer is older than a recheck, it no longer lets anyone in.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(
        refused_with(port, &carol, INSTANCE).await.as_deref(),
        Some("unavailable"),
        "a new page during the outage is asked to try again"
    );
    let mut moved = false;
    while started.elapsed() < OUTAGE {
        still_open(&mut a, "Alice").await;
        still_open(&mut b, "Bob").await;
        if !moved {
            let mover = if a.state()["moves"].as_array().is_some_and(|m| !m.is_empty()) {
                &mut a
            } else {
                &mut b
            };
            let mv = sensible_move(mover.state()).expect("a move");
            let answer = mover.play(&mv).await;
            assert_eq!(answer["t"], "ack", "a move during the outage: {answer}");
            moved = true;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Carol's, and at least one of the open tables' rechecks (at most one a second for the
    // instance while Discord fails).
    let failed = bot.fake.instance_lookups() - before;
    assert!(
        failed >= 2,
        "the open tables were checked during the outage ({failed} lookups)"
    );

    bot.fake.instance_outage(None);
    // The page tries again by itself, with a pause between tries.
    let mut tries = 0;
    while let Some(code) = refused_with(port, &carol, INSTANCE).await {
        assert_eq!(code, "unavailable");
        tries += 1;
        assert!(tries < 10, "Carol never got in after the outage");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    // Checked again with Discord back: still there.
    tokio::time::sleep(Duration::from_secs(2)).await;
    still_open(&mut a, "Alice").await;
    still_open(&mut b, "Bob").await;

    // Bob leaves the Activity: Discord says so, and his table closes; Alice's stays.
    bot.fake
        .activity_instance(INSTANCE, bot.fake.channel_id(), &[ALICE, CAROL]);
    let e = b.next_of("error").await;
    assert_eq!(e["code"], "not_in_activity", "{e}");
    assert!(b.next().await.is_none(), "Bob's table closed");
    still_open(&mut a, "Alice").await;
    bot.finish().await;
}

/// A player who joins the Activity just after someone else's page was let in is let in too:
/// an answer without them is not taken as the last word.
#[tokio::test]
async fn a_player_who_just_joined_is_let_in() {
    let (bot, port) = table_bot(62, &[ALICE], |_| {}).await;
    let alice = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let bob = page::sign_in(&bot.fake, port, &user(BOB)).await;
    let _a = Socket::join(port, &alice, INSTANCE).await;
    bot.fake
        .activity_instance(INSTANCE, bot.fake.channel_id(), &[ALICE, BOB]);
    assert_eq!(refused_with(port, &bob, INSTANCE).await, None, "Bob is in");
    bot.finish().await;
}

/// Made-up instances cost Discord lookups only within a player's bound and the bot's bound in
/// all; beyond them a page is asked to try again, and Discord is not asked.
#[tokio::test]
async fn instance_lookups_are_bounded_per_player_and_in_all() {
    let limits = |burst, per_minute| gin::config::Limits { burst, per_minute };
    let (bot, port) = table_bot(63, &[ALICE], |c| {
        c.limits = limits(1000, 1000);
        c.activity.instance_lookups = limits(3, 1);
        c.activity.instance_lookups_in_all = limits(5, 1);
    })
    .await;
    let mallory = page::sign_in(&bot.fake, port, &user(MALLORY)).await;
    let carol = page::sign_in(&bot.fake, port, &user(CAROL)).await;
    let mut answers = Vec::new();
    for n in 0..8 {
        answers.push(refused_with(port, &mallory, &format!("made-up-{n}")).await);
    }
    let out = Some("not_in_activity".to_string());
    let retry = Some("unavailable".to_string());
    assert_eq!(answers[..3], [out.clone(), out.clone(), out.clone()]);
    assert!(answers[3..].iter().all(|a| *a == retry), "{answers:?}");
    assert_eq!(bot.fake.instance_lookups(), 3, "Mallory's bound");
    let mut answers = Vec::new();
    for n in 0..4 {
        answers.push(refused_with(port, &carol, &format!("made-up-c{n}")).await);
    }
    assert_eq!(answers, [out.clone(), out, retry.clone(), retry]);
    assert_eq!(bot.fake.instance_lookups(), 5, "the bound in all");
    bot.finish().await;
}

/// Discord answers 429 with a `retry_after`: no lookup is made until it has passed (pages are
/// asked to try again meanwhile), then the next page gets in.
#[tokio::test]
async fn a_pause_discord_asks_for_is_kept() {
    let (bot, port) = table_bot(64, &[ALICE, BOB], |_| {}).await;
    let alice = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let bob = page::sign_in(&bot.fake, port, &user(BOB)).await;
    let pause = Duration::from_millis(1500);
    bot.fake.pause_instances(pause.as_secs_f64());
    assert_eq!(
        refused_with(port, &alice, INSTANCE).await.as_deref(),
        Some("unavailable")
    );
    // The bot had the 429 before this: its pause ends before this one does.
    let answered = tokio::time::Instant::now();
    assert_eq!(bot.fake.instance_lookups(), 1);
    assert_eq!(
        refused_with(port, &bob, INSTANCE).await.as_deref(),
        Some("unavailable")
    );
    assert_eq!(
        bot.fake.instance_lookups(),
        1,
        "Discord was not asked again"
    );
    tokio::time::sleep_until(answered + pause).await;
    assert_eq!(refused_with(port, &bob, INSTANCE).await, None, "Bob is in");
    assert_eq!(bot.fake.instance_lookups(), 2);
    bot.finish().await;
}
