//! The real binary where the bot is not a member: a group DM, the bot's own DM and a server
//! where only the players installed the app. Everything reaches the chat through the
//! interactions alone, within Discord's rules there, and no hidden card shows in any write.

use super::places::{
    alice_challenges_bob, ledger_is_the_places_own, practice_by_alice,
    practice_played_in_the_bot_dm, tables_followed_up, two_friends_played, GROUP_DM,
};
use crate::support::wire::*;
use gin::games::PlaceKind;

/// Presses before the bot is killed in the middle of a match.
const BEFORE_THE_KILL: u64 = 40;

/// The binary's run `n`, with global commands (what a user-installed app needs: a server's
/// commands never reach DMs) and a short AI pause.
async fn run(bin: &Binary, n: u32) -> Process {
    let process = bin.spawn(n, &[("GIN_GUILD_ID", "0".to_string())]);
    bin.fake.wait_ready(u64::from(n)).await;
    process
}

/// A fresh database and fake Discord for the binary, set up as [`run`] needs.
async fn binary() -> Binary {
    let bin = Binary::new().await;
    bin.configure("[timeouts]\nai_delay_ms = 20\n");
    bin
}

/// No interaction token the fake handed out is in a log of runs `1..=runs`.
fn no_token_logged(bin: &Binary, runs: u32) {
    let tokens = bin.fake.tokens_issued();
    assert!(!tokens.is_empty());
    for n in 1..=runs {
        let log = bin.log(n);
        assert!(!log.is_empty(), "run {n} logged");
        for token in &tokens {
            assert!(!log.contains(token.as_str()), "run {n} logged a token");
        }
    }
}

/// Two friends in a group DM, with the binary: `/gin start`, Accept, and the match played to
/// its end by presses. The bot is killed in the middle of it: the tokens it held die with it,
/// and the next run shows the match again through the next press. The ledger is the group
/// DM's own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_plays_a_group_dm_match_to_its_end_across_a_restart() {
    let bin = binary().await;
    let fake = &bin.fake;
    let mut first = run(&bin, 1).await;
    assert_eq!(fake.registrations(), (1, None), "global commands");
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let mut t = alice_challenges_bob(fake, &bin.url, GROUP_DM).await;
    assert!(
        t.play_for(BEFORE_THE_KILL).await.is_none(),
        "the match goes on"
    );
    let before = t.state().await.version;
    let tables = tables_followed_up(&fake.writes(), t.match_id);
    first.sigkill();
    let _second = run(&bin, 2).await;
    assert_eq!(t.state().await.version, before, "every move kept");
    assert!(t.play_for(4).await.is_none(), "the match goes on");
    assert!(
        tables_followed_up(&fake.writes(), t.match_id) > tables,
        "the next run showed the table again, with the next move"
    );
    let game = t.play_to_end(MAX_PRESSES).await;
    two_friends_played(&mut t, game, PlaceKind::GroupDm).await;
    ledger_is_the_places_own(&t.db, t.match_id, GROUP_DM, &[ALICE, BOB]).await;
    no_token_logged(&bin, 2);
}

/// Practice in the bot's DM, with the binary: the match's tables, showdowns and end go out
/// through the interactions alone, and the match counts in that DM's ledger.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_practice_in_the_bot_dm() {
    let bin = binary().await;
    let fake = &bin.fake;
    let _run = run(&bin, 1).await;
    let dm = fake.place_bot_dm(ALICE);
    let mut t = practice_by_alice(fake, &bin.url, dm).await;
    practice_played_in_the_bot_dm(&mut t).await;
    no_token_logged(&bin, 1);
}

/// Two friends in a server where only they installed the app, with the binary: the bot is
/// not a member there, so the match reaches the chat through the interactions alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_plays_a_match_in_a_server_without_the_bot() {
    const CHANNEL: u64 = 9_101;
    const GUILD: u64 = 9_201;
    let bin = binary().await;
    let fake = &bin.fake;
    let _run = run(&bin, 1).await;
    fake.place_guild_without_bot(CHANNEL, GUILD);
    let mut t = alice_challenges_bob(fake, &bin.url, CHANNEL).await;
    let game = t.play_to_end(MAX_PRESSES).await;
    two_friends_played(&mut t, game, PlaceKind::ServerWithoutBot).await;
    let row = t.row().await;
    assert_eq!(row.guild_id, GUILD, "the server's shard");
    ledger_is_the_places_own(&t.db, t.match_id, GUILD, &[ALICE, BOB]).await;
    no_token_logged(&bin, 1);
}
