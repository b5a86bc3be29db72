//! The card table (the Activity) outside the servers that added the bot: `/gin play`
//! launches it in DMs, group DMs and servers where only a player installed the app, and its
//! instance there has no server; matches in such places are played on the table, and the chat
//! follows through interactions alone, as far as Discord's rules allow.

use crate::support::fake_discord::{FakeDiscord, FakePlace, WriteKind};
use crate::support::web::{configure, SECRET};
use crate::support::wire::*;

const GROUP_DM: u64 = 9_403;
const DM: u64 = 9_401;
const SERVER_CHANNEL: u64 = 9_410;
const SERVER: u64 = 9_420;

/// The bot in this process with the card table on a port of its own and global commands
/// (a user-installed app's); the fake's application has the Activity set up.
async fn table_bot(seed: u32) -> (Bot, u16) {
    let port = crate::support::web::free_port();
    let app = crate::support::fake_discord::FakeOptions::default().app_id;
    let bot = Bot::start_configured(seed, |c| {
        configure(c, app, port);
        c.guild_id = 0;
        c.timeouts.ai_delay_ms = 0;
    })
    .await;
    bot.fake.oauth_secret(SECRET);
    (bot, port)
}

/// Nothing in `channel` went through the channel routes, and Discord's rules all held.
fn through_channel_never(fake: &FakeDiscord, channel: u64) {
    fake.assert_no_violations();
    let by_channel: Vec<_> = fake
        .writes()
        .into_iter()
        .filter(|w| w.channel_id == channel)
        .filter(|w| matches!(w.kind, WriteKind::ChannelPost | WriteKind::ChannelEdit))
        .collect();
    assert!(
        by_channel.is_empty(),
        "channel routes in {channel}: {by_channel:?}"
    );
}

/// `/gin play` in a group DM, a DM between users, the bot's own DM and a server where only
/// the caller installed the app: each answered by launching the Activity (callback 12), which
/// Discord accepts there; the instance of a DM or group DM has no server, the server's has
/// its server. Nothing else is sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gin_play_launches_the_table_in_dms_group_dms_and_servers_without_the_bot() {
    let (bot, _port) = table_bot(70).await;
    let fake = &bot.fake;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    fake.place_dm(DM, ALICE, BOB);
    let bot_dm = fake.place_bot_dm(ALICE);
    fake.place_guild_without_bot(SERVER_CHANNEL, SERVER);
    let places = [
        (GROUP_DM, None),
        (DM, None),
        (bot_dm, None),
        (SERVER_CHANNEL, Some(SERVER)),
    ];
    for (n, (channel, guild)) in places.into_iter().enumerate() {
        let play = fake.slash_command_in(channel, &user(ALICE), "gin", Some("play"), vec![]);
        let cb = fake.interact(play).await;
        assert!(
            cb.ok() && cb.kind == 12,
            "{:?}: {cb:?}",
            fake.place_of(channel)
        );
        let launches = fake.launches();
        assert_eq!(launches.len(), n + 1, "{channel}: launched");
        let launch = launches.last().unwrap();
        assert_eq!((launch.channel, launch.guild), (channel, guild));
        assert_eq!(launch.user, ALICE);
        let private = launch.instance.contains("-pc-");
        assert_eq!(private, guild.is_none(), "{}", launch.instance);
        assert!(fake.messages_in(channel).is_empty(), "nothing posted");
        through_channel_never(fake, channel);
    }
    assert!(matches!(fake.place_of(GROUP_DM), FakePlace::GroupDm { .. }));
    bot.finish().await;
}
