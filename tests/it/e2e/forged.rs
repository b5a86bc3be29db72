//! Presses and commands Discord delivers but the bot never meant, over the wire: one
//! challenge's buttons forged onto another's message, a match's buttons pressed from another
//! server, and commands a client still shows from before an update.

use crate::support::{fake_discord, wire};

use fake_discord::player::choose;
use fake_discord::{Callback, FakeDiscord};
use gin::store::{ChallengeState, Db};
use gin::ui::ids::Press;
use serde_json::{json, Value};
use std::time::Duration;
use wire::*;

/// A second server, with a channel of its own.
const OTHER_GUILD: u64 = 1_601;
const OTHER_CHANNEL: u64 = 1_700;

/// A refusal: the first answer is a new message only the presser sees.
fn assert_private_refusal(cb: &Callback, says: &str, what: &str) {
    assert!(cb.ok() && cb.kind == 4 && cb.ephemeral, "{what}: {cb:?}");
    assert!(cb.content().contains(says), "{what}: {}", cb.content());
}

/// A challenge as stored (state, who accepted, its message) and as its message shows it.
async fn challenge_seen(
    db: &Db,
    fake: &FakeDiscord,
    id: i64,
    message: u64,
) -> (
    ChallengeState,
    Vec<u64>,
    Option<u64>,
    String,
    Vec<String>,
    u64,
) {
    let row = db
        .challenges()
        .challenge(id)
        .await
        .unwrap()
        .expect("stored");
    let m = fake.message(message).expect("the challenge message");
    (
        row.status,
        row.accepted,
        row.message_id,
        m.content.clone(),
        m.custom_ids(),
        m.version,
    )
}

fn challenge_id(accept: &str) -> i64 {
    match Press::decode(accept) {
        Some(Press::Accept(id)) => id,
        other => panic!("not an Accept: {other:?}"),
    }
}

/// A player challenged in B presses B's Accept and Decline forged onto A's message (B in
/// another server): both are refused privately, and neither challenge changes, stored or shown.
/// A's and B's own buttons work afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenges_buttons_forged_onto_another_challenge_change_neither() {
    let bot = Bot::start(700).await;
    let fake = &bot.fake;
    fake.place_channel(OTHER_CHANNEL, OTHER_GUILD);
    let (alice, bob, carol, dave) = (user(ALICE), user(BOB), user(CAROL), user(DAVE));
    let (a_msg, a_accept) = challenge(fake, fake.channel_id(), &alice, &bob).await;
    let (b_msg, b_accept) = challenge(fake, OTHER_CHANNEL, &carol, &dave).await;
    let (a, b) = (challenge_id(&a_accept), challenge_id(&b_accept));
    let b_decline = Press::Decline(b).encode();
    // The bot keeps each challenge's message id moments after posting it.
    for (id, msg) in [(a, &a_msg), (b, &b_msg)] {
        let mut tries = 0;
        while bot
            .db
            .challenges()
            .challenge(id)
            .await
            .unwrap()
            .unwrap()
            .message_id
            != Some(msg.id)
        {
            tries += 1;
            assert!(tries < 250, "challenge {id}: its message id is not stored");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let before_a = challenge_seen(&bot.db, fake, a, a_msg.id).await;
    let before_b = challenge_seen(&bot.db, fake, b, b_msg.id).await;

    for (id, what) in [
        (&b_decline, "B's Decline on A's message"),
        (&b_accept, "B's Accept on A's message"),
    ] {
        let cb = fake.interact(fake.press_forged(&dave, &a_msg, id)).await;
        assert_private_refusal(&cb, "not one of mine", what);
        assert_eq!(
            challenge_seen(&bot.db, fake, a, a_msg.id).await,
            before_a,
            "{what}: A changed"
        );
        assert_eq!(
            challenge_seen(&bot.db, fake, b, b_msg.id).await,
            before_b,
            "{what}: B changed"
        );
    }
    for u in [ALICE, DAVE] {
        for ch in [fake.channel_id(), OTHER_CHANNEL] {
            assert_eq!(
                bot.db.matches().active_match_for(ch, u).await.unwrap(),
                None
            );
        }
    }

    // Each challenge's own buttons still answer it.
    let cb = fake.interact(fake.press(&bob, &a_msg, &a_accept)).await;
    assert!(cb.ok() && cb.kind == 7, "A's Accept: {cb:?}");
    assert!(bot
        .db
        .matches()
        .active_match_for(fake.channel_id(), ALICE)
        .await
        .unwrap()
        .is_some());
    let b_msg = fake.message(b_msg.id).unwrap();
    let cb = fake.interact(fake.press(&dave, &b_msg, &b_decline)).await;
    assert!(cb.ok() && cb.kind == 7, "B's Decline: {cb:?}");
    assert!(cb.content().contains("declined"), "{}", cb.content());
    bot.finish().await;
}

/// A player of a match in one server presses its buttons (a move, My hand, Refresh, Rules)
/// forged onto a message in a second server, and in another channel of the first: each is
/// refused privately and nothing is stored or shown. The move on the hand message still works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_matchs_buttons_pressed_from_another_server_are_refused() {
    let (bot, mut game) = Bot::with_match(710).await;
    let fake = bot.fake.clone();
    fake.place_channel(OTHER_CHANNEL, OTHER_GUILD);
    let mid = game.match_id;
    let p = game.mover().expect("someone to move");
    let hand = game.open_hand(p).await.expect("a hand message");
    let mv = choose(&hand).expect("a move");
    let who = game.players[p].user.clone();

    // A message of the bot's in the second server, and one in another channel of the first.
    let rules = fake.slash_command_in(OTHER_CHANNEL, &who, "gin", Some("rules"), vec![]);
    let cb = fake.interact(rules).await;
    let elsewhere = fake
        .message(cb.message_id.expect("an answer"))
        .expect("stored");
    assert_eq!(fake.guild_of(elsewhere.channel_id), OTHER_GUILD);
    let side_channel = fake.channel_id() + 5;
    let rules = fake.slash_command_in(side_channel, &who, "gin", Some("rules"), vec![]);
    let cb = fake.interact(rules).await;
    let side = fake
        .message(cb.message_id.expect("an answer"))
        .expect("stored");

    let before = snap(&bot.db, mid).await;
    let public = fake.public_writes(game.channel);
    let hand_version = fake.message(hand.id).unwrap().version;
    for (msg, place) in [(&elsewhere, "another server"), (&side, "another channel")] {
        for id in [
            mv.clone(),
            Press::Hand(mid).encode(),
            Press::Refresh(mid).encode(),
            Press::Rules(mid).encode(),
        ] {
            let what = format!("{} from {place}", Press::for_log(&id));
            let cb = fake.interact(fake.press_forged(&who, msg, &id)).await;
            assert_private_refusal(&cb, "played in another channel", &what);
            assert_eq!(snap(&bot.db, mid).await, before, "{what}: stored");
        }
    }
    assert_eq!(fake.public_writes(game.channel), public, "the table moved");
    assert_eq!(fake.message(hand.id).unwrap().version, hand_version);

    // The same move on the player's own hand message is taken.
    let cb = game.press(p, &hand, &mv).await;
    assert!(cb.ok() && cb.kind == 7, "{cb:?}");
    assert_eq!(snap(&bot.db, mid).await.version, before.version + 1);
    bot.finish().await;
}

/// A command as a client sent it before an update: `name`, then a subcommand group or
/// subcommand path (`sub`), no options.
fn outdated(fake: &FakeDiscord, locale: &str, name: &str, sub: &[&str]) -> Value {
    let who = user(ALICE).with_locale(locale);
    let mut payload = fake.slash_command(&who, name, None, vec![]);
    let mut options = json!([]);
    for (i, s) in sub.iter().enumerate().rev() {
        let kind = if i + 1 == sub.len() { 1 } else { 2 };
        options = json!([{"name": s, "type": kind, "options": options}]);
    }
    payload["data"]["options"] = options;
    payload
}

/// Commands a client still shows from before an update are answered privately: one that moved
/// names its new place (in the caller's language), any other says it is from an older version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_from_before_an_update_get_a_private_answer() {
    let bot = Bot::start(720).await;
    let fake = &bot.fake;
    let cases: [(&str, &str, &[&str], &str); 5] = [
        ("en-US", "gin", &["cancel"], "`/ginmod cancel`"),
        ("de", "gin", &["cancel"], "`/ginmod abbrechen`"),
        ("en-US", "gin", &["season", "new"], "`/ginmod season`"),
        ("en-US", "gin", &["frobnicate"], "older version"),
        ("en-US", "ginrummy", &[], "older version"),
    ];
    for (locale, name, sub, says) in cases {
        let what = format!("/{name} {} ({locale})", sub.join(" "));
        let sent = fake.send_outdated_command(outdated(fake, locale, name, sub));
        let cb = sent
            .within(Duration::from_secs(5))
            .await
            .unwrap_or_else(|| panic!("{what}: no answer"));
        assert_private_refusal(&cb, says, &what);
    }
    bot.finish().await;
}
