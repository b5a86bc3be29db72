//! Processes sharing one PostgreSQL database, each on shards of its own: a change the match's
//! owner commits reaches the other process's followers through the bus, with its version; the
//! other shows the match read from the database and never holds it; a lost listener, or
//! another process taking its lease, makes its followers read everything again. PostgreSQL
//! only.

use crate::support::harness::*;
use crate::support::wire::end_listener;
use gin::games::Change;
use gin::i18n::Lang;
use gin::store::bus::Pace;
use gin::store::{Db, Shards};
use sqlx::Connection;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::{self, error::RecvError};

/// A deadline for what must come, never a measure of speed.
const WAIT: Duration = Duration::from_secs(20);

/// The first news of match `id` at `version` or later.
async fn change_of(changes: &mut broadcast::Receiver<Change>, id: i64, version: i64) -> Change {
    let heard = async {
        loop {
            match changes.recv().await {
                Ok(c) if c.match_id == id && c.version >= version => return c,
                Ok(_) | Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => panic!("the news stopped"),
            }
        }
    };
    tokio::time::timeout(WAIT, heard)
        .await
        .unwrap_or_else(|_| panic!("version {version} of match {id} was not heard of"))
}

/// The match's version as its owner holds it.
async fn version(h: &Harness, id: i64) -> i64 {
    h.games.snapshot(id).await.unwrap().version
}

#[tokio::test]
async fn the_owners_changes_reach_the_other_process_which_reads_but_never_holds() {
    let Some((owner, other, url)) = pair(Pace::default()).await else {
        return;
    };
    let following = other.games.following();
    let mut changes = following.changes();
    let mut resyncs = following.resyncs();

    // The deal and a move, each heard on the other process with its version.
    let id = owner.new_match(&[BOB]).await;
    let dealt = version(&owner, id).await;
    let c = change_of(&mut changes, id, dealt).await;
    assert_eq!((c.channel_id, c.version), (CHANNEL, dealt));
    assert!(owner.play_turn(id).await);
    let moved = version(&owner, id).await;
    assert!(moved > dealt);
    assert_eq!(change_of(&mut changes, id, moved).await.version, moved);
    let sight = following
        .sight(id, CHANNEL, ALICE, Lang::En, false)
        .await
        .unwrap();
    assert_eq!(sight.table.seats.version, moved);
    assert!(sight.hand.is_some() && sight.active, "Alice's own hand");
    assert_eq!(
        other.games.live_count(),
        0,
        "the other process holds nothing"
    );

    // The next move: the match is read again, not served as read before.
    assert!(owner.play_turn(id).await);
    let again = version(&owner, id).await;
    change_of(&mut changes, id, again).await;
    let sight = following
        .sight(id, CHANNEL, ALICE, Lang::En, false)
        .await
        .unwrap();
    assert_eq!(sight.table.seats.version, again);

    // A copy in memory there (a snapshot) goes once a newer version is heard of.
    assert_eq!(version(&other, id).await, again);
    assert_eq!(other.games.live_count(), 1);
    assert!(owner.play_turn(id).await);
    let after = version(&owner, id).await;
    change_of(&mut changes, id, after).await;
    assert_eq!(other.games.live_count(), 0, "the stale copy is gone");

    // Its listener's connection is dropped: its followers are to read everything again,
    // and it hears on once it listens again.
    resyncs.concerns(GUILD);
    end_listener(&url, &other.games.db, "1-1/2").await;
    tokio::time::timeout(WAIT, resyncs.changed())
        .await
        .expect("a resync after the lost connection")
        .unwrap();
    assert!(
        resyncs.concerns(GUILD),
        "a lost listener concerns every server elsewhere"
    );
    assert!(owner.play_turn(id).await);
    let next = version(&owner, id).await;
    change_of(&mut changes, id, next).await;
    let sight = following
        .sight(id, CHANNEL, BOB, Lang::En, false)
        .await
        .unwrap();
    assert_eq!(sight.table.seats.version, next, "read again, not kept");
    assert_eq!(other.games.live_count(), 0);

    // A process starts on other shards than the server's: its followers need not read again.
    resyncs.concerns(GUILD);
    owner.games.db.bus().started("1-1/2".parse().unwrap());
    tokio::time::timeout(WAIT, resyncs.changed())
        .await
        .expect("a resync after another process started")
        .unwrap();
    assert!(!resyncs.concerns(GUILD), "another server's start");

    // The owner takes its lease again (a restart): the other's followers read again.
    owner.games.db.bus().started("0-0/2".parse().unwrap());
    tokio::time::timeout(WAIT, resyncs.changed())
        .await
        .expect("a resync after another process started")
        .unwrap();
    assert!(resyncs.concerns(GUILD), "the server's owner started");
}

/// Two processes on a fresh database: the owner of the test's server (shard 0), and the
/// other with its bus at `pace`. None (the test skipped) without PostgreSQL.
async fn pair(pace: Pace) -> Option<(Harness, Harness, String)> {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return None;
    }
    assert_eq!(Shards::of(GUILD, 2), 0, "the test's server is shard 0's");
    let dir = Arc::new(tempfile::tempdir().unwrap());
    let url = gin::store::testing::fresh_database_url(dir.path(), "gin")
        .await
        .unwrap();
    let owner = Harness::sharing(dir.clone(), url.clone(), "0-0/2").await;
    let other = Harness::sharing_paced(dir, url.clone(), "1-1/2", pace).await;
    Some((owner, other, url))
}

/// When the player to move forfeits, as the other process shows match `id`.
async fn forfeit_there(other: &Harness, id: i64) -> i64 {
    let sight = other
        .games
        .following()
        .sight(id, CHANNEL, ALICE, Lang::En, false)
        .await
        .unwrap();
    sight.table.clock.expect("a person is to move").forfeit_at
}

/// A new match, its deal heard of on the other process and shown there: its forfeit time.
async fn shown_there(owner: &Harness, other: &Harness) -> (i64, i64) {
    let mut changes = other.games.following().changes();
    let id = owner.new_match(&[BOB]).await;
    let dealt = version(owner, id).await;
    change_of(&mut changes, id, dealt).await;
    (id, forfeit_there(other, id).await)
}

#[tokio::test]
async fn clocks_moved_as_the_owner_starts_are_shown_on_the_other_process() {
    let Some((owner, other, _)) = pair(Pace::default()).await else {
        return;
    };
    let (id, before) = shown_there(&owner, &other).await;
    let mut resyncs = other.games.following().resyncs();
    resyncs.concerns(GUILD);

    // The owner restarts with its clock stepped back: the stored turn clock is moved back
    // to its now, the match's version not.
    owner.advance(-600);
    owner.games.sweeper().resume_clocks().await;
    tokio::time::timeout(WAIT, resyncs.changed())
        .await
        .expect("a resync once the clocks moved")
        .unwrap();
    assert!(resyncs.concerns(GUILD));
    assert_eq!(forfeit_there(&other, id).await, before - 600);
}

#[tokio::test]
async fn a_touched_match_is_read_again_at_the_same_version() {
    let Some((owner, other, url)) = pair(Pace::default()).await else {
        return;
    };
    let (id, before) = shown_there(&owner, &other).await;
    let at = version(&owner, id).await;

    // What the table shows changes (here its turn clock), its version not.
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE matches SET turn_started_at = turn_started_at + 60 WHERE id = $1")
        .bind(id)
        .execute(&mut admin)
        .await
        .unwrap();
    let mut changes = other.games.following().changes();
    owner.games.db.bus().touched(id, CHANNEL, at);
    assert_eq!(change_of(&mut changes, id, at).await.version, at);
    assert_eq!(forfeit_there(&other, id).await, before + 60);
}

#[tokio::test]
async fn a_listener_that_hears_nothing_of_its_own_checks_listens_again() {
    let pace = Pace {
        check_every: Duration::from_millis(200),
        check_wait: Duration::from_secs(2),
        ..Pace::default()
    };
    let Some((owner, other, _)) = pair(pace).await else {
        return;
    };
    let (id, _) = shown_there(&owner, &other).await;
    let following = other.games.following();
    let mut resyncs = following.resyncs();
    resyncs.concerns(GUILD);

    // As if its connection carried nothing any more: its own checks do not come back.
    other.games.db.bus().mute_checks(true);
    tokio::time::timeout(WAIT, resyncs.changed())
        .await
        .expect("a resync once a check did not come back")
        .unwrap();
    assert!(resyncs.concerns(GUILD));
    other.games.db.bus().mute_checks(false);

    // It hears on.
    let mut changes = following.changes();
    assert!(owner.play_turn(id).await);
    let moved = version(&owner, id).await;
    change_of(&mut changes, id, moved).await;
}

#[tokio::test]
async fn the_end_of_the_bus_thread_is_seen() {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let url = gin::store::testing::fresh_database_url(dir.path(), "gin")
        .await
        .unwrap();
    let db = Db::open(&url)
        .await
        .unwrap()
        .owning("1-1/2".parse().unwrap());
    let (db, feed) = db.with_bus().await.unwrap();
    // Nobody hears the bus any more: its thread ends, and says so.
    drop(feed);
    tokio::time::timeout(WAIT, db.bus().stopped())
        .await
        .expect("the bus's end seen");
}

/// Until `seen` holds, within [`WAIT`].
async fn until(what: &str, mut seen: impl FnMut() -> bool) {
    let waited = async {
        while !seen() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(WAIT, waited)
        .await
        .unwrap_or_else(|_| panic!("not seen: {what}"));
}

#[tokio::test]
async fn a_servers_settings_changed_on_one_process_are_read_again_on_the_other() {
    use gin::games::SettingsChange;
    let Some((owner, other, url)) = pair(Pace::default()).await else {
        return;
    };
    let (id, before) = shown_there(&owner, &other).await;
    let old = other.games.settings().timeouts_for(GUILD).forfeit_hours;
    assert_ne!(old, 2, "the test changes it");

    // A moderator's `/ginmod settings` on the server's owner: the other process's page of
    // the match counts down to the new forfeit time.
    let change = SettingsChange {
        reminder_minutes: Some(5),
        forfeit_hours: Some(2),
        ..Default::default()
    };
    let o = owner
        .games
        .settings()
        .command(&owner.caller(CAROL, None), true, change)
        .await;
    assert!(matches!(
        o.reply,
        gin::games::Reply::Settings { changed: true, .. }
    ));
    until("the new forfeit time on the other process", || {
        other.games.settings().timeouts_for(GUILD).forfeit_hours == 2
    })
    .await;
    assert_eq!(
        other.games.settings().timeouts_for(GUILD).reminder_minutes,
        5
    );
    let moved = before + (2 - old as i64) * 3600;
    assert_eq!(forfeit_there(&other, id).await, moved);

    // A change whose note is missed (stored behind the bots' backs): read again once the
    // other's listener is lost and listens again.
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE guild_settings SET forfeit_hours = 3 WHERE guild_id = $1")
        .bind(GUILD as i64)
        .execute(&mut admin)
        .await
        .unwrap();
    end_listener(&url, &other.games.db, "1-1/2").await;
    until("every server's settings read again", || {
        other.games.settings().timeouts_for(GUILD).forfeit_hours == 3
    })
    .await;
}

/// Queries of the other process waiting for the settings table's lock.
async fn waiting_reads(admin: &mut sqlx::PgConnection) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' \
         AND query LIKE '%FROM guild_settings WHERE%' AND pid <> pg_backend_pid()",
    )
    .fetch_one(admin)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_slow_settings_read_holds_up_no_news_and_a_failed_one_is_tried_again() {
    let Some((owner, other, url)) = pair(Pace::default()).await else {
        return;
    };
    let (id, _) = shown_there(&owner, &other).await;
    assert_ne!(other.games.settings().timeouts_for(GUILD).forfeit_hours, 3);

    // The server's settings change behind a lock: the other process's read of them waits.
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    let mut poll = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query("BEGIN").execute(&mut admin).await.unwrap();
    sqlx::query("LOCK TABLE guild_settings IN ACCESS EXCLUSIVE MODE")
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO guild_settings (guild_id, forfeit_hours, updated_at) VALUES ($1, 3, 0) \
         ON CONFLICT (guild_id) DO UPDATE SET forfeit_hours = 3",
    )
    .bind(GUILD as i64)
    .execute(&mut admin)
    .await
    .unwrap();
    owner.games.db.bus().settings_changed(GUILD);
    let waited = async {
        while waiting_reads(&mut poll).await == 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(WAIT, waited)
        .await
        .expect("the other process reading the settings");

    // Meanwhile a move is heard there at once.
    let mut changes = other.games.following().changes();
    assert!(owner.play_turn(id).await);
    let moved = version(&owner, id).await;
    change_of(&mut changes, id, moved).await;

    // The read fails (the table is gone when the lock is let go); once it is back, the
    // read is tried again and finds the new settings.
    sqlx::query("ALTER TABLE guild_settings RENAME TO guild_settings_away")
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query("COMMIT").execute(&mut admin).await.unwrap();
    let failed = async {
        while waiting_reads(&mut poll).await > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(WAIT, failed)
        .await
        .expect("the read given up");
    sqlx::query("ALTER TABLE guild_settings_away RENAME TO guild_settings")
        .execute(&mut admin)
        .await
        .unwrap();
    until("the settings read again after a failed read", || {
        other.games.settings().timeouts_for(GUILD).forfeit_hours == 3
    })
    .await;
}
