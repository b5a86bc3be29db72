//! Cards as pictures, over the wire (the real binary, the fake Discord): the card emojis are
//! uploaded once and then only when the art changes; a failed upload leaves every card as
//! text; hands, the table and the showdown show the art, with a picture of the showdown and
//! of the stats, each described in words; a player or a server that chose text gets text.

use crate::support::{fake_discord, wire};

use fake_discord::player::{hand_cards, Game, Step};
use fake_discord::{FakeDiscord, Opt, StoredMessage, User};
use serde_json::Value;
use std::time::Duration;
use wire::{Binary, MAX_PRESSES, TARGET};

fn alice() -> User {
    User::new(5001, "Alice")
}
fn bob() -> User {
    User::new(5002, "Bob")
}

/// Waits (up to a minute) until run `n`'s log shows `line`.
async fn wait_log(bin: &Binary, n: u32, line: &str) {
    for _ in 0..1200 {
        if bin.log(n).contains(line) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "timed out waiting for {line:?} in the log of run {n}:\n{}",
        bin.log(n)
    );
}

fn ours(fake: &FakeDiscord) -> Vec<(u64, String)> {
    let mut v: Vec<_> = fake
        .app_emojis()
        .into_iter()
        .filter(|(_, n)| n.starts_with("gin_"))
        .collect();
    v.sort();
    v
}

/// The ids and names of the custom emojis on a message's buttons and menus.
fn component_emojis(m: &StoredMessage) -> Vec<String> {
    let mut out = Vec::new();
    for row in m.components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(name) = c["emoji"]["name"].as_str() {
                out.push(name.to_string());
            }
        }
    }
    out
}

fn has_text_cards(content: &str) -> bool {
    content.contains(['♠', '♥', '♦', '♣'])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_emojis_are_uploaded_once_then_only_what_the_art_changed() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    let theirs = fake.add_app_emoji("party_parrot");
    // A fresh application: both decks, 2 x 53.
    let mut bot = bin.start(1).await;
    wait_log(&bin, 1, "card emojis ready").await;
    assert_eq!(fake.emoji_calls(), (1, 106, 0));
    let first = ours(fake);
    assert_eq!(first.len(), 106);
    bot.sigkill();
    // A second start: nothing to upload.
    let mut bot = bin.start(2).await;
    wait_log(&bin, 2, "card emojis ready").await;
    assert_eq!(
        fake.emoji_calls(),
        (2, 106, 0),
        "a second start uploads nothing"
    );
    assert_eq!(ours(fake), first);
    bot.sigkill();
    // An earlier version of the art: the ace of spades' emoji carries another hash. Only
    // that one is replaced; someone else's emoji is left alone.
    let (ace, _) = first
        .iter()
        .find(|(_, n)| n.starts_with("gin_c_AS_"))
        .cloned()
        .unwrap();
    fake.rename_app_emoji(ace, "gin_c_AS_0badf00d");
    let _bot = bin.start(3).await;
    wait_log(&bin, 3, "card emojis ready").await;
    assert_eq!(fake.emoji_calls(), (3, 107, 1), "one deleted, one uploaded");
    let now = ours(fake);
    assert_eq!(now.len(), 106);
    assert!(!now.iter().any(|(id, _)| *id == ace));
    assert!(fake.app_emojis().iter().any(|(id, _)| *id == theirs));
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_upload_leaves_every_card_as_text() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    fake.fail_next("POST /applications/", 500);
    let _bot = bin.start(1).await;
    wait_log(&bin, 1, "card emojis unavailable").await;
    assert!(
        bin.log(1).contains("uploading the card emoji"),
        "the log line says why: {}",
        bin.log(1)
    );
    let mut game = Game::new(fake.clone(), fake.channel_id(), vec![alice(), bob()]);
    game.start(Some(TARGET)).await;
    let hand = game.open_hand(0).await.expect("a hand message");
    assert!(has_text_cards(&hand.content), "{}", hand.content);
    assert!(!hand.content.contains("<:"), "{}", hand.content);
    assert!(hand_cards(&hand.content).is_some_and(|h| h.len() >= 10));
    assert!(component_emojis(&hand).is_empty());
    let table = game.table().expect("the table");
    assert!(!table.content.contains("<:"), "{}", table.content);
    fake.assert_no_violations();
}

fn command(fake: &FakeDiscord, user: &User, sub: &str, options: Vec<Opt>) -> Value {
    fake.slash_command_in(fake.channel_id(), user, "gin", Some(sub), options)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hands_tables_showdowns_and_stats_show_the_card_art_unless_text_was_chosen() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    let _bot = bin.start(1).await;
    wait_log(&bin, 1, "card emojis ready").await;
    // Bob wants text in his own hands; the server shows the four-colour deck in public.
    let cb = fake
        .interact(command(fake, &bob(), "cards", vec![Opt::choice("look", 2)]))
        .await;
    assert!(
        cb.ok() && cb.ephemeral && cb.content().contains("text"),
        "{cb:?}"
    );
    let moderator = User::new(5003, "Carol").moderator();
    let cb = fake
        .interact(fake.slash_command_in(
            fake.channel_id(),
            &moderator,
            "ginmod",
            Some("settings"),
            vec![Opt::choice("cards", 1)],
        ))
        .await;
    assert!(cb.ok() && cb.content().contains("four colours"), "{cb:?}");

    let mut game = Game::new(fake.clone(), fake.channel_id(), vec![alice(), bob()]);
    game.start(Some(TARGET)).await;
    let table = game.table().expect("the table");
    assert!(table.content.contains("<:gin_f_"), "{}", table.content);
    let a = game.open_hand(0).await.expect("Alice's hand");
    assert!(a.content.contains("<:gin_c_"), "{}", a.content);
    assert!(!has_text_cards(
        a.content
            .lines()
            .find(|l| l.contains("deadwood **"))
            .unwrap()
    ));
    assert!(
        hand_cards(&a.content).is_some_and(|h| h.len() >= 10),
        "{}",
        a.content
    );
    let b = game.open_hand(1).await.expect("Bob's hand");
    assert!(
        has_text_cards(&b.content) && !b.content.contains("<:"),
        "{}",
        b.content
    );
    // Play on, looking at Alice's hand after every move: her discard buttons are card
    // emojis, Bob's are not.
    let (mut alice_emojis, mut bob_emojis) = (0, 0);
    loop {
        match game.step().await {
            Step::Over => break,
            Step::Idle => tokio::time::sleep(Duration::from_millis(20)).await,
            Step::Acted { .. } => {}
        }
        assert!(game.presses < MAX_PRESSES);
        for (p, count) in [(0, &mut alice_emojis), (1, &mut bob_emojis)] {
            if let Some(hand) = game.hand_message(p) {
                let names = component_emojis(&hand);
                assert!(names.iter().all(|n| n.starts_with("gin_c_")), "{names:?}");
                *count += names.len();
            }
        }
    }
    assert!(alice_emojis > 0, "Alice never saw a card emoji on a button");
    assert_eq!(bob_emojis, 0, "Bob chose text");

    // Every scored showdown came with its picture, described in words.
    let pictures: Vec<Value> = fake
        .messages_in(fake.channel_id())
        .into_iter()
        .filter(|m| !m.ephemeral)
        .flat_map(|m| m.attachments.clone())
        .collect();
    assert!(!pictures.is_empty(), "no showdown picture");
    for p in &pictures {
        assert!(p["filename"].as_str().unwrap().starts_with("showdown-"));
        let description = p["description"].as_str().unwrap_or_default();
        assert!(description.contains("scores"), "{description}");
        let id: u64 = p["id"].as_str().unwrap().parse().unwrap();
        let png = fake.attachment(id).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
    }

    // The stats come with a chart, its trend in words.
    let cb = fake
        .interact(command(fake, &alice(), "stats", vec![]))
        .await;
    let stats = fake
        .message(cb.message_id.expect("a stats message"))
        .unwrap();
    let chart = stats.attachments.first().expect("a chart");
    assert_eq!(chart["filename"], "stats.png");
    let description = chart["description"].as_str().unwrap();
    assert!(
        description.contains("Alice") && description.contains("net points"),
        "{description}"
    );
    fake.assert_no_violations();
}
