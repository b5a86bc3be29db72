//! The bot outside the servers that added it: DMs, group DMs, servers where only the players
//! installed the app. There it serves practice against the bot (in its own DM, and in servers
//! where only the player installed it), through interactions alone; the rest is for servers.

use crate::games::{each_tested, match_end, Tested};
use crate::support::fake_discord::acts::{act_of_id, Act};
use crate::support::fake_discord::{FakeDiscord, Opt, Write, WriteKind};
use crate::support::table::{Stored, Table};
use crate::support::wire::*;
use gin::games::{PlaceKind, FOLLOWUPS};
use sqlx::Connection;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long Discord's interaction tokens live.
const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

const GROUP_DM: u64 = 9_003;
const DM: u64 = 9_001;

/// `/gin start` from a group DM, a DM between users and the bot's own DM, sent by a client
/// that still shows it there (`/gin start` is for servers only). Each gets a private answer in
/// the caller's language (in the bot's DM: that practice is served there), nothing is stored,
/// and the bot breaks none of Discord's rules.
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
    let elsewhere = "Gin matches are played in server channels.";
    let practice_here = "Gin does this only in servers that added it. Here you can practice \
                         against the bot.";
    let in_german = "Das geht nur in Servern, die Gin hinzugefügt haben. Hier kannst du gegen \
                     den Bot üben.";
    let cases = [
        (GROUP_DM, user(ALICE), elsewhere),
        (DM, user(ALICE), elsewhere),
        (bot_dm, user(ALICE), practice_here),
        (bot_dm, german, in_german),
    ];
    for (channel, who, said) in cases {
        let before = fake.messages_in(channel).len();
        let start = fake.slash_command_in(
            channel,
            &who,
            "gin",
            Some("start"),
            vec![Opt::user("opponent", &user(BOB))],
        );
        let cb = fake.send_outdated_command(start).callback().await;
        assert!(cb.ok() && cb.kind == 4 && cb.ephemeral, "{channel}: {cb:?}");
        assert_eq!(cb.content(), said, "{channel}");
        let shown = fake.messages_in(channel);
        assert!(
            shown.len() == before + 1 && shown.iter().all(|m| m.ephemeral),
            "{channel}: only the answer, to Alice alone: {shown:?}"
        );
    }
    for channel in [GROUP_DM, DM, bot_dm] {
        let busy = bot.db.challenges().busy_in_channel(channel, ALICE).await;
        assert!(!busy.unwrap(), "{channel}: no challenge stored");
    }
    bot.finish().await;
}

/// Points to win a practice match in the bot's DM: a few deals, so that new tables, showdowns
/// and the match's end all go out through interactions.
const DM_TARGET: i64 = 10;

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

/// `/gin practice` in Alice's DM with the bot.
async fn practice_in<'a>(bot: &'a Bot, dm: u64) -> Table<'a> {
    let options = vec![Opt::choice("level", 0), Opt::int("target", DM_TARGET)];
    Table::practice_in(&bot.fake, &bot.url, dm, user(ALICE), "gin", options).await
}

/// Nothing in `dm` went through the channel routes, no interaction made more than five
/// follow-ups, and Discord's rules all held.
fn through_interactions_only(fake: &FakeDiscord, dm: u64) {
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

/// Follow-ups in `writes` that are a match's table (they carry its "My hand" button).
fn tables_followed_up(writes: &[Write], match_id: i64) -> usize {
    let hand = format!("gin:hand:{match_id}");
    writes
        .iter()
        .filter(|w| w.kind == WriteKind::Followup && w.custom_ids.contains(&hand))
        .count()
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
    let row = bot
        .db
        .matches()
        .load_match(t.match_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.place_kind, PlaceKind::BotDm);
    assert_eq!(row.guild_id, 0, "no server: shard 0's");
    let mut conn = sqlx::AnyConnection::connect(&bot.url).await.unwrap();
    let players: Vec<(i64,)> =
        sqlx::query_as("SELECT DISTINCT guild_id FROM match_players WHERE match_id = $1")
            .bind(t.match_id)
            .fetch_all(&mut conn)
            .await
            .unwrap();
    assert_eq!(players, vec![(dm as i64,)], "its ledger is the DM's own");
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

/// In a server where only Alice installed the app, `/gin start` (which needs the bot in the
/// server to post and edit the challenge) is refused privately and stores nothing; the
/// practice is served there, through interactions, within Discord's five follow-ups per
/// interaction of an app the server did not add.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_the_bot_serves_practice_alone() {
    const CHANNEL: u64 = 9_100;
    const GUILD: u64 = 9_200;
    let bot = dm_bot(64, Arc::new(AtomicI64::new(0))).await;
    let fake = &bot.fake;
    fake.place_guild_without_bot(CHANNEL, GUILD);
    let start = fake.slash_command_in(
        CHANNEL,
        &user(ALICE),
        "gin",
        Some("start"),
        vec![Opt::user("opponent", &user(BOB))],
    );
    let cb = fake.interact(start).await;
    assert!(cb.ok() && cb.kind == 4 && cb.ephemeral, "{cb:?}");
    assert!(cb.content().contains("servers that added it"), "{cb:?}");
    let busy = bot.db.challenges().busy_in_channel(CHANNEL, ALICE).await;
    assert!(!busy.unwrap(), "no challenge stored");
    let mut t = practice_in(&bot, CHANNEL).await;
    let row = bot
        .db
        .matches()
        .load_match(t.match_id)
        .await
        .unwrap()
        .unwrap();
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
