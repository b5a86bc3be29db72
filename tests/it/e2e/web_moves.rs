//! The web table's moves, openings and reads as the chat sees them: a move on the page
//! refreshes the mover's own hand message in chat, a challenge or a practice match whose
//! message cannot be posted is taken back, and a page showing a finished match does not read
//! it again for every change in its channel.

use crate::support::fake_discord::acts::act_of_id;
use crate::support::fake_discord::player::{hand_cards, has_moves};
use crate::support::web::{self as page, own_cards, sensible_move, Socket};
use crate::support::wire::*;
use gin::engine::{Card, CardSet};
use gin::ui::ids::Press;
use serde_json::{json, Value};
use std::time::Duration;

/// The Activity instance the pages run in.
const INSTANCE: &str = "i-1";

/// How long the bot's deliveries of one move may take to reach the fake Discord.
const SETTLE: Duration = Duration::from_secs(10);

/// Waits until everything stored for delivery was delivered (a row is marked done once each
/// of its effects reached the fake Discord).
async fn drained(bot: &Bot) {
    let deadline = tokio::time::Instant::now() + SETTLE;
    while !bot.db.outbox().pending_outbox().await.unwrap().is_empty() {
        assert!(tokio::time::Instant::now() < deadline, "the outbox drains");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The versions the move buttons of a hand message were drawn for.
fn button_versions(content_ids: &[String]) -> Vec<i64> {
    content_ids
        .iter()
        .filter_map(|id| act_of_id(id).map(|a| a.version))
        .collect()
}

/// Moves made on the web table: each time the mover's open hand message in chat is edited to
/// the state after the move (their cards as the page shows them, buttons of the new version),
/// as the other player's is.
#[tokio::test]
async fn a_move_on_the_web_table_refreshes_the_movers_hand_message_in_chat() {
    let (bot, port) = page::bot_with_table(61, INSTANCE, &[ALICE, BOB]).await;
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    let id = game.match_id;
    let mut pages = Vec::new();
    for (p, u) in [ALICE, BOB].into_iter().enumerate() {
        assert!(game.open_hand(p).await.is_some(), "a hand message in chat");
        let session = page::sign_in(&bot.fake, port, &user(u)).await;
        pages.push(Socket::join(port, &session, INSTANCE).await);
    }
    for _ in 0..4 {
        let version = snap(&bot.db, id).await.version;
        for p in pages.iter_mut() {
            p.state_at(id, version).await;
        }
        let mover = (0..2)
            .find(|&p| {
                pages[p].state()["moves"]
                    .as_array()
                    .is_some_and(|m| !m.is_empty())
            })
            .expect("someone may move");
        let before = game.hand_message(mover).expect("the mover's hand message");
        let mv = sensible_move(pages[mover].state()).unwrap();
        let answer = pages[mover].play(&mv).await;
        assert_eq!(answer["t"], "ack", "{mv}: {answer}");
        let after = pages[mover].state_at(id, version + 1).await;
        drained(&bot).await;
        let msg = game.hand_message(mover).unwrap();
        assert!(
            msg.version > before.version,
            "{mv}: the mover's hand message in chat was not edited"
        );
        let held: Vec<Card> = own_cards(&after)
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let page_cards = CardSet::from_cards(&held);
        assert_eq!(
            hand_cards(&msg.content),
            Some(page_cards),
            "{mv}: the hand message shows the cards after the move: {}",
            msg.content
        );
        let versions = button_versions(&msg.custom_ids());
        assert!(
            versions.iter().all(|&v| v == version + 1),
            "{mv}: buttons of version {} only: {versions:?}",
            version + 1
        );
        assert_eq!(
            has_moves(&msg),
            !after["moves"].as_array().unwrap().is_empty(),
            "{mv}: the hand message offers moves exactly when the page does"
        );
    }
    bot.finish().await;
}

/// Waits until `page` lists `who` at the table.
async fn wait_present(page: &mut Socket, who: u64) {
    let who = who.to_string();
    loop {
        let presence = page.next_of("presence").await;
        let present = presence["users"]
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u["id"] == who.as_str());
        if present {
            return;
        }
    }
}

/// A challenge made on the web table whose message Discord refuses is withdrawn at once
/// (stored as such) and the page is told `cannot_post`: the challenger may challenge again at
/// once. A practice match whose table cannot be posted is cancelled the same way.
#[tokio::test]
async fn an_opening_that_cannot_be_posted_is_taken_back() {
    let (bot, port) = page::bot_with_table(62, INSTANCE, &[ALICE, BOB, CAROL]).await;
    let channel = bot.fake.channel_id();
    let alice = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let mut a = Socket::join(port, &alice, INSTANCE).await;
    let bob = page::sign_in(&bot.fake, port, &user(BOB)).await;
    let _b = Socket::join(port, &bob, INSTANCE).await;
    wait_present(&mut a, BOB).await;

    bot.fake.fail_next("POST /channels/", 403);
    a.send(json!({"t": "challenge", "seq": 1, "opponent": BOB.to_string()}))
        .await;
    let refused = a.next_of("refused").await;
    assert_eq!(
        (refused["seq"].as_u64(), refused["code"].as_str()),
        (Some(1), Some("cannot_post")),
        "{refused}"
    );
    assert!(!refused["text"].as_str().unwrap_or_default().is_empty());
    assert_eq!(bot.fake.faults_pending(), 0, "the post was tried");
    assert!(
        bot.db
            .challenges()
            .busy_among(channel, &[ALICE])
            .await
            .unwrap()
            .is_empty(),
        "Alice is free again"
    );
    // Asked again, the challenge is posted; the first one is stored as withdrawn.
    a.send(json!({"t": "challenge", "seq": 2, "opponent": BOB.to_string()}))
        .await;
    let answer = a.next_of("ack").await;
    assert_eq!(answer["seq"], 2, "{answer}");
    let posted = bot
        .fake
        .last_public_message(channel)
        .expect("the challenge is posted");
    let second = posted
        .custom_ids()
        .iter()
        .find_map(|id| match Press::decode(id) {
            Some(Press::Accept(n)) => Some(n),
            _ => None,
        })
        .expect("an Accept button");
    let first = bot
        .db
        .challenges()
        .challenge(second - 1)
        .await
        .unwrap()
        .expect("the first challenge is stored");
    assert_eq!(first.status, gin::store::ChallengeState::Withdrawn);
    assert_eq!(first.challenger.0, ALICE);

    // Practice: its table cannot be posted, the match is cancelled, Carol is free again.
    let carol = page::sign_in(&bot.fake, port, &user(CAROL)).await;
    let mut c = Socket::join(port, &carol, INSTANCE).await;
    bot.fake.fail_next("POST /channels/", 403);
    c.send(json!({"t": "practice", "seq": 3})).await;
    let refused = c.next_of("refused").await;
    assert_eq!(refused["code"], "cannot_post", "{refused}");
    assert!(
        bot.db
            .matches()
            .active_match_for(channel, CAROL)
            .await
            .unwrap()
            .is_none(),
        "the practice match is over"
    );
    c.send(json!({"t": "practice", "seq": 4})).await;
    assert_eq!(c.next_of("ack").await["seq"], 4);
    bot.finish().await;
}

/// Pages showing a finished match (a player's, eight sockets of hers) read nothing from the
/// store while another match is played in the channel.
#[tokio::test]
async fn a_finished_match_is_not_read_again_for_every_change_in_its_channel() {
    let (bot, port) = page::bot_with_table(63, INSTANCE, &[ALICE, BOB, CAROL]).await;
    let mut first = bot.game(&[ALICE, BOB]);
    first.start(Some(TARGET)).await;
    let alice = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let mut pages = Vec::new();
    for _ in 0..8 {
        pages.push(Socket::join(port, &alice, INSTANCE).await);
    }
    let resign = bot
        .fake
        .slash_command(&user(ALICE), "gin", Some("resign"), vec![]);
    assert!(bot.fake.interact(resign).await.ok());
    for p in pages.iter_mut() {
        while p.state()["match"]["over"] != true {
            p.next_state().await;
        }
        assert_eq!(p.state()["match"]["id"], first.match_id);
    }
    // Everything the end required is delivered (each delivery reads the match).
    drained(&bot).await;
    let loaded = bot.games.matches_loaded();

    let mut second = bot.game(&[BOB, CAROL]);
    second.start(Some(TARGET)).await;
    play_until_applied(&mut second, 6).await;
    // Each page has taken the news of every change by the time it answers a few pings (a
    // socket picks at random among what is ready, so one ping could go first).
    for p in pages.iter_mut() {
        for _ in 0..8 {
            p.send(json!({"t": "ping"})).await;
            p.next_of("pong").await;
        }
        let shown: &Value = &p.state()["match"];
        assert_eq!(shown["id"], first.match_id, "Alice's page shows her match");
    }
    assert_eq!(
        bot.games.matches_loaded() - loaded,
        0,
        "matches read from the store while another was played in the channel"
    );
    bot.finish().await;
}
