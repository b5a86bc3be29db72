//! The web table's moves as the chat sees them: a move on the page refreshes the mover's own
//! hand message in chat.

use crate::support::fake_discord::player::{hand_cards, has_moves};
use crate::support::web::{self as page, own_cards, sensible_move, Socket};
use crate::support::wire::*;
use gin::engine::{Card, CardSet};
use gin::ui::ids::Press;
use std::time::Duration;

/// The Activity instance the pages run in.
const INSTANCE: &str = "i-1";

/// How long the bot's deliveries of one move may take to reach the fake Discord.
const SETTLE: Duration = Duration::from_secs(10);

/// Waits until everything stored for delivery was delivered (a row is marked done once each
/// of its effects reached the fake Discord).
async fn drained(bot: &Bot) {
    let deadline = tokio::time::Instant::now() + SETTLE;
    while !bot.db.pending_outbox().await.unwrap().is_empty() {
        assert!(tokio::time::Instant::now() < deadline, "the outbox drains");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The versions the move buttons of a hand message were drawn for.
fn button_versions(content_ids: &[String]) -> Vec<i64> {
    content_ids
        .iter()
        .filter_map(|id| match Press::decode(id) {
            Some(Press::Act { version, .. }) => Some(version),
            _ => None,
        })
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
        let page_cards = CardSet::from_cards(
            own_cards(&after)
                .iter()
                .map(|c| c.parse::<Card>().unwrap())
                .collect::<Vec<_>>()
                .iter(),
        );
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
