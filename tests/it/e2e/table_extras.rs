//! What players expect around the table, over the wire (the real binary, the fake Discord):
//! the turn clock as live countdowns on the table, `/gin watch` (the table for a latecomer,
//! never a hand), and the match end's Rematch, accepted and played.

use crate::support::{fake_discord, wire};

use fake_discord::{FakeDiscord, Opt, StoredMessage, User};
use gin::engine::{Card, Match};
use gin::i18n::Lang;
use gin::store::Db;
use std::time::Duration;
use wire::Binary;

fn alice() -> User {
    User::new(4001, "Alice")
}
fn bob() -> User {
    User::new(4002, "Bob")
}
fn carol() -> User {
    User::new(4003, "Carol")
}

/// `/gin start` by `from` against `to`, accepted; the match id and its table message.
async fn start(fake: &FakeDiscord, from: &User, to: &User, target: i64) -> (i64, u64) {
    let cmd = fake.slash_command_in(
        fake.channel_id(),
        from,
        "gin",
        Some("start"),
        vec![Opt::user("opponent", to), Opt::int("target", target)],
    );
    let cb = fake.interact(cmd).await;
    assert!(cb.ok() && cb.kind == 4, "{cb:?}");
    accept(fake, cb.message_id.unwrap(), to).await
}

/// `to` accepts the challenge in message `challenge`: the match id and its table message.
async fn accept(fake: &FakeDiscord, challenge: u64, to: &User) -> (i64, u64) {
    let msg = fake.message(challenge).unwrap();
    let accept = msg.find_button(|id| id.starts_with("gin:acc:")).unwrap();
    let cb = fake.interact(fake.press(to, &msg, &accept)).await;
    assert!(cb.ok() && cb.kind == 7, "{cb:?}");
    let table = fake.message(challenge).unwrap();
    let id = table
        .custom_ids()
        .iter()
        .find_map(|id| id.strip_prefix("gin:hand:")?.parse().ok())
        .expect("the challenge became the table");
    (id, challenge)
}

/// The `<t:N:R>` timestamps a message shows.
fn countdowns(content: &str) -> Vec<i64> {
    content
        .split("<t:")
        .skip(1)
        .filter_map(|rest| rest.split_once(":R>")?.0.parse().ok())
        .collect()
}

async fn state(db: &Db, id: i64) -> Match {
    let row = db.matches().load_match(id).await.unwrap().unwrap();
    serde_json::from_str(&row.state_json).unwrap()
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// The table shows when the player to move is reminded and forfeits, as relative
/// timestamps; a move starts the clock of the next turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_counts_down_to_the_reminder_and_the_forfeit() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let before = now();
    let (id, table) = start(fake, &alice(), &bob(), 100).await;
    let shown = countdowns(&fake.message(table).unwrap().content);
    assert_eq!(shown.len(), 2, "{shown:?}");
    let (remind, forfeit) = (shown[0], shown[1]);
    // The defaults: a reminder after 30 minutes, a forfeit after 24 hours.
    assert!((before + 1800..=now() + 1800).contains(&remind), "{remind}");
    assert_eq!(forfeit - remind, 24 * 3600 - 1800);
    // A move hands the turn on: the clock starts again.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let db = Db::open(url).await.unwrap();
    let m = state(&db, id).await;
    let mover = if m.to_act() == Some(0) {
        alice()
    } else {
        bob()
    };
    let hand = open_hand(fake, id, table, &mover).await;
    let pass = hand.find_button(|b| b.ends_with(":pass")).unwrap();
    let cb = fake.interact(fake.press(&mover, &hand, &pass)).await;
    assert!(cb.ok());
    fake.wait_until(fake.channel_id(), Duration::from_secs(5), || {
        countdowns(&fake.message(table).unwrap().content).first() != Some(&remind)
    })
    .await;
    let again = countdowns(&fake.message(table).unwrap().content);
    assert!(again[0] > remind, "{again:?} after {remind}");
    fake.assert_no_violations();
}

async fn open_hand(fake: &FakeDiscord, id: i64, table: u64, user: &User) -> StoredMessage {
    let msg = fake.message(table).unwrap();
    let cb = fake
        .interact(fake.press(user, &msg, &format!("gin:hand:{id}")))
        .await;
    assert!(cb.ok() && cb.ephemeral, "{cb:?}");
    fake.message(cb.message_id.unwrap()).unwrap()
}

/// `/gin watch`: a latecomer sees the table (privately, no mention), refreshes it, and never
/// sees a card of either hand (but for those everyone saw taken).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watching_shows_the_table_and_never_a_hand() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let (id, _) = start(fake, &alice(), &bob(), 100).await;
    let watch =
        |user: &User| fake.slash_command_in(fake.channel_id(), user, "gin", Some("watch"), vec![]);
    let cb = fake.interact(watch(&carol())).await;
    assert!(cb.ok() && cb.ephemeral, "{cb:?}");
    let msg = fake.message(cb.message_id.unwrap()).unwrap();
    assert!(msg.content.contains("**Gin Rummy**"), "{}", msg.content);
    let write = fake.writes_to(msg.id).pop().expect("the watch answer");
    assert!(
        write.mentioned_users().is_empty(),
        "a private copy mentions nobody"
    );
    assert!(!msg.content.contains("Your hand"));
    let db = Db::open(url).await.unwrap();
    let m = state(&db, id).await;
    let hidden: Vec<Card> = m.hand.hands.iter().flat_map(|h| h.iter()).collect();
    let text = fake_discord::player::text_of(&msg.content);
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "[]():,·".contains(c))
        .collect();
    for c in hidden {
        let shown = gin::ui::render::card(Lang::En, c);
        assert!(
            !words.contains(&shown.as_str()),
            "{shown} shown to a watcher"
        );
    }
    // Refresh updates the watcher's own message.
    let refresh = msg.find_button(|b| b.starts_with("gin:watch:")).unwrap();
    let cb = fake.interact(fake.press(&carol(), &msg, &refresh)).await;
    assert!(cb.ok() && cb.kind == 7, "{cb:?}");
    // Nothing to watch in a channel without a match: a friendly refusal.
    let other = fake.slash_command_in(
        fake.channel_id() + 1,
        &carol(),
        "gin",
        Some("watch"),
        vec![],
    );
    let cb = fake.interact(other).await;
    assert!(
        cb.ok() && cb.ephemeral && cb.content().contains("no match"),
        "{cb:?}"
    );
    fake.assert_no_violations();
}

/// The match end offers a Rematch: the same players and rules; accepted and played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_accepted_and_played() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let (first, _) = start(fake, &alice(), &bob(), 42).await;
    // Alice resigns: the match end is posted, with its Rematch button.
    let resign = fake.slash_command_in(fake.channel_id(), &alice(), "gin", Some("resign"), vec![]);
    let cb = fake.interact(resign).await;
    assert!(cb.ok() && !cb.ephemeral, "{cb:?}");
    let end = fake.message(cb.message_id.unwrap()).unwrap();
    let rematch = end
        .find_button(|b| b == format!("gin:rm:{first}"))
        .expect("a Rematch button");
    // Someone who did not play cannot ask for it.
    let cb = fake.interact(fake.press(&carol(), &end, &rematch)).await;
    assert!(
        cb.ephemeral && cb.content().contains("not playing"),
        "{cb:?}"
    );
    // Bob asks: a new public challenge to Alice.
    let cb = fake.interact(fake.press(&bob(), &end, &rematch)).await;
    assert!(cb.ok() && cb.kind == 4 && !cb.ephemeral, "{cb:?}");
    let challenge = cb.message_id.unwrap();
    assert!(fake
        .message(challenge)
        .unwrap()
        .content
        .contains("42 points"));
    assert!(fake
        .message(end.id)
        .unwrap()
        .content
        .contains("wins the match"));
    let (second, table) = accept(fake, challenge, &alice()).await;
    assert_ne!(second, first);
    let db = Db::open(url).await.unwrap();
    let m = state(&db, second).await;
    assert_eq!(m.rules.target, 42, "the same rules");
    let row = db.matches().load_match(second).await.unwrap().unwrap();
    let users: Vec<u64> = row.players.iter().map(|p| p.0).collect();
    assert_eq!(users, vec![bob().id, alice().id], "the asker challenges");
    // And it is played: a move, then the end.
    let mover = if m.to_act() == Some(0) {
        bob()
    } else {
        alice()
    };
    let hand = open_hand(fake, second, table, &mover).await;
    let pass = hand.find_button(|b| b.ends_with(":pass")).unwrap();
    let cb = fake.interact(fake.press(&mover, &hand, &pass)).await;
    assert!(cb.ok() && !cb.content().starts_with('>'), "{cb:?}");
    assert_eq!(
        db.matches()
            .load_match(second)
            .await
            .unwrap()
            .unwrap()
            .version,
        1
    );
    // The challenge's message id was kept: it is the new match's table.
    assert_eq!(row.table_message_id, Some(challenge));
    fake.assert_no_violations();
}

/// `/gin settings` to see the settings, `/ginmod settings` with options to change them.
fn settings(fake: &FakeDiscord, user: &User, options: Vec<Opt>) -> serde_json::Value {
    let command = if options.is_empty() { "gin" } else { "ginmod" };
    fake.slash_command_in(fake.channel_id(), user, command, Some("settings"), options)
}

/// `/gin settings` and `/ginmod settings`: anyone sees them, only Manage Server changes them
/// (checked at run time too, for a server that opened `/ginmod` to everyone), a value out of bounds
/// is refused naming its bound and changes nothing; the channel restriction refuses a start
/// elsewhere; a new match takes the server's target and language while a running one keeps
/// its rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_settings_are_guarded_bounded_and_used_by_new_matches() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let db = Db::open(url).await.unwrap();
    let moderator = carol().moderator();
    // A match running before any change.
    let (running, _) = start(fake, &alice(), &bob(), 77).await;
    // Anyone sees the settings; nobody but a moderator changes them.
    let cb = fake.interact(settings(fake, &alice(), vec![])).await;
    fake.open_command_to_everyone("ginmod");
    assert!(cb.ok() && cb.ephemeral && cb.content().contains("Settings of this server"));
    let cb = fake
        .interact(settings(fake, &alice(), vec![Opt::int("target", 200)]))
        .await;
    assert!(
        cb.ephemeral && cb.content().contains("moderators"),
        "{cb:?}"
    );
    // Out of bounds (Discord checks each option's range; the forfeit must also come after
    // the reminder): the bound is named, nothing is stored.
    let cb = fake
        .interact(settings(
            fake,
            &moderator,
            vec![
                Opt::int("target", 200),
                Opt::int("reminder_minutes", 120),
                Opt::int("forfeit_hours", 1),
            ],
        ))
        .await;
    assert!(
        cb.ephemeral
            && cb
                .content()
                .contains("1 to 168 hours, and after the reminder"),
        "{cb:?}"
    );
    let shown = fake.interact(settings(fake, &alice(), vec![])).await;
    assert!(
        shown.content().contains("target: the preset's"),
        "{}",
        shown.content()
    );
    // A moderator keeps matches to another channel, sets the target and German.
    let elsewhere = fake.channel_id() + 5;
    let cb = fake
        .interact(settings(
            fake,
            &moderator,
            vec![
                Opt::int("target", 200),
                Opt::str("channels", &format!("<#{elsewhere}>")),
                Opt::choice("language", 2),
            ],
        ))
        .await;
    assert!(cb.ok() && cb.content().contains("Settings saved"), "{cb:?}");
    assert!(cb.content().contains(&format!("<#{elsewhere}>")));
    let here = fake.slash_command_in(
        fake.channel_id(),
        &carol(),
        "gin",
        Some("start"),
        vec![Opt::user("opponent", &User::new(4004, "Dave"))],
    );
    let cb = fake.interact(here).await;
    assert!(
        cb.ephemeral && cb.content().contains("game channels"),
        "{cb:?}"
    );
    let there = fake.slash_command_in(
        elsewhere,
        &carol(),
        "gin",
        Some("start"),
        vec![Opt::user("opponent", &User::new(4004, "Dave"))],
    );
    let cb = fake.interact(there).await;
    assert!(cb.ok() && !cb.ephemeral, "{cb:?}");
    let text = fake.message(cb.message_id.unwrap()).unwrap().content;
    assert!(
        text.contains("200 Punkte"),
        "the server's target, in German: {text}"
    );
    // The running match keeps its rules.
    assert_eq!(state(&db, running).await.rules.target, 77);
    // Back to everywhere.
    let cb = fake
        .interact(settings(
            fake,
            &moderator,
            vec![Opt::str("channels", "everywhere")],
        ))
        .await;
    assert!(cb.content().contains("in every channel"), "{cb:?}");
    fake.assert_no_violations();
}

fn gin_cmd(fake: &FakeDiscord, user: &User, sub: &str, options: Vec<Opt>) -> serde_json::Value {
    fake.slash_command_in(fake.channel_id(), user, "gin", Some(sub), options)
}

/// `/ginmod season`: moderators only; the closing board of the ended season is posted; the
/// new season's board and ratings start empty; the old board stays browsable with the
/// ratings it ended with, its page buttons keeping the season.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_season_posts_the_closing_board_and_keeps_the_old_one() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    let _bot = bin.start(1).await;
    start(fake, &alice(), &bob(), 100).await;
    let cb = fake
        .interact(gin_cmd(fake, &alice(), "resign", vec![]))
        .await;
    assert!(cb.ok(), "{cb:?}");
    let board = fake
        .interact(gin_cmd(fake, &carol(), "leaderboard", vec![]))
        .await;
    assert!(board.content().contains("**Bob**"), "{}", board.content());
    assert!(
        !board.content().contains("Season"),
        "no seasons yet: {}",
        board.content()
    );
    // Not a moderator: refused, nothing changes.
    // (on a server that opened `/ginmod` to everyone: the bot checks at run time too)
    fake.open_command_to_everyone("ginmod");
    let season_new = |user: &User, options: Vec<Opt>| {
        fake.slash_command_in(fake.channel_id(), user, "ginmod", Some("season"), options)
    };
    let cb = fake.interact(season_new(&carol(), vec![])).await;
    assert!(
        cb.ephemeral && cb.content().contains("moderators"),
        "{cb:?}"
    );
    let moderator = carol().moderator();
    let cb = fake
        .interact(season_new(&moderator, vec![Opt::str("name", "Winter")]))
        .await;
    assert!(cb.ok() && !cb.ephemeral, "{cb:?}");
    let post = cb.content().to_string();
    assert!(post.contains("Season 1 is over; Winter begins"), "{post}");
    assert!(
        post.contains("**Bob**") && post.contains("**Alice**"),
        "{post}"
    );
    // The new season's board is empty; the old one is kept, with the ratings it ended with.
    let now = fake
        .interact(gin_cmd(fake, &carol(), "leaderboard", vec![]))
        .await;
    assert!(
        now.content().contains("Season: **Winter**"),
        "{}",
        now.content()
    );
    assert!(
        now.content().contains("No matches count"),
        "{}",
        now.content()
    );
    let old = fake
        .interact(gin_cmd(
            fake,
            &carol(),
            "leaderboard",
            vec![Opt::str("season", "season 1"), Opt::choice("sort", 4)],
        ))
        .await;
    let text = old.content();
    assert!(
        text.contains("Season: **Season 1**") && text.contains("**Bob**"),
        "{text}"
    );
    let bob_line = text.lines().find(|l| l.contains("**Bob**")).unwrap();
    assert!(
        !bob_line.contains(" 1500 "),
        "Bob's rating moved: {bob_line}"
    );
    let msg = fake.message(old.message_id.unwrap()).unwrap();
    assert!(
        msg.custom_ids()
            .iter()
            .all(|id| !id.starts_with("gin:lb:") || id.ends_with(":1")),
        "{:?}",
        msg.custom_ids()
    );
    let none = fake
        .interact(gin_cmd(
            fake,
            &carol(),
            "leaderboard",
            vec![Opt::str("season", "Summer")],
        ))
        .await;
    assert!(
        none.ephemeral && none.content().contains("No season"),
        "{none:?}"
    );
    fake.assert_no_violations();
}

/// A Rematch answered late (the database held past Discord's first deadline) is acknowledged
/// at once and answered by a follow-up: that new message is kept as the challenge's, so it
/// becomes the table when accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_rematch_keeps_its_challenge_message() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let (first, _) = start(fake, &alice(), &bob(), 42).await;
    let resign = gin_cmd(fake, &alice(), "resign", vec![]);
    let end = fake.interact(resign).await;
    let end = fake.message(end.message_id.unwrap()).unwrap();
    let rematch = format!("gin:rm:{first}");
    let holder = wire::hold_writes(url).await;
    let press = fake.send_interaction(fake.press(&bob(), &end, &rematch));
    tokio::time::sleep(Duration::from_secs(3)).await;
    wire::release(holder).await;
    let cb = press.callback().await;
    assert!(cb.ok() && cb.kind == 6, "acknowledged first: {cb:?}");
    let db = Db::open(url).await.unwrap();
    let open_challenge = || {
        fake.messages_in(fake.channel_id())
            .into_iter()
            .find(|m| m.custom_ids().iter().any(|id| id.starts_with("gin:acc:")))
    };
    let posted = fake
        .wait_until(fake.channel_id(), Duration::from_secs(10), || {
            open_challenge().is_some()
        })
        .await;
    assert!(
        posted,
        "the follow-up challenge was posted: {:?}",
        fake.messages_in(fake.channel_id())
    );
    let posted = open_challenge().unwrap();
    let challenge_id: i64 = posted
        .custom_ids()
        .iter()
        .find_map(|id| id.strip_prefix("gin:acc:")?.parse().ok())
        .unwrap();
    // Its id is stored with the challenge (the expiry edits it).
    let mut stored = None;
    for _ in 0..50 {
        stored = db
            .challenges()
            .challenge(challenge_id)
            .await
            .unwrap()
            .unwrap()
            .message_id;
        if stored.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(stored, Some(posted.id));
    let (second, table) = accept(fake, posted.id, &alice()).await;
    assert_ne!(second, first);
    assert_eq!(table, posted.id);
    let row = db.matches().load_match(second).await.unwrap().unwrap();
    assert_eq!(row.table_message_id, Some(posted.id));
    fake.assert_no_violations();
}
