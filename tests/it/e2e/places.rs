//! The bot outside the servers that added it: DMs, group DMs, servers where only the players
//! installed the app. Its commands are still registered for servers alone.

use crate::support::fake_discord::Opt;
use crate::support::wire::*;

const GROUP_DM: u64 = 9_003;
const DM: u64 = 9_001;

/// `/gin start` from a group DM, a DM between users and the bot's own DM, sent by a client
/// that still shows `/gin` there (Discord would not send it from a fresh list: the command is
/// registered for servers only). Each gets poise's private answer, nothing is stored, and the
/// bot breaks none of Discord's rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dm_commands_are_refused_politely() {
    // Global commands, as a user-installed app needs (server commands never reach DMs).
    let bot = Bot::start_configured(60, |c| c.guild_id = 0).await;
    let fake = &bot.fake;
    assert_eq!(fake.registrations(), (1, None));
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    fake.place_dm(DM, ALICE, BOB);
    let bot_dm = fake.place_bot_dm(ALICE);
    for channel in [GROUP_DM, DM, bot_dm] {
        let start = fake.slash_command_in(
            channel,
            &user(ALICE),
            "gin",
            Some("start"),
            vec![Opt::user("opponent", &user(BOB))],
        );
        let cb = fake.send_outdated_command(start).callback().await;
        assert!(cb.ok() && cb.kind == 4 && cb.ephemeral, "{channel}: {cb:?}");
        assert_eq!(cb.content(), "You cannot run this command in DMs.");
        let shown = fake.messages_in(channel);
        assert!(
            shown.len() == 1 && shown[0].ephemeral,
            "{channel}: only the answer, to Alice alone: {shown:?}"
        );
    }
    for channel in [GROUP_DM, DM, bot_dm] {
        let busy = bot.db.challenges().busy_in_channel(channel, ALICE).await;
        assert!(!busy.unwrap(), "{channel}: no challenge stored");
    }
    bot.finish().await;
}
