//! Who has the card table open, across processes sharing a PostgreSQL database (PostgreSQL
//! only): pages of one channel served by two processes each see everyone; a page that closes
//! leaves the other's list at once, and the pages of a process that stopped renewing its word
//! leave it once that runs out.

use crate::support::web::{self as page, Socket};
use crate::support::wire::*;
use gin::games::{Deliveries, Games, Outcome};
use gin::i18n::Lang;
use gin::store::Db;
use gin::web::{Out, Pending, Running};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// The fake Discord's application id (`FakeOptions::app_id`).
const APP: u64 = 100;
const INSTANCE: &str = "i-1";
/// A deadline for what must come, never a measure of speed.
const WAIT: Duration = Duration::from_secs(15);

/// The second process's chat side: nothing is posted from its table in these tests.
struct Silent;

impl Out for Silent {
    fn deliver(&self, _: Deliveries) -> Pending<()> {
        Box::pin(async {})
    }

    fn post(&self, _: u64, _: Outcome, _: Lang) -> Pending<bool> {
        Box::pin(async { false })
    }
}

/// Two processes sharing `bot`'s database: `bot` itself on shard 1 of 2, its table on its
/// port, and another on shard 0 (on the system's clock, as a process is) with its table on a
/// port of its own; each process's word that a page is open holds `holds` seconds.
async fn two_tables(holds: u64) -> (Bot, u16, Running, u16) {
    let port = page::free_port();
    let bot = Bot::start_sharing(
        3,
        |c| {
            page::configure(c, APP, port);
            c.activity.presence_seconds = holds;
        },
        "1-1/2",
    )
    .await;
    bot.fake.oauth_secret(page::SECRET);
    let channel = bot.fake.channel_id();
    bot.fake
        .activity_instance(INSTANCE, channel, &[ALICE, BOB, CAROL]);
    let db = Db::open(&bot.url)
        .await
        .unwrap()
        .owning("0-0/2".parse().unwrap());
    let (db, feed) = db.with_bus().await.unwrap();
    let mut config = config_for(&bot.fake, &bot.url);
    let other_port = page::free_port();
    page::configure(&mut config, APP, other_port);
    config.activity.presence_seconds = holds;
    let games = Games::new(
        db,
        config.clone(),
        gin::games::system_clock(),
        gin::discord::HAND_TOKEN_SECONDS,
    );
    let games = Arc::new(games);
    let hearing = games.clone();
    tokio::spawn(async move { hearing.following().hear(feed).await });
    let other = gin::web::start(&config, games, Arc::new(Silent))
        .await
        .expect("the other process's table");
    (bot, port, other, other_port)
}

/// The ids a presence frame lists, in order.
fn ids(presence: &Value) -> Vec<u64> {
    presence["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_str().unwrap().parse().unwrap())
        .collect()
}

/// Waits for a presence frame listing exactly `users` (by name, as the lists are ordered).
async fn listing(socket: &mut Socket, users: &[u64]) -> Value {
    let found = async {
        loop {
            let p = socket.next_of("presence").await;
            if ids(&p) == users {
                return p;
            }
        }
    };
    tokio::time::timeout(WAIT, found)
        .await
        .unwrap_or_else(|_| panic!("no presence frame listing {users:?}"))
}

#[tokio::test]
async fn pages_on_two_processes_see_each_other_and_a_closed_one_leaves_at_once() {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return;
    }
    // Rows hold far longer than the test waits: Bob leaves by his page closing alone.
    let (bot, port, other, other_port) = two_tables(300).await;
    let alice_session = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let mut alice = Socket::join(port, &alice_session, INSTANCE).await;
    listing(&mut alice, &[ALICE]).await;
    let challenge = json!({"t": "challenge", "seq": 1, "opponent": BOB.to_string()});
    alice.send(challenge.clone()).await;
    let answer = alice.next_of("refused").await;
    assert_eq!(answer["code"], "not_present", "{answer}");

    // Bob's page on the other process: its first list has Alice too, and hers gets Bob.
    let bob_session = page::sign_in(&bot.fake, other_port, &user(BOB)).await;
    let mut bob = Socket::join(other_port, &bob_session, INSTANCE).await;
    let first = bob.next_of("presence").await;
    assert_eq!(ids(&first), [ALICE, BOB], "{first}");
    assert_eq!(first["users"][0]["name"], "Alice", "{first}");
    listing(&mut alice, &[ALICE, BOB]).await;
    // Bob is at the table now, if on the other process: Alice may challenge him.
    alice.send(challenge).await;
    assert_eq!(alice.next_of("ack").await["seq"], 1);

    // Carol opens a second page on Alice's process: both lists have all three.
    let carol_session = page::sign_in(&bot.fake, port, &user(CAROL)).await;
    let mut carol = Socket::join(port, &carol_session, INSTANCE).await;
    listing(&mut carol, &[ALICE, BOB, CAROL]).await;
    listing(&mut bob, &[ALICE, BOB, CAROL]).await;

    // Bob closes his page: gone from the lists of Alice's process, long before his row
    // would run out.
    drop(bob);
    listing(&mut alice, &[ALICE, CAROL]).await;
    listing(&mut carol, &[ALICE, CAROL]).await;
    let rows: Vec<(i64,)> = sqlx::query_as("SELECT user_id FROM table_presence ORDER BY user_id")
        .fetch_all(bot.db.pool())
        .await
        .unwrap();
    assert_eq!(rows, [(ALICE as i64,), (CAROL as i64,)]);

    // The other process stops cleanly while a page of Bob's is connected but has not said
    // hello yet: it is served to the end, and never listed.
    let mut late = Socket::open(other_port, &page::origin(other_port))
        .await
        .unwrap();
    other.stop(gin::web::STOP_WAIT).await;
    late.send(json!({"t": "hello", "session": bob_session, "instance_id": INSTANCE, "lang": "en"}))
        .await;
    late.next_of("welcome").await;
    late.next_of("presence").await;
    assert_eq!(present_now(&bot).await, [ALICE as i64, CAROL as i64]);

    // Alice's process stops cleanly: its pages leave the list at once.
    let url = bot.url.clone();
    bot.finish().await;
    let db = Db::open(&url).await.unwrap();
    let rows: Vec<(i64,)> = sqlx::query_as("SELECT user_id FROM table_presence")
        .fetch_all(db.pool())
        .await
        .unwrap();
    assert!(rows.is_empty(), "{rows:?}");
}

#[tokio::test]
async fn the_pages_of_a_process_that_stopped_renewing_leave_the_others_lists() {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return;
    }
    let (bot, port, other, other_port) = two_tables(5).await;
    let alice_session = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let mut alice = Socket::join(port, &alice_session, INSTANCE).await;
    let bob_session = page::sign_in(&bot.fake, other_port, &user(BOB)).await;
    let mut bob = Socket::join(other_port, &bob_session, INSTANCE).await;
    listing(&mut alice, &[ALICE, BOB]).await;
    listing(&mut bob, &[ALICE, BOB]).await;

    // The other process stops (its table and its renewals; Bob's connection is left open,
    // as a frozen process leaves it): his row runs out, and Alice's process purges it.
    other.task.abort();
    listing(&mut alice, &[ALICE]).await;
    let bobs: Vec<(i64,)> = sqlx::query_as("SELECT user_id FROM table_presence WHERE user_id = $1")
        .bind(BOB as i64)
        .fetch_all(bot.db.pool())
        .await
        .unwrap();
    assert!(bobs.is_empty(), "Bob's row is purged");
    // Alice's own row is renewed all along: its time moves on before it runs out.
    let (first,) = expiry(&bot).await;
    let renewed = async {
        loop {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let (at,) = expiry(&bot).await;
            if at != first {
                return at;
            }
        }
    };
    let at = tokio::time::timeout(WAIT, renewed)
        .await
        .expect("a renewal");
    let now = gin::games::system_clock()();
    assert!(at > first && now <= first, "{first} -> {at} at {now}");

    // At once a row of Alice's process with no socket behind it (written as its socket
    // closed, its leave failed) and her own row gone (its join failed): as many rows as
    // sockets, yet both are mended at its next renewal, and her channel told.
    let channel = bot.fake.channel_id() as i64;
    let (holder,): (String,) = sqlx::query_as("SELECT holder FROM table_presence")
        .fetch_one(bot.db.pool())
        .await
        .unwrap();
    let mut swap = bot.db.pool().begin().await.unwrap();
    sqlx::query("DELETE FROM table_presence")
        .execute(&mut *swap)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO table_presence (socket, holder, channel_id, guild_id, user_id, name, expires_at) \
         VALUES ($1, $2, $3, 0, $4, 'Dave', $5)",
    )
    .bind(format!("{holder}:999999"))
    .bind(&holder)
    .bind(channel)
    .bind(DAVE as i64)
    .bind(i64::MAX)
    .execute(&mut *swap)
    .await
    .unwrap();
    swap.commit().await.unwrap();
    let mended = async {
        while present_now(&bot).await != [ALICE as i64] {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(WAIT, mended)
        .await
        .expect("the stray row deleted and Alice's written again");
    listing(&mut alice, &[ALICE]).await;

    // Alice's row purged as if her process had been away too long: written again.
    sqlx::query("DELETE FROM table_presence")
        .execute(bot.db.pool())
        .await
        .unwrap();
    let back = async {
        while present_now(&bot).await != [ALICE as i64] {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(WAIT, back)
        .await
        .expect("Alice's row written again");
    drop(bob);
    bot.finish().await;
}

/// When the only row of Alice's process runs out, as stored.
async fn expiry(bot: &Bot) -> (i64,) {
    sqlx::query_as("SELECT expires_at FROM table_presence WHERE user_id = $1")
        .bind(ALICE as i64)
        .fetch_one(bot.db.pool())
        .await
        .unwrap()
}

/// Who the shared list has in the fake's channel, as stored.
async fn present_now(bot: &Bot) -> Vec<i64> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT user_id FROM table_presence WHERE channel_id = $1 ORDER BY user_id")
            .bind(bot.fake.channel_id() as i64)
            .fetch_all(bot.db.pool())
            .await
            .unwrap();
    rows.into_iter().map(|(u,)| u).collect()
}
