//! The bot outside the servers that added it: DMs, group DMs, servers where only the players
//! installed the app. There it serves practice against the bot and matches among friends,
//! through interactions alone; what needs a server is refused politely.

use crate::games::{each_tested, match_end, Tested};
use crate::support::fake_discord::acts::{act_of_id, Act};
use crate::support::fake_discord::{Callback, FakeDiscord, Opt, User, Write, WriteKind};
use crate::support::table::{assert_ledger, Stored, Table};
use crate::support::wire::*;
use gin::games::{PlaceKind, FOLLOWUPS};
use gin::store::Db;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long Discord's interaction tokens live.
const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

pub(super) const GROUP_DM: u64 = 9_003;
const DM: u64 = 9_001;

/// In a group DM, a DM between users and the bot's own DM, what needs a server (`/gin
/// settings`) gets a private answer in the caller's language, and `/gin start` in the bot's
/// DM, which nobody else sees, a private refusal; nothing is stored, and the bot breaks none of
/// Discord's rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dm_commands_are_refused_politely() {
    // Global commands, as a user-installed app needs (server commands never reach DMs).
    let bot = Bot::start_configured(60, |c| c.guild_id = 0).await;
    let fake = &bot.fake;
    assert_eq!(fake.registrations(), (1, None));
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    fake.place_dm(DM, ALICE, BOB);
    let bot_dm = fake.place_bot_dm(ALICE);
    let mut german = user(ALICE);
    german.locale = "de".into();
    let elsewhere = "Gin does this only in servers that added it. Here you can challenge your \
                     friends (/gin start), practice against the bot, open the card table (/gin \
                     play), and see the matches played here (/gin leaderboard, /gin stats, /gin \
                     history).";
    let practice_here = "Gin does this only in servers that added it. Here you can practice \
                         against the bot and see your practice matches (/gin history).";
    let in_german = "Das geht nur in Servern, die Gin hinzugefügt haben. Hier kannst du gegen \
                     den Bot üben und deine Übungspartien ansehen (/gin history).";
    let cases = [
        (GROUP_DM, user(ALICE), elsewhere),
        (DM, user(ALICE), elsewhere),
        (bot_dm, user(ALICE), practice_here),
        (bot_dm, german, in_german),
    ];
    for (channel, who, said) in cases {
        let before = fake.messages_in(channel).len();
        let cb = gin_answer(fake, channel, &who, "settings", vec![], Shown::ToCaller).await;
        assert_eq!(cb.content(), said, "{channel}");
        let shown = fake.messages_in(channel);
        assert!(
            shown.len() == before + 1 && shown.iter().all(|m| m.ephemeral),
            "{channel}: only the answer, to Alice alone: {shown:?}"
        );
    }
    let bob = vec![Opt::user("opponent", &user(BOB))];
    let cb = gin_answer(fake, bot_dm, &user(ALICE), "start", bob, Shown::ToCaller).await;
    assert!(cb.content().contains("Nobody else sees"), "{cb:?}");
    for channel in [GROUP_DM, DM, bot_dm] {
        let busy = bot.db.challenges().busy_in_channel(channel, ALICE).await;
        assert!(!busy.unwrap(), "{channel}: no challenge stored");
    }
    bot.finish().await;
}

/// Points to win a practice match in the bot's DM: a few deals, so that new tables, showdowns
/// and the match's end all go out through interactions.
pub(super) const DM_TARGET: i64 = 10;

/// The bot in this process with global commands (as a user-installed app needs), a short AI
/// pause, and a clock a test moves on with `ahead`.
async fn dm_bot(seed: u32, ahead: Arc<AtomicI64>) -> Bot {
    Bot::start_clocked(
        seed,
        |c| {
            c.guild_id = 0;
            c.timeouts.ai_delay_ms = 20;
        },
        ahead,
    )
    .await
}

/// The bot in this process with global commands, sweeping every second (what runs out, the
/// reminders), on a clock a test moves on with `ahead`.
async fn swept_bot(seed: u32, ahead: Arc<AtomicI64>) -> Bot {
    Bot::start_clocked(
        seed,
        |c| {
            c.guild_id = 0;
            c.timeouts.sweep_seconds = 1;
        },
        ahead,
    )
    .await
}

/// Match `id` is in the history of each of `people` kept under `key` (a DM's or group DM's
/// channel), and in none kept under no server (0).
pub(super) async fn ledger_is_the_places_own(db: &Db, id: i64, key: u64, people: &[u64]) {
    let ledger = db.ledger();
    for &user in people {
        let own = ledger.history(key, user, None, 100).await.unwrap();
        assert!(own.iter().any(|r| r.match_id == id), "{user}: under {key}");
        let none = ledger.history(0, user, None, 100).await.unwrap();
        assert!(none.iter().all(|r| r.match_id != id), "{user}: not under 0");
    }
}

/// `/gin practice` in Alice's DM with the bot.
async fn practice_in<'a>(bot: &'a Bot, dm: u64) -> Table<'a> {
    practice_by_alice(&bot.fake, &bot.url, dm).await
}

/// `/gin practice` by Alice in `channel`, of the bot whose database is at `url`.
pub(super) async fn practice_by_alice<'a>(
    fake: &'a FakeDiscord,
    url: &str,
    channel: u64,
) -> Table<'a> {
    let options = vec![Opt::choice("level", 0), Opt::int("target", DM_TARGET)];
    Table::practice_in(fake, url, channel, user(ALICE), "gin", options).await
}

/// Nothing in `dm` went through the channel routes, no interaction made more than five
/// follow-ups, and Discord's rules all held.
pub(super) fn through_interactions_only(fake: &FakeDiscord, dm: u64) {
    fake.assert_no_violations();
    let by_channel: Vec<_> = fake
        .writes()
        .into_iter()
        .filter(|w| w.channel_id == dm)
        .filter(|w| matches!(w.kind, WriteKind::ChannelPost | WriteKind::ChannelEdit))
        .collect();
    assert!(by_channel.is_empty(), "channel routes: {by_channel:?}");
    let most = fake.most_followups_in(dm);
    assert!(
        (1..=FOLLOWUPS as u32).contains(&most),
        "follow-ups of one interaction: {most}"
    );
}

/// Who an answer is shown to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Shown {
    /// The caller alone (ephemeral).
    ToCaller,
    /// Everyone in the channel.
    ToAll,
}

/// `/gin <sub> options…` by `who` in `channel`: answered at once (type 4), shown as `shown`.
pub(super) async fn gin_answer(
    fake: &FakeDiscord,
    channel: u64,
    who: &User,
    sub: &str,
    options: Vec<Opt>,
    shown: Shown,
) -> Callback {
    let asked = fake.slash_command_in(channel, who, "gin", Some(sub), options);
    let cb = fake.interact(asked).await;
    let alone = shown == Shown::ToCaller;
    assert!(
        cb.ok() && cb.kind == 4 && cb.ephemeral == alone,
        "/gin {sub} in {channel}: {cb:?}"
    );
    cb
}

/// Follow-ups in `writes` that are a match's table (they carry its "My hand" button).
pub(super) fn tables_followed_up(writes: &[Write], match_id: i64) -> usize {
    let hand = format!("gin:hand:{match_id}");
    writes
        .iter()
        .filter(|w| w.kind == WriteKind::Followup && w.custom_ids.contains(&hand))
        .count()
}

/// Plays `t`, a practice in the bot's DM, to its end by presses, and checks that the chat was
/// reached through the interactions alone (new deals' tables as follow-ups), no write showed a
/// hidden card, the match's end was shown, and the match counts in that DM's ledger alone.
pub(super) async fn practice_played_in_the_bot_dm(t: &mut Table<'_>) {
    let (fake, dm) = (t.fake, t.channel);
    let game = t.play_to_end(MAX_PRESSES).await;
    let public = t.public_at_end(&game).await;
    t.scan().await;
    assert!(
        public.iter().any(|m| m.content.contains(match_end(&game))),
        "the match's end is shown"
    );
    assert!(
        tables_followed_up(&fake.writes(), t.match_id) >= 1,
        "the new deals' tables are follow-ups"
    );
    through_interactions_only(fake, dm);
    let row = t.row().await;
    assert_eq!(row.place_kind, PlaceKind::BotDm);
    assert_eq!(row.guild_id, 0, "no server: shard 0's");
    ledger_is_the_places_own(&t.db, t.match_id, dm, &[ALICE]).await;
}

/// `/gin practice` in the bot's DM, played to its end by presses: the table, every new deal's
/// table, the showdowns and the match's end reach the chat through the interactions alone
/// (the bot posts and edits nothing through the channel), no interaction makes more than
/// five follow-ups, and no hidden card shows in any write. The match counts in a ledger of
/// its own place, never a server's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn practice_in_the_bot_dm() {
    let bot = dm_bot(62, Arc::new(AtomicI64::new(0))).await;
    let fake = &bot.fake;
    let dm = fake.place_bot_dm(ALICE);
    let mut t = practice_in(&bot, dm).await;
    // What a practice match needs answers there too, to Alice alone.
    for sub in ["rules", "hand"] {
        let cmd = fake.slash_command_in(dm, &user(ALICE), "gin", Some(sub), vec![]);
        let cb = t.send(cmd).await;
        assert!(
            cb.ok() && cb.kind == 4 && cb.ephemeral,
            "/gin {sub}: {cb:?}"
        );
    }
    practice_played_in_the_bot_dm(&mut t).await;
    bot.finish().await;
}

/// The same, with every token expiring in the middle of the match (15 minutes pass): the bot
/// sends nothing it may not, and the next move shows the match again with one fresh table,
/// a follow-up of that move; play goes on to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn practice_in_the_bot_dm_shows_the_table_again_after_its_tokens_expired() {
    let ahead = Arc::new(AtomicI64::new(0));
    let bot = dm_bot(63, ahead.clone()).await;
    let fake = &bot.fake;
    let dm = fake.place_bot_dm(ALICE);
    let mut t = practice_in(&bot, dm).await;
    // A few moves on the first table, up to Alice's turn; then a quarter of an hour of quiet.
    let mut turn = 0;
    loop {
        let Stored { game, version, .. } = t.state().await;
        if turn >= 4 && game.to_act() == Some(0) {
            break;
        }
        assert!(each_tested!(&game, m, K => K::step(&mut t, m, version, turn).await));
        turn += 1;
    }
    let old_table = t.table().expect("the table").id;
    fake.age_tokens(TOKEN_LIFETIME);
    ahead.fetch_add(TOKEN_LIFETIME.as_secs() as i64, Ordering::SeqCst);
    let before = fake.writes().len();
    let Stored { game, version, .. } = t.state().await;
    assert!(each_tested!(&game, m, K => K::step(&mut t, m, version, turn).await));
    let shown_again = fake
        .wait_until(dm, Duration::from_secs(10), || {
            t.table().is_some_and(|m| m.id != old_table)
        })
        .await;
    assert!(shown_again, "Alice's move shows the table again");
    let since = fake.writes_since(before);
    let hand = format!("gin:hand:{}", t.match_id);
    let first = since
        .iter()
        .find(|w| w.custom_ids.contains(&hand))
        .expect("a table written");
    assert_eq!(first.kind, WriteKind::Followup, "a follow-up of the move");
    assert!(
        since.iter().all(|w| w.message_id != old_table),
        "nothing could edit the old table any more"
    );
    let game = t.play_to_end(MAX_PRESSES).await;
    t.public_at_end(&game).await;
    t.scan().await;
    through_interactions_only(fake, dm);
    bot.finish().await;
}

/// In a server where only Alice installed the app, `/gin settings` (which needs the bot in
/// the server) is refused privately; the practice is served there, through interactions,
/// within Discord's five follow-ups per interaction of an app the server did not add.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_the_bot_serves_practice() {
    const CHANNEL: u64 = 9_100;
    const GUILD: u64 = 9_200;
    let bot = dm_bot(64, Arc::new(AtomicI64::new(0))).await;
    let fake = &bot.fake;
    fake.place_guild_without_bot(CHANNEL, GUILD);
    let cb = gin_answer(
        fake,
        CHANNEL,
        &user(ALICE),
        "settings",
        vec![],
        Shown::ToCaller,
    )
    .await;
    assert!(cb.content().contains("servers that added it"), "{cb:?}");
    let mut t = practice_in(&bot, CHANNEL).await;
    let row = t.row().await;
    assert_eq!(row.place_kind, PlaceKind::ServerWithoutBot);
    let game = t.play_to_end(MAX_PRESSES).await;
    t.public_at_end(&game).await;
    t.scan().await;
    through_interactions_only(fake, CHANNEL);
    bot.finish().await;
}

/// A press in the bot's DM whose answer fails (Discord answers 500, after which its token is
/// dead): the move is stored and the AI answers it, and the table, whose own token expired
/// meanwhile, is shown again through the interaction before, never through the dead token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_first_answer_leaves_its_token_alone() {
    let ahead = Arc::new(AtomicI64::new(0));
    let bot = dm_bot(65, ahead.clone()).await;
    let fake = &bot.fake;
    let dm = fake.place_bot_dm(ALICE);
    let mut t = practice_in(&bot, dm).await;
    fake.age_tokens(TOKEN_LIFETIME);
    ahead.fetch_add(TOKEN_LIFETIME.as_secs() as i64, Ordering::SeqCst);
    let hand = t.open_hand(0).await.expect("Alice's hand");
    let pass = hand
        .custom_ids()
        .into_iter()
        .find(|id| act_of_id(id).is_some_and(|a| a.act == Act::Pass))
        .expect("Alice is offered the upcard");
    fake.fail_next("/callback", 500);
    let press = fake.send_interaction(fake.press(&user(ALICE), &hand, &pass));
    let id = press.id;
    let cb = press.callback().await;
    assert_eq!(cb.status, 500, "the answer failed: {cb:?}");
    let shown = fake
        .wait_until(dm, Duration::from_secs(10), || {
            tables_followed_up(&fake.writes(), t.match_id) >= 1
        })
        .await;
    assert!(shown, "the table is shown again");
    assert_eq!(fake.followups_of(id), 0, "nothing through the dead token");
    fake.assert_no_violations();
    bot.finish().await;
}

/// A practice started in a server without the bot stays shown through interactions when the
/// bot joins that server mid-match: how a match is reached is its own place's, not that of the
/// interaction that acts on it: once the command's token expired, the moves' interactions
/// carry what follows them, to the match's end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_keeps_its_place_when_the_bot_joins() {
    const CHANNEL: u64 = 9_101;
    const GUILD: u64 = 9_201;
    let ahead = Arc::new(AtomicI64::new(0));
    let bot = dm_bot(66, ahead.clone()).await;
    let fake = &bot.fake;
    fake.place_guild_without_bot(CHANNEL, GUILD);
    let mut t = practice_in(&bot, CHANNEL).await;
    fake.place_channel(CHANNEL, GUILD);
    // The command's token expires: only the moves' own interactions can show what follows.
    fake.age_tokens(TOKEN_LIFETIME);
    ahead.fetch_add(TOKEN_LIFETIME.as_secs() as i64, Ordering::SeqCst);
    let game = t.play_to_end(MAX_PRESSES).await;
    let public = t.public_at_end(&game).await;
    t.scan().await;
    assert!(
        public.iter().any(|m| m.content.contains(match_end(&game))),
        "the match's end is shown"
    );
    through_interactions_only(fake, CHANNEL);
    bot.finish().await;
}

/// `/gin start opponent:@Bob` by Alice in `channel`, accepted by Bob: the challenge becomes the
/// table, and the match is played to its end by presses; every write is scanned for hidden
/// cards, the ledger is checked (the place's own), and the chat was reached through the
/// interactions alone.
async fn two_friends_play<'a>(bot: &'a Bot, channel: u64, kind: PlaceKind) -> Table<'a> {
    let mut t = alice_challenges_bob(&bot.fake, &bot.url, channel).await;
    let game = t.play_to_end(MAX_PRESSES).await;
    two_friends_played(&mut t, game, kind).await;
    t
}

/// `/gin start opponent:@Bob` by Alice in `channel`, accepted by Bob: the challenge
/// becomes the table.
pub(super) async fn alice_challenges_bob<'a>(
    fake: &'a FakeDiscord,
    url: &str,
    channel: u64,
) -> Table<'a> {
    let users = vec![user(ALICE), user(BOB)];
    let options = vec![
        Opt::user("opponent", &users[1]),
        Opt::int("target", DM_TARGET),
    ];
    let (t, challenge) = Table::start_in(fake, url, channel, users, "gin", options).await;
    assert!(challenge.contains(&format!("<@{BOB}>")), "{challenge}");
    t
}

/// The checks of [`two_friends_play`] once `game`, its match, ended.
pub(super) async fn two_friends_played(t: &mut Table<'_>, game: gin::games::Game, kind: PlaceKind) {
    let fake = t.fake;
    let channel = t.channel;
    let public = t.public_at_end(&game).await;
    t.scan().await;
    assert!(
        public.iter().any(|m| m.content.contains(match_end(&game))),
        "the match's end is shown"
    );
    assert_ledger(t, &game).await;
    let row = t.row().await;
    assert_eq!(row.place_kind, kind);
    through_interactions_only(fake, channel);
}

/// Two friends in a group DM (the bot is not in it): `/gin start`, Accept, the match played
/// to its end by presses, within Discord's rules there. Its ledger is the group DM's own,
/// never a server's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_a_match_in_a_group_dm() {
    let bot = dm_bot(65, Arc::new(AtomicI64::new(0))).await;
    bot.fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let t = two_friends_play(&bot, GROUP_DM, PlaceKind::GroupDm).await;
    let row = t.row().await;
    assert_eq!(row.guild_id, 0, "no server: shard 0's");
    ledger_is_the_places_own(&bot.db, t.match_id, GROUP_DM, &[ALICE, BOB]).await;
    drop(t);
    bot.finish().await;
}

/// The same in a DM between the two, then a rematch from the match's end: a new challenge
/// in that DM, the answer to the press.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_a_match_in_their_dm_and_a_rematch() {
    let bot = dm_bot(66, Arc::new(AtomicI64::new(0))).await;
    let fake = &bot.fake;
    fake.place_dm(DM, ALICE, BOB);
    let t = two_friends_play(&bot, DM, PlaceKind::Dm).await;
    let rematch = format!("gin:rm:{}", t.match_id);
    let end = fake.message_with_button(&rematch).expect("the match's end");
    let cb = fake.interact(fake.press(&user(BOB), &end, &rematch)).await;
    assert!(cb.ok() && !cb.ephemeral, "{cb:?}");
    let challenge = fake.message(cb.message_id.expect("the rematch")).unwrap();
    assert_eq!(challenge.channel_id, DM);
    assert!(
        challenge.content.contains(&format!("<@{ALICE}>")),
        "{}",
        challenge.content
    );
    assert!(challenge
        .find_button(|id| id.starts_with("gin:acc:"))
        .is_some());
    through_interactions_only(fake, DM);
    drop(t);
    bot.finish().await;
}

/// The same in a server where only Alice installed the app: the bot is not in it, so the
/// match reaches the chat through the interactions alone; it counts in that server's ledger.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_a_match_in_a_server_without_the_bot() {
    const CHANNEL: u64 = 9_101;
    const GUILD: u64 = 9_201;
    let bot = dm_bot(68, Arc::new(AtomicI64::new(0))).await;
    bot.fake.place_guild_without_bot(CHANNEL, GUILD);
    let t = two_friends_play(&bot, CHANNEL, PlaceKind::ServerWithoutBot).await;
    drop(t);
    bot.finish().await;
}

/// A challenge in a group DM that nobody answers: it is open for less than the token of its
/// message lives, and when it runs out the sweeper says so through that token (no channel
/// route); Accept afterwards says it expired.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_expires_in_a_group_dm() {
    let ahead = Arc::new(AtomicI64::new(0));
    let bot = swept_bot(67, ahead.clone()).await;
    let fake = &bot.fake;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let bob = vec![Opt::user("opponent", &user(BOB))];
    let cb = gin_answer(fake, GROUP_DM, &user(ALICE), "start", bob, Shown::ToAll).await;
    let message = cb.message_id.expect("the challenge");
    let shown = fake.message(message).unwrap();
    let accept = shown.find_button(|id| id.starts_with("gin:acc:")).unwrap();
    let id: i64 = accept.strip_prefix("gin:acc:").unwrap().parse().unwrap();
    let row = bot.db.challenges().challenge(id).await.unwrap().unwrap();
    assert_eq!(row.place_kind, PlaceKind::GroupDm);
    let open = Duration::from_secs((row.expires_at - bot.games.now()) as u64 + 1);
    assert!(open < TOKEN_LIFETIME - Duration::from_secs(60), "{open:?}");
    fake.age_tokens(open);
    ahead.fetch_add(open.as_secs() as i64, Ordering::SeqCst);
    let said = fake
        .wait_until(GROUP_DM, Duration::from_secs(10), || {
            fake.message(message)
                .is_some_and(|m| m.content.contains("expired"))
        })
        .await;
    assert!(said, "the challenge says it expired");
    let edits = fake.writes_to(message);
    assert_eq!(
        edits.last().unwrap().kind,
        WriteKind::WebhookEdit,
        "{edits:?}"
    );
    let cb = fake.interact(fake.press(&user(BOB), &shown, &accept)).await;
    assert!(cb.ok(), "{cb:?}");
    assert!(cb.content().contains("expired"), "{cb:?}");
    through_channel_never(fake, GROUP_DM);
    bot.finish().await;
}

/// A player who idles in a group DM: when their reminder is due no interaction of the last
/// quarter of an hour can carry it, so nothing is posted (nor sent anywhere else); the
/// forfeit still comes when it is due, and it too is shown nowhere, every token being gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_player_in_a_group_dm_is_not_reminded_and_still_forfeits() {
    let ahead = Arc::new(AtomicI64::new(0));
    let bot = swept_bot(69, ahead.clone()).await;
    let fake = &bot.fake;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let users = vec![user(ALICE), user(BOB)];
    let options = vec![Opt::user("opponent", &users[1])];
    let (t, _) = Table::start_in(fake, &bot.url, GROUP_DM, users, "gin", options).await;
    let load = || async {
        let row = bot.db.matches().load_match(t.match_id).await.unwrap();
        row.unwrap()
    };
    let before = fake.writes().len();
    let timeouts = bot.games.config.timeouts.clone();
    let pass = |by: Duration| {
        fake.age_tokens(by);
        ahead.fetch_add(by.as_secs() as i64, Ordering::SeqCst);
    };
    pass(Duration::from_secs(timeouts.reminder_minutes * 60 + 1));
    let mut reminded = false;
    for _ in 0..100 {
        reminded = load().await.reminded;
        if reminded {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(reminded, "the reminder is due and counted as given");
    pass(Duration::from_secs(timeouts.forfeit_hours * 3600));
    let mut ended = false;
    for _ in 0..100 {
        ended = load().await.status.to_string() != "active";
        if ended {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(ended, "the idle player forfeits on time");
    // Let what the forfeit requires be delivered (there is nothing it may send).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let since = fake.writes_since(before);
    assert!(since.is_empty(), "nothing sent: {since:?}");
    through_channel_never(fake, GROUP_DM);
    drop(t);
    bot.finish().await;
}

/// Nothing in `channel` went through the channel routes, and Discord's rules all held.
fn through_channel_never(fake: &FakeDiscord, channel: u64) {
    fake.assert_no_violations();
    let by_channel = fake
        .writes()
        .into_iter()
        .filter(|w| w.channel_id == channel)
        .any(|w| matches!(w.kind, WriteKind::ChannelPost | WriteKind::ChannelEdit));
    assert!(!by_channel, "channel routes in {channel}");
}

/// A group DM keeps its own board: after a match there, `/gin leaderboard` in the group DM
/// lists both players (publicly, through the interaction alone), and the board of a server
/// (the bot's) lists neither; `/gin stats everywhere` there answers Alice alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_keeps_its_own_board() {
    let bot = dm_bot(70, Arc::new(AtomicI64::new(0))).await;
    let fake = &bot.fake;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let t = two_friends_play(&bot, GROUP_DM, PlaceKind::GroupDm).await;
    drop(t);
    let board_in = |channel: u64| async move {
        let carol = user(CAROL);
        let cb = gin_answer(fake, channel, &carol, "leaderboard", vec![], Shown::ToAll).await;
        cb.content().to_string()
    };
    let here = board_in(GROUP_DM).await;
    for who in [ALICE, BOB] {
        assert!(here.contains(&format!("**{}**", name_of(who))), "{here}");
    }
    let server = board_in(fake.channel_id()).await;
    assert!(server.contains("No matches count"), "{server}");
    for who in [ALICE, BOB] {
        assert!(!server.contains(name_of(who)), "{server}");
    }
    // Alice's own figures from everywhere: to her alone.
    let everywhere = vec![Opt::bool("everywhere", true)];
    let alice = user(ALICE);
    let cb = gin_answer(fake, GROUP_DM, &alice, "stats", everywhere, Shown::ToCaller).await;
    assert!(cb.content().contains("everywhere you played"), "{cb:?}");
    through_interactions_only(fake, GROUP_DM);
    bot.finish().await;
}

/// A server where only the players added the app keeps that server's ledger, served through
/// the interactions alone: after a match there, its board lists both players.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_the_bot_shows_its_board() {
    const CHANNEL: u64 = 9_102;
    const GUILD: u64 = 9_202;
    let bot = dm_bot(71, Arc::new(AtomicI64::new(0))).await;
    let fake = &bot.fake;
    fake.place_guild_without_bot(CHANNEL, GUILD);
    drop(two_friends_play(&bot, CHANNEL, PlaceKind::ServerWithoutBot).await);
    let alice = user(ALICE);
    let cb = gin_answer(fake, CHANNEL, &alice, "leaderboard", vec![], Shown::ToAll).await;
    for who in [ALICE, BOB] {
        assert!(
            cb.content().contains(&format!("**{}**", name_of(who))),
            "{cb:?}"
        );
    }
    through_interactions_only(fake, CHANNEL);
    bot.finish().await;
}
