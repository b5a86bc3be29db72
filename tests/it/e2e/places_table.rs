//! The card table (the Activity) outside the servers that added the bot: `/gin play`
//! launches it in DMs, group DMs and servers where only a player installed the app, and its
//! instance there has no server; matches in such places are played on the table, and the chat
//! follows through interactions alone, as far as Discord's rules allow.

use super::activity::{assert_no_leak, next_mover, over, taken, Table, WAIT};
use super::places::{gin_answer, Shown};
use crate::support::browser::Viewport;
use crate::support::fake_discord::{FakeDiscord, FakeOptions, FakePlace, Opt, WriteKind};
use crate::support::table::Table as Chat;
use crate::support::web::{self as page, configure, sensible_move, Socket, SECRET};
use crate::support::wire::*;
use gin::games::FOLLOWUPS;
use serde_json::json;
use std::time::Duration;

const GROUP_DM: u64 = 9_403;
const OTHER_GROUP_DM: u64 = 9_404;
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

/// How long the bot's deliveries of one move may take to reach the fake Discord.
const SETTLE: Duration = Duration::from_secs(20);

/// Points to win the group DM's match: two deals with these seeds, shown in the chat within
/// the Accept's five follow-ups (50 points take five deals and run them out, at about 70 s).
const SHORT_TARGET: i64 = 10;

/// Waits until everything stored for delivery was delivered (a row goes once each of its
/// effects reached the fake Discord, or could reach nothing).
async fn drained(db: &gin::store::Db) {
    let deadline = tokio::time::Instant::now() + SETTLE;
    while !db.outbox().pending_outbox().await.unwrap().is_empty() {
        assert!(tokio::time::Instant::now() < deadline, "the outbox drains");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The chat as it stands before a move of match `id`: whether the interaction that carries
/// it (the only one acting on the match, the Accept) has a follow-up left, and whether the
/// table message shows the deal being played.
async fn chat_can_follow(fake: &FakeDiscord, chat: &Chat<'_>, channel: u64) -> (bool, bool, u32) {
    let row = chat
        .db
        .matches()
        .load_match(chat.match_id)
        .await
        .unwrap()
        .unwrap();
    let deal = chat.state().await.game.deal_no();
    let budget = fake.most_followups_in(channel) < u32::from(FOLLOWUPS);
    (budget, row.table_deal == deal, deal)
}

/// One move of match `id` by a click in whichever page of `players` may move, in a place
/// the bot reaches through interactions alone: once the move is delivered, the chat followed
/// it exactly when Discord's rules let it (a follow-up left of the Accept, or the table
/// message of this deal to edit through its token); no page received a hidden card, and no
/// chat write showed one. False once the match is over.
async fn click_through_tokens(
    fake: &FakeDiscord,
    table: &mut Table,
    chat: &mut Chat<'_>,
    channel: u64,
    players: &[&str],
) -> bool {
    let (db, id) = (chat.db.clone(), chat.match_id);
    let Some((mover, version)) = next_mover(table, &db, id, players).await else {
        return false;
    };
    let mv = sensible_move(table.state(mover)).expect("a move");
    drained(&db).await;
    let (budget, current, deal) = chat_can_follow(fake, chat, channel).await;
    let writes = fake.public_writes(channel);
    table.click_move(mover, &mv).await;
    taken(table, &db, id, players, mover, &mv, version).await;
    drained(&db).await;
    chat.scan().await;
    let same_deal = chat.state().await.game.deal_no() == deal;
    let may = budget || (current && same_deal);
    let wrote = fake.public_writes(channel) > writes;
    // The match's end may also be shown on an earlier deal's table, its token alive.
    if !over(&db, id).await {
        assert_eq!(
            wrote, may,
            "after {mv}: follow-up left {budget}, table of this deal {current}, same deal {same_deal}"
        );
    }
    true
}

/// The Must show of the card table outside servers, with the real binary: in a group DM
/// (the bot is not in it; the Activity's instance has no server) Alice challenges Bob with
/// `/gin start`, Bob accepts with the button, Alice launches the card table with `/gin play`
/// and both play the match to its end by clicks in their browsers. The chat follows each
/// move as far as Discord's rules allow (the table edited through the Accept's token, new
/// tables, showdowns and the end as its follow-ups, at most five); no request breaks a rule,
/// nothing goes through the channel routes, and neither a page nor a chat write shows a
/// card its reader may not see.
#[tokio::test]
async fn a_group_dm_plays_a_match_to_its_end_on_the_card_table() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    let port = crate::support::web::free_port();
    fake.oauth_secret(SECRET);
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    bin.configure(&format!(
        "[activity]\naddr = \"127.0.0.1:{port}\"\nclient_id = {app}\nclient_secret = \"{SECRET}\"\n\
         static_dir = \"{dist}\"\norigins = [\"http://127.0.0.1:{port}\"]\n",
        app = fake.options().app_id,
        dist = concat!(env!("CARGO_MANIFEST_DIR"), "/activity/dist"),
    ));
    // Global commands: a user-installed app's (a server's commands never reach DMs).
    let _run = bin.spawn(1, &[("GIN_GUILD_ID", "0".to_string())]);
    fake.wait_ready(1).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while fake.registrations() != (1, None) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "registered globally"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let users = vec![user(ALICE), user(BOB)];
    let options = vec![
        Opt::user("opponent", &users[1]),
        Opt::int("target", SHORT_TARGET),
    ];
    let (mut chat, _) = Chat::start_in(fake, &bin.url, GROUP_DM, users, "gin", options).await;
    let play = fake.slash_command_in(GROUP_DM, &user(ALICE), "gin", Some("play"), vec![]);
    let cb = fake.interact(play).await;
    assert!(cb.ok() && cb.kind == 12, "LAUNCH_ACTIVITY: {cb:?}");
    let launch = fake.launches().pop().expect("launched");
    assert_eq!((launch.channel, launch.guild), (GROUP_DM, None));
    fake.join_activity(&launch.instance, &[ALICE, BOB]);

    let mut table = Table::new(port).await;
    table.private = Some((GROUP_DM, launch.instance.clone()));
    table.open(fake, "alice", ALICE, Viewport::DESKTOP).await;
    table.open(fake, "bob", BOB, Viewport::DESKTOP).await;
    for p in ["alice", "bob"] {
        table
            .puppet
            .wait_js(p, "document.body.dataset.game === 'gin'", WAIT)
            .await;
        table.read(p).await;
    }
    let players = ["alice", "bob"];
    let mut moves = 0;
    while click_through_tokens(fake, &mut table, &mut chat, GROUP_DM, &players).await {
        moves += 1;
        assert!(moves < 1500, "the match did not end");
    }
    for p in players {
        table.wait_js_over(p).await;
    }
    assert!(over(&chat.db, chat.match_id).await);
    drained(&chat.db).await;
    chat.scan().await;
    fake.assert_no_violations();
    through_channel_never(fake, GROUP_DM);
    let most = fake.most_followups_in(GROUP_DM);
    assert!(
        (1..=u32::from(FOLLOWUPS)).contains(&most),
        "follow-ups of one interaction: {most}"
    );
    let edits = fake
        .writes()
        .iter()
        .filter(|w| w.channel_id == GROUP_DM && w.kind == WriteKind::WebhookEdit)
        .count();
    assert!(edits > 0, "the chat's table followed the clicks");
    // Neither the client secret, the bot's token, a code, a session nor an interaction's
    // token (`tok<digits>` at the fake) is in the bot's log.
    let log = bin.log(1);
    assert!(!log.is_empty(), "the bot logged");
    let mut secrets = vec![SECRET.to_string(), fake.token().to_string()];
    secrets.extend(table.codes.values().cloned());
    for p in players {
        for f in table.puppet.frames(p).await {
            if let Some(session) = f
                .json()
                .and_then(|j| j["session"].as_str().map(String::from))
            {
                secrets.push(session);
            }
        }
    }
    for secret in &secrets {
        assert!(!log.contains(secret.as_str()), "the log holds a secret");
    }
    let token_like = log
        .match_indices("tok")
        .any(|(i, _)| log[i + 3..].starts_with(|c: char| c.is_ascii_digit()));
    assert!(!token_like, "the log holds an interaction's token");
    for p in players {
        let errors: Vec<serde_json::Value> = table
            .puppet
            .logs(p)
            .await
            .into_iter()
            .filter(|l| l["kind"] == "pageerror")
            .collect();
        assert!(errors.is_empty(), "{p}: {errors:?}");
    }
    table.puppet.quit().await;
}

/// `/gin play` by `who` in `channel`: the instance the launch made, with `users` in it.
async fn launched(fake: &FakeDiscord, channel: u64, who: u64, users: &[u64]) -> String {
    let play = fake.slash_command_in(channel, &user(who), "gin", Some("play"), vec![]);
    let cb = fake.interact(play).await;
    assert!(cb.ok() && cb.kind == 12, "LAUNCH_ACTIVITY: {cb:?}");
    let launch = fake.launches().pop().expect("launched");
    assert_eq!((launch.channel, launch.guild), (channel, None));
    fake.join_activity(&launch.instance, users);
    launch.instance
}

/// Practice from the card table in a DM between users and in the bot's own DM, where the bot
/// may post nothing and no interaction can show a new table: it starts (no refusal) and is
/// played on the card table, the bot answering, with nothing sent to the chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn practice_starts_on_the_card_table_where_the_bot_may_not_post() {
    let (bot, port) = table_bot(71).await;
    let fake = &bot.fake;
    fake.place_dm(DM, ALICE, BOB);
    let bot_dm = fake.place_bot_dm(ALICE);
    for (n, channel) in [DM, bot_dm].into_iter().enumerate() {
        let instance = launched(fake, channel, ALICE, &[ALICE]).await;
        let session = page::sign_in(fake, port, &user(ALICE)).await;
        let mut s = Socket::join(port, &session, &instance).await;
        let seq = 10 + n as u64;
        s.send(json!({"t": "practice", "seq": seq})).await;
        let answer = loop {
            let v = s.next().await.expect("an answer");
            if v["t"] == "ack" || v["t"] == "refused" {
                break v;
            }
        };
        assert_eq!(
            (&answer["t"], &answer["seq"]),
            (&json!("ack"), &json!(seq)),
            "{answer}"
        );
        let dealt = loop {
            let st = s.next_state().await;
            if !st["match"].is_null() {
                break st;
            }
        };
        let id = dealt["match"]["id"].as_i64().unwrap();
        let row = bot.db.matches().load_match(id).await.unwrap().unwrap();
        assert_eq!(row.channel_id, channel);
        assert_eq!(row.guild_id, 0, "no server: shard 0's");
        // Alice plays until the bot has answered on the card table.
        let mut mine = 0;
        while mine < 6 {
            match sensible_move(s.state()) {
                Some(mv) => {
                    let r = s.play(&mv).await;
                    if r["t"] == "ack" {
                        mine += 1;
                    } else {
                        assert_eq!(r["code"], "stale", "{r}");
                    }
                }
                None => {
                    s.next_state().await;
                }
            }
            if state(&bot.db, id).await.is_over() {
                break;
            }
        }
        let actions = bot.db.matches().match_actions(id).await.unwrap().len();
        assert!(
            actions > mine,
            "the bot moved too: {actions}, {mine} of Alice's"
        );
        drained(&bot.db).await;
        assert!(fake.messages_in(channel).is_empty(), "nothing in the chat");
        through_channel_never(fake, channel);
        // Over before the next place: one match at a time.
        let cb = fake
            .interact(fake.slash_command_in(channel, &user(ALICE), "gin", Some("resign"), vec![]))
            .await;
        assert!(cb.ok(), "{cb:?}");
    }
    bot.finish().await;
}

/// The other way round, in a group DM: Alice challenges Bob on the card table (nothing can
/// be posted there, so Bob's table offers Accept, and his click starts the match); a few
/// moves by clicks leave the chat alone (no interaction could show them); then `/gin hand`
/// brings the match into the chat, its table a follow-up of the command, and the two finish
/// it there by presses: within Discord's rules, with no hidden card in any write.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_challenged_and_begun_on_the_table_is_finished_in_chat() {
    let (bot, port) = table_bot(72).await;
    let fake = &bot.fake;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let instance = launched(fake, GROUP_DM, ALICE, &[ALICE, BOB]).await;
    let mut table = Table::new(port).await;
    table.private = Some((GROUP_DM, instance));
    table.open(fake, "alice", ALICE, Viewport::DESKTOP).await;
    table.open(fake, "bob", BOB, Viewport::DESKTOP).await;
    let challenge = format!("[data-challenge=\"{BOB}\"]");
    table.puppet.wait_for("alice", &challenge, WAIT).await;
    table.puppet.click("alice", &challenge).await;
    // Bob's table shows the challenge to him, and its Accept.
    table.puppet.wait_for("bob", "#accept", WAIT).await;
    table.read("bob").await;
    let asked = table.state("bob")["challenge"].clone();
    assert_eq!(asked["by"]["id"], ALICE.to_string(), "{asked}");
    assert!(
        table.state("alice")["challenge"].is_null(),
        "nothing for Alice to accept"
    );
    table.puppet.click("bob", "#accept").await;
    for p in ["alice", "bob"] {
        table
            .puppet
            .wait_js(p, "document.body.dataset.game === 'gin'", WAIT)
            .await;
    }
    let deadline = tokio::time::Instant::now() + WAIT;
    let id = loop {
        table.read("bob").await;
        if let Some(id) = table.state("bob")["match"]["id"].as_i64() {
            break id;
        }
        assert!(tokio::time::Instant::now() < deadline, "no match shown");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let row = bot.db.matches().load_match(id).await.unwrap().unwrap();
    assert_eq!(row.channel_id, GROUP_DM);
    // A few moves by clicks: no interaction on the match, so nothing in the chat.
    let mut chat = Chat::new(fake, &bot.url, GROUP_DM, vec![user(ALICE), user(BOB)], id).await;
    let players = ["alice", "bob"];
    for _ in 0..4 {
        let next = next_mover(&mut table, &bot.db, id, &players).await;
        let (mover, version) = next.expect("the match goes on");
        let mv = sensible_move(table.state(mover)).expect("a move");
        table.click_move(mover, &mv).await;
        taken(&mut table, &bot.db, id, &players, mover, &mv, version).await;
    }
    assert_no_leak(&mut table, &bot.db, id).await;
    drained(&bot.db).await;
    assert_eq!(fake.public_writes(GROUP_DM), 0, "nothing in the chat yet");
    // `/gin hand` brings it into the chat: Alice's hand to her, the table to everyone.
    let before = fake.writes().len();
    gin_answer(
        fake,
        GROUP_DM,
        &user(ALICE),
        "hand",
        vec![],
        Shown::ToCaller,
    )
    .await;
    let shown = fake
        .wait_until(GROUP_DM, WAIT, || chat.table().is_some())
        .await;
    assert!(shown, "the table is in the chat");
    let since = fake.writes_since(before);
    let table_write = since
        .iter()
        .find(|w| w.custom_ids.contains(&format!("gin:hand:{id}")))
        .expect("the table written");
    assert_eq!(
        table_write.kind,
        WriteKind::Followup,
        "a follow-up of /gin hand"
    );
    chat.scan().await;
    // The two finish it by presses.
    let game = chat.play_to_end(MAX_PRESSES).await;
    chat.public_at_end(&game).await;
    chat.scan().await;
    for p in ["alice", "bob"] {
        table.wait_js_over(p).await;
    }
    assert_no_leak(&mut table, &bot.db, id).await;
    through_channel_never(fake, GROUP_DM);
    let most = fake.most_followups_in(GROUP_DM);
    assert!(
        (1..=u32::from(FOLLOWUPS)).contains(&most),
        "follow-ups of one interaction: {most}"
    );
    table.puppet.quit().await;
    bot.finish().await;
}

/// The answer (ack or refused) to the request `seq` on socket `s`.
async fn answer_to(s: &mut Socket, seq: u64) -> serde_json::Value {
    loop {
        let v = s.next().await.expect("an answer");
        if (v["t"] == "ack" || v["t"] == "refused") && v["seq"] == seq {
            return v;
        }
    }
}

/// The protocol of a challenge on the card table in a group DM: the challenged player's state
/// carries it (nobody else's does); an Accept that is not theirs, for no challenge, or that
/// does not read is refused and changes nothing; theirs starts the match. Nothing is sent to
/// the chat. In a server channel with the bot, a challenge is posted as before and no state
/// carries it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_challenged_player_accepts_on_the_card_table() {
    let (bot, port) = table_bot(73).await;
    let fake = &bot.fake;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let instance = launched(fake, GROUP_DM, ALICE, &[ALICE, BOB, CAROL]).await;
    let mut sockets = Vec::new();
    for who in [ALICE, BOB, CAROL] {
        let session = page::sign_in(fake, port, &user(who)).await;
        sockets.push(Socket::join(port, &session, &instance).await);
    }
    let [alice, bob, carol] = &mut sockets[..] else {
        unreachable!()
    };
    alice
        .send(json!({"t": "challenge", "seq": 1, "opponent": BOB.to_string()}))
        .await;
    assert_eq!(answer_to(alice, 1).await["t"], "ack");
    let asked = loop {
        let s = bob.next_state().await;
        if !s["challenge"].is_null() {
            break s["challenge"].clone();
        }
    };
    assert_eq!(
        asked["by"],
        json!({"id": ALICE.to_string(), "name": "Alice"})
    );
    let id = asked["id"].as_i64().unwrap();
    // Carol was not challenged; a challenge that does not exist; a frame that does not read.
    carol
        .send(json!({"t": "accept", "seq": 2, "challenge": id}))
        .await;
    let refused = answer_to(carol, 2).await;
    assert_eq!(
        (&refused["t"], &refused["code"]),
        (&json!("refused"), &json!("illegal"))
    );
    // The state sent after the refusal (with the challenge, were it Carol's) comes before
    // the pong.
    carol.send(json!({"t": "ping"})).await;
    carol.next_of("pong").await;
    assert!(
        carol.state()["challenge"].is_null(),
        "not Carol's to answer"
    );
    bob.send(json!({"t": "accept", "seq": 3, "challenge": id + 1000}))
        .await;
    assert_eq!(answer_to(bob, 3).await["t"], "refused");
    bob.send(json!({"t": "accept", "seq": 4, "challenge": "soon"}))
        .await;
    let bad = bob.next_of("refused").await;
    assert_eq!(bad["code"], "bad_message", "{bad}");
    let open = bot.db.challenges().challenge(id).await.unwrap().unwrap();
    assert!(open.accepted.is_empty(), "nothing changed");
    assert!(bot
        .db
        .matches()
        .active_match_for(GROUP_DM, BOB)
        .await
        .unwrap()
        .is_none());
    bob.send(json!({"t": "accept", "seq": 5, "challenge": id}))
        .await;
    assert_eq!(answer_to(bob, 5).await["t"], "ack");
    let started = loop {
        let s = bob.next_state().await;
        if !s["match"].is_null() {
            break s;
        }
    };
    assert_eq!(started["seat"], 1, "Bob plays");
    assert!(started["challenge"].is_null(), "answered");
    // Bob's second tab accepting it again: refused, still the one match.
    let session = page::sign_in(fake, port, &user(BOB)).await;
    let mut tab = Socket::join(port, &session, &instance).await;
    tab.send(json!({"t": "accept", "seq": 7, "challenge": id}))
        .await;
    assert_eq!(answer_to(&mut tab, 7).await["t"], "refused");
    let matches = bot.db.matches().active_matches_in_channel(GROUP_DM).await;
    assert_eq!(matches.unwrap().len(), 1, "one match");
    // A challenge on another group DM's table: not accepted from this one; once its time
    // ran out (before the sweep closed it), not from its own either.
    fake.place_group_dm(OTHER_GROUP_DM, &[BOB, CAROL]);
    let other = launched(fake, OTHER_GROUP_DM, CAROL, &[BOB, CAROL]).await;
    let session = page::sign_in(fake, port, &user(CAROL)).await;
    let mut carol_there = Socket::join(port, &session, &other).await;
    let session = page::sign_in(fake, port, &user(BOB)).await;
    let mut bob_there = Socket::join(port, &session, &other).await;
    acked(
        &mut carol_there,
        json!({"t": "challenge", "seq": 8, "opponent": BOB.to_string()}),
    )
    .await;
    let there = loop {
        let s = bob_there.next_state().await;
        if let Some(id) = s["challenge"]["id"].as_i64() {
            break id;
        }
    };
    bob.send(json!({"t": "accept", "seq": 9, "challenge": there}))
        .await;
    assert_eq!(answer_to(bob, 9).await["t"], "refused");
    sqlx::query("UPDATE challenges SET expires_at = 0 WHERE id = $1")
        .bind(there)
        .execute(bot.db.pool())
        .await
        .unwrap();
    bob_there
        .send(json!({"t": "accept", "seq": 10, "challenge": there}))
        .await;
    assert_eq!(answer_to(&mut bob_there, 10).await["t"], "refused");
    let row = bot.db.challenges().challenge(there).await.unwrap().unwrap();
    assert!(row.accepted.is_empty(), "nothing accepted: {row:?}");
    let none = bot.db.matches().active_match_for(OTHER_GROUP_DM, BOB).await;
    assert!(none.unwrap().is_none(), "no match there");
    assert!(fake.messages_in(GROUP_DM).is_empty(), "nothing in the chat");
    through_channel_never(fake, GROUP_DM);
    through_channel_never(fake, OTHER_GROUP_DM);

    // In a server channel with the bot: posted in the chat, never in a state.
    let channel = fake.channel_id();
    fake.activity_instance("i-server", channel, &[ALICE, BOB]);
    let session = page::sign_in(fake, port, &user(ALICE)).await;
    let mut alice = Socket::join(port, &session, "i-server").await;
    let session = page::sign_in(fake, port, &user(BOB)).await;
    let mut bob = Socket::join(port, &session, "i-server").await;
    alice
        .send(json!({"t": "challenge", "seq": 6, "opponent": BOB.to_string()}))
        .await;
    assert_eq!(answer_to(&mut alice, 6).await["t"], "ack");
    let posted = fake.last_public_message(channel).expect("posted");
    assert!(posted
        .find_button(|id| id.starts_with("gin:acc:"))
        .is_some());
    bob.send(json!({"t": "ping"})).await;
    bob.next_of("pong").await;
    assert!(
        bob.received.iter().all(|f| f.get("challenge").is_none()),
        "no state carries it"
    );
    // Carol's challenge stored and its message not posted yet: where the bot posts
    // challenges, the table accepts none, even in that moment.
    let carol = gin::games::Caller {
        place: gin::games::Place::Guild {
            guild: fake.guild_id(),
            member: true,
        },
        channel_id: channel,
        user_id: CAROL,
        name: "Carol".into(),
        lang: Default::default(),
        guild_lang: Default::default(),
        message_id: None,
    };
    let ask = gin::games::ChallengeRequest {
        named: vec![gin::games::UserRef {
            id: BOB,
            name: "Bob".into(),
            bot: false,
        }],
        partner: None,
        game: gin::games::GameChoice::Gin(Default::default()),
        target: None,
    };
    let bot_user = (FakeOptions::default().bot_user.id, "Gin".to_string());
    let made = bot
        .games
        .challenges()
        .challenge(&carol, ask, bot_user)
        .await;
    assert!(made.reply_is.is_some(), "stored");
    let answer = gin::ui::respond(made, Default::default());
    let unposted = answer.response.msg().buttons().find_map(|b| {
        let id = b.id.strip_prefix("gin:acc:")?;
        id.parse::<i64>().ok()
    });
    let unposted = unposted.expect("its Accept");
    let now = bot.games.now();
    let challenges = bot.db.challenges();
    let offered = challenges.open_on_table_to(channel, BOB, now).await;
    assert!(offered.unwrap().is_none(), "not offered on the table");
    bob.send(json!({"t": "accept", "seq": 11, "challenge": unposted}))
        .await;
    let refused = answer_to(&mut bob, 11).await;
    assert_eq!(refused["t"], "refused", "{refused}");
    assert!(
        refused["text"].as_str().is_some_and(|t| t.contains("chat")),
        "{refused}"
    );
    let row = bot
        .db
        .challenges()
        .challenge(unposted)
        .await
        .unwrap()
        .unwrap();
    assert!(row.accepted.is_empty(), "nothing accepted");
    let none = bot.db.matches().active_match_for(channel, BOB).await;
    assert!(none.unwrap().is_none(), "no match");
    bot.finish().await;
}

/// A challenge made in chat in a group DM (`/gin start @Bob`) is accepted on its message: the
/// card table offers no Accept for it. One made on the table after it, by Carol, is offered
/// to Bob: the newest that the table can accept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_offers_only_the_challenges_made_on_it() {
    let (bot, port) = table_bot(74).await;
    let fake = &bot.fake;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let bob = vec![Opt::user("opponent", &user(BOB))];
    gin_answer(fake, GROUP_DM, &user(ALICE), "start", bob, Shown::ToAll).await;
    // The challenge's message is stored with it once the answer is sent.
    let deadline = tokio::time::Instant::now() + WAIT;
    let in_chat = loop {
        let rows = bot
            .db
            .challenges()
            .expired_challenges(i64::MAX)
            .await
            .unwrap();
        if let Some(row) = rows.into_iter().find(|r| r.message_id.is_some()) {
            break row.id;
        }
        assert!(tokio::time::Instant::now() < deadline, "no message stored");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let instance = launched(fake, GROUP_DM, BOB, &[ALICE, BOB, CAROL]).await;
    let session = page::sign_in(fake, port, &user(BOB)).await;
    let mut bob = Socket::join(port, &session, &instance).await;
    assert!(
        bob.state()["challenge"].is_null(),
        "challenge {in_chat} is accepted in chat: {}",
        bob.state()
    );
    let session = page::sign_in(fake, port, &user(CAROL)).await;
    let mut carol = Socket::join(port, &session, &instance).await;
    carol
        .send(json!({"t": "challenge", "seq": 1, "opponent": BOB.to_string()}))
        .await;
    assert_eq!(answer_to(&mut carol, 1).await["t"], "ack");
    let asked = loop {
        let s = bob.next_state().await;
        if !s["challenge"].is_null() {
            break s["challenge"].clone();
        }
    };
    assert_eq!(asked["by"]["id"], CAROL.to_string(), "{asked}");
    assert_ne!(asked["id"].as_i64(), Some(in_chat));
    // The challenges cannot be read for a moment while Bob's table is shown again (Alice
    // comes): the challenge last shown stands.
    let away = |from: &str, to: &str| format!("ALTER TABLE {from} RENAME TO {to}");
    let pool = bot.db.pool().clone();
    let rename = |sql: String| {
        let pool = pool.clone();
        async move {
            sqlx::query(&sql).execute(&pool).await.unwrap();
        }
    };
    rename(away("challenges", "challenges_away")).await;
    let session = page::sign_in(fake, port, &user(ALICE)).await;
    let mut alice = Socket::join(port, &session, &instance).await;
    loop {
        let p = bob.next_of("presence").await;
        if p.to_string().contains(&ALICE.to_string()) {
            break;
        }
    }
    bob.send(json!({"t": "ping"})).await;
    bob.next_of("pong").await;
    rename(away("challenges_away", "challenges")).await;
    assert_eq!(bob.state()["challenge"], asked, "still offered");
    // Declined on the table: not Alice's to decline, nor the chat's challenge from here;
    // Bob's own is, and it is offered no more.
    let carols = asked["id"].as_i64().unwrap();
    alice
        .send(json!({"t": "decline", "seq": 2, "challenge": carols}))
        .await;
    assert_eq!(answer_to(&mut alice, 2).await["t"], "refused");
    bob.send(json!({"t": "decline", "seq": 3, "challenge": in_chat}))
        .await;
    assert_eq!(answer_to(&mut bob, 3).await["t"], "refused");
    let open = bot
        .db
        .challenges()
        .challenge(in_chat)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(open.status, gin::store::ChallengeState::Open, "unchanged");
    acked(
        &mut bob,
        json!({"t": "decline", "seq": 4, "challenge": carols}),
    )
    .await;
    bob.send(json!({"t": "ping"})).await;
    bob.next_of("pong").await;
    assert!(bob.state()["challenge"].is_null(), "{}", bob.state());
    let row = bot
        .db
        .challenges()
        .challenge(carols)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, gin::store::ChallengeState::Declined);
    fake.assert_no_violations();
    bot.finish().await;
}

/// A request on socket `s` with `seq`, answered with an ack.
async fn acked(s: &mut Socket, request: serde_json::Value) {
    let seq = request["seq"].as_u64().expect("a seq");
    s.send(request).await;
    let answer = answer_to(s, seq).await;
    assert_eq!(answer["t"], "ack", "{answer}");
}

/// The first match state `s` shows from now on.
async fn match_shown(s: &mut Socket) -> serde_json::Value {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if !s.state()["match"].is_null() {
            return s.state().clone();
        }
        assert!(tokio::time::Instant::now() < deadline, "no match shown");
        s.next_state().await;
    }
}

/// The card table in a server where only the players installed the app (the gateway never
/// named it): the bot may not post there, so practice starts on the table alone, stored as
/// played in a server without the bot, and a challenge is made and accepted on the table;
/// nothing goes through the channel's routes (which Discord would refuse).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_in_a_server_without_the_bot_plays_through_tokens() {
    use gin::games::PlaceKind;
    let (bot, port) = table_bot(75).await;
    let fake = &bot.fake;
    fake.place_guild_without_bot(SERVER_CHANNEL, SERVER);
    fake.activity_instance("i-without", SERVER_CHANNEL, &[ALICE, BOB, CAROL]);
    let mut sockets = Vec::new();
    for who in [ALICE, BOB, CAROL] {
        let session = page::sign_in(fake, port, &user(who)).await;
        sockets.push(Socket::join(port, &session, "i-without").await);
    }
    let [alice, bob, carol] = &mut sockets[..] else {
        unreachable!()
    };
    acked(carol, json!({"t": "practice", "seq": 1})).await;
    let practice = match_shown(carol).await["match"]["id"].as_i64().unwrap();
    let row = bot
        .db
        .matches()
        .load_match(practice)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (row.place_kind, row.guild_id, row.channel_id),
        (PlaceKind::ServerWithoutBot, SERVER, SERVER_CHANNEL)
    );
    acked(
        alice,
        json!({"t": "challenge", "seq": 2, "opponent": BOB.to_string()}),
    )
    .await;
    let asked = loop {
        let s = bob.next_state().await;
        if !s["challenge"].is_null() {
            break s["challenge"].clone();
        }
    };
    assert_eq!(asked["by"]["id"], ALICE.to_string(), "{asked}");
    acked(
        bob,
        json!({"t": "accept", "seq": 3, "challenge": asked["id"]}),
    )
    .await;
    let started = loop {
        let s = bob.next_state().await;
        if s["seat"] == 1 {
            break s;
        }
    };
    let id = started["match"]["id"].as_i64().unwrap();
    let row = bot.db.matches().load_match(id).await.unwrap().unwrap();
    assert_eq!(row.place_kind, PlaceKind::ServerWithoutBot);
    drained(&bot.db).await;
    through_channel_never(fake, SERVER_CHANNEL);
    bot.finish().await;
}

/// Clicks Accept once more as soon as the page has taken the ack of its first: the moment
/// before the state that shows the match arrives. Counts such clicks in `window.again`.
const CLICK_AGAIN_AFTER_ACK: &str = r#"(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (!this.watched && String(data).includes('"accept"')) {
      this.watched = true;
      this.addEventListener('message', (e) => {
        const accept = document.getElementById('accept');
        if (JSON.parse(e.data).t === 'ack' && accept) {
          window.again = (window.again || 0) + 1;
          accept.click();
        }
      });
    }
    return send.call(this, data);
  };
  return true;
})()"#;

/// Carol follows Alice's practice match on the card table of a group DM (she plays in no
/// match) when Bob challenges her there: her page offers Accept all the same; clicked, and
/// clicked again between its ack and the state that shows her match, it sends one acceptance
/// and shows no refusal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_offered_beside_someone_elses_match_and_accepted_once() {
    let (bot, port) = table_bot(76).await;
    let fake = &bot.fake;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    let instance = launched(fake, GROUP_DM, ALICE, &[ALICE, BOB, CAROL]).await;
    let session = page::sign_in(fake, port, &user(ALICE)).await;
    let mut alice = Socket::join(port, &session, &instance).await;
    acked(&mut alice, json!({"t": "practice", "seq": 1})).await;
    let practice = match_shown(&mut alice).await["match"]["id"].clone();
    let mut table = Table::new(port).await;
    table.private = Some((GROUP_DM, instance.clone()));
    table.open(fake, "carol", CAROL, Viewport::DESKTOP).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while table.state("carol")["match"]["id"] != practice {
        assert!(
            tokio::time::Instant::now() < deadline,
            "Alice's match not shown"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
        table.read("carol").await;
    }
    assert!(table.state("carol")["seat"].is_null(), "Carol watches");
    let session = page::sign_in(fake, port, &user(BOB)).await;
    let mut bob = Socket::join(port, &session, &instance).await;
    acked(
        &mut bob,
        json!({"t": "challenge", "seq": 2, "opponent": CAROL.to_string()}),
    )
    .await;
    table.puppet.wait_for("carol", "#accept", WAIT).await;
    table.puppet.eval("carol", CLICK_AGAIN_AFTER_ACK).await;
    table.puppet.click("carol", "#accept").await;
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        table.read("carol").await;
        if table.state("carol")["seat"].as_u64().is_some() {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "Carol's match not shown"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(table.puppet.eval("carol", "window.again").await, json!(1));
    let frames = table.puppet.frames("carol").await;
    let json: Vec<_> = frames.iter().filter_map(|f| f.json()).collect();
    let sent = json.iter().filter(|f| f["t"] == "accept").count();
    let refused: Vec<_> = json.iter().filter(|f| f["t"] == "refused").collect();
    assert_eq!((sent, refused.len()), (1, 0), "{refused:?}");
    let toast = table
        .puppet
        .eval("carol", "document.getElementById('toast').textContent")
        .await;
    assert_eq!(toast, json!(""), "no toast");
    table.puppet.quit().await;
    bot.finish().await;
}

/// Answers interaction `id` (its token `token`) with `body`, as the bot would: the status.
async fn respond(fake: &FakeDiscord, id: u64, token: &str, body: serde_json::Value) -> u16 {
    let url = format!(
        "{}/api/v10/interactions/{id}/{token}/callback",
        fake.http_url()
    );
    reqwest::Client::new()
        .post(url)
        .header("Authorization", format!("Bot {}", fake.token()))
        .header("Content-Type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("the fake answers")
        .status()
        .as_u16()
}

/// The fake Discord launches an Activity as Discord does: only for an application that has
/// one (a launch without is refused and recorded), in a group DM without a server, in a
/// server's channel with it.
#[tokio::test]
async fn the_fake_launches_an_activity_only_for_an_app_with_one() {
    let fake = FakeDiscord::start().await;
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB]);
    let launch = json!({"type": 12});
    let answer = |channel: u64| {
        let payload = fake.slash_command_in(channel, &user(ALICE), "gin", Some("play"), vec![]);
        let handle = fake.send_outdated_command(payload);
        let token = fake.token_of(handle.id).expect("a token");
        (handle, token)
    };
    let (handle, token) = answer(GROUP_DM);
    assert_eq!(respond(&fake, handle.id, &token, launch.clone()).await, 400);
    assert_eq!(handle.callback().await.status, 400);
    let v = fake.violations();
    assert!(
        v.len() == 1 && v[0].contains("without an Activity"),
        "{v:?}"
    );
    assert!(fake.launches().is_empty());
    fake.oauth_secret(SECRET);
    for (channel, guild) in [(GROUP_DM, None), (fake.channel_id(), Some(fake.guild_id()))] {
        let (handle, token) = answer(channel);
        assert_eq!(respond(&fake, handle.id, &token, launch.clone()).await, 204);
        assert!(handle.callback().await.ok());
        let made = fake.launches().pop().unwrap();
        assert_eq!(
            (made.channel, made.guild, made.user),
            (channel, guild, ALICE)
        );
    }
    assert_eq!(fake.violations().len(), 1, "no more");
}
