//! The web table on a process that does not own the match's server, its database shared
//! with the owner (PostgreSQL only): a page there follows the match live through the bus,
//! the match read from the database, never held; news missed while its listener was down is
//! caught up once it listens again.

use crate::support::harness::Harness;
use crate::support::web::{self as page, Socket};
use crate::support::wire::*;
use gin::store::Shards;
use std::sync::Arc;

/// The fake Discord's application id (`FakeOptions::app_id`).
const APP: u64 = 100;
const INSTANCE: &str = "i-1";

/// Run `n` of a bot on shard `1-1/2` serving the table on the returned port, Alice's and
/// Bob's instance open in its channel, and the owner of shard 0 (the channel's server) with a
/// match of Alice and Bob: `None` without PostgreSQL.
async fn owned_elsewhere(n: u32) -> Option<(Bot, Harness, u16, i64)> {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return None;
    }
    let port = page::free_port();
    let bot = Bot::start_sharing(n, |c| page::configure(c, APP, port), "1-1/2").await;
    let channel = bot.fake.channel_id();
    assert_eq!(Shards::of(bot.fake.guild_id(), 2), 0, "shard 0's server");
    bot.fake.oauth_secret(page::SECRET);
    bot.fake.activity_instance(INSTANCE, channel, &[ALICE, BOB]);
    let dir = Arc::new(tempfile::tempdir().unwrap());
    let owner = Harness::sharing(dir, bot.url.clone(), "0-0/2").await;
    let id = owner.new_match(&[BOB]).await;
    Some((bot, owner, port, id))
}

#[tokio::test]
async fn a_page_on_the_other_process_follows_the_match_and_catches_up_after_a_lost_listener() {
    let Some((bot, owner, port, id)) = owned_elsewhere(3).await else {
        return;
    };
    let session = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let mut alice = Socket::join(port, &session, INSTANCE).await;
    let dealt = owner.games.snapshot(id).await.unwrap().version;
    let shown = alice.state_at(id, dealt).await;
    assert!(shown["hand"].is_object(), "Alice's own hand: {shown}");
    assert!(owner.play_turn(id).await);
    let moved = owner.games.snapshot(id).await.unwrap().version;
    // The owner's move shown on the other process (each frame awaited at most
    // `Socket::next`'s 10 s: a deadline, never a measure of speed).
    alice.state_at(id, moved).await;
    assert_eq!(bot.games.live_count(), 0, "the other process holds nothing");

    // A move whose news never comes (its process has no bus), then the listener's
    // connection is dropped: once it listens again the page is shown the move.
    let lone_dir = tempfile::tempdir().unwrap();
    let lone = Harness::on(lone_dir, bot.url.clone(), 1_800_000_000).await;
    assert!(lone.play_turn(id).await);
    let missed = lone.games.snapshot(id).await.unwrap().version;
    assert!(missed > moved);
    crate::support::wire::end_listener(&bot.url, &bot.games.db, "1-1/2").await;
    // The missed move shown after the resync.
    alice.state_at(id, missed).await;
    assert_eq!(bot.games.live_count(), 0);
    bot.finish().await;
}

/// The owner's start moves its matches' clocks on without a new version, and says so on the
/// bus; so does a deadline moved by the owner: a page on the other process reads the match
/// again and is shown the clock moved, though its version is the one shown.
#[tokio::test]
async fn a_page_on_the_other_process_is_shown_a_clock_moved_at_the_same_version() {
    let Some((bot, owner, port, id)) = owned_elsewhere(4).await else {
        return;
    };
    let channel = bot.fake.channel_id();
    let session = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let mut alice = Socket::join(port, &session, INSTANCE).await;
    let version = owner.games.snapshot(id).await.unwrap().version;
    let shown = alice.state_at(id, version).await;
    let forfeit = shown["match"]["clock"]["forfeit_at"]
        .as_i64()
        .expect("a clock");

    // As the owner's next start does: the clocks moved on by the downtime, then said.
    sqlx::query("UPDATE matches SET turn_started_at = turn_started_at + 600 WHERE id = $1")
        .bind(id)
        .execute(owner.games.db.pool())
        .await
        .unwrap();
    owner.games.db.bus().started("0-0/2".parse().unwrap());
    // (Each frame awaited at most `Socket::next`'s 10 s.)
    loop {
        let s = alice.next_state().await;
        assert_eq!(s["match"]["version"], version, "{s}");
        if s["match"]["clock"]["forfeit_at"] == forfeit + 600 {
            break;
        }
    }
    // A deadline moved by the owner at the same version, said at once.
    sqlx::query("UPDATE matches SET turn_started_at = turn_started_at + 60 WHERE id = $1")
        .bind(id)
        .execute(owner.games.db.pool())
        .await
        .unwrap();
    owner.games.db.bus().touched(id, channel, version);
    loop {
        let s = alice.next_state().await;
        assert_eq!(s["match"]["version"], version, "{s}");
        if s["match"]["clock"]["forfeit_at"] == forfeit + 660 {
            break;
        }
    }
    assert_eq!(bot.games.live_count(), 0);
    bot.finish().await;
}
