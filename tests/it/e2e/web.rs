//! The web table's protocol, as a page speaks it (`support::web`, no browser): signed in
//! through the fake Discord's OAuth2 side, a socket per person, moves taken as button presses
//! are, the channel's table message following, and nothing hidden in any frame.

use crate::support::fake_discord;
use crate::support::web::{self as page, leaked, sensible_move, Socket};
use crate::support::wire::*;
use gin::engine::{Card, CardSet, Match, Seat};
use serde_json::{json, Value};
use std::time::Duration;

/// The fake Discord's application id (`FakeOptions::app_id`).
const APP: u64 = 100;
/// The Activity instance the pages run in (the fake Discord says where).
const INSTANCE: &str = "i-1";

/// A bot with the web table, and an Activity instance in its channel that Alice, Bob and
/// Carol have joined.
async fn web_bot(seed: u32) -> (Bot, u16) {
    page::bot_with_table(seed, INSTANCE, &[ALICE, BOB, CAROL]).await
}

/// The cards `seat` (None: someone watching) may not know at this moment of `m`: the stock
/// and the cards in the other hands that no one saw taken from the pile. Within a hand that
/// set only shrinks, so frames received earlier in the hand are held to it too.
pub(crate) fn hidden_from(m: &Match, seat: Option<Seat>) -> Vec<String> {
    let h = &m.hand;
    if m.is_over() {
        return h.stock.iter().map(Card::to_string).collect();
    }
    let mut seen = CardSet::from_cards(&h.discard_pile);
    for k in h.known {
        seen = CardSet(seen.0 | k.0);
    }
    if let Some(i) = seat.and_then(|s| h.players.iter().position(|&p| p == s)) {
        seen = CardSet(seen.0 | h.hands[i].0);
    }
    Card::all()
        .filter(|c| !seen.contains(*c))
        .map(|c| c.to_string())
        .collect()
}

/// A frame without the public record of a finished deal or match (every hand open by the
/// rules, and the next deal is made of the same 52 cards).
pub(crate) fn current_part(frame: &Value) -> Value {
    let mut f = frame.clone();
    if let Some(o) = f.as_object_mut() {
        o.remove("last_deal");
        o.remove("end");
    }
    f
}

/// Holds every frame received since `from` to what its receiver may see now; returns the
/// new `from`.
fn assert_no_leak(socket: &Socket, from: usize, m: &Match, seat: Option<Seat>, who: &str) -> usize {
    let hidden = hidden_from(m, seat);
    for frame in &socket.received[from..] {
        let found = leaked(&current_part(frame), &hidden);
        assert!(
            found.is_empty(),
            "{who} received hidden cards {found:?} in {frame}"
        );
    }
    socket.received.len()
}

fn seat_of(state: &Value) -> Option<Seat> {
    state["seat"].as_u64().map(|s| s as Seat)
}

/// A match begun with buttons is played to its end on the web table: every move answered,
/// the channel's table message following each, the watcher seeing the table and never a
/// hidden card; the scan itself catches a leak.
#[tokio::test]
async fn a_match_begun_with_buttons_is_finished_on_the_web_table() {
    let (bot, port) = web_bot(11).await;
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    play_until_applied(&mut game, 2).await;
    let channel = bot.fake.channel_id();
    let id = game.match_id;
    let mut people = Vec::new();
    for u in [ALICE, BOB, CAROL] {
        let session = page::sign_in(&bot.fake, port, &user(u)).await;
        people.push(Socket::join(port, &session, INSTANCE).await);
    }
    for s in &people {
        assert_eq!(s.state()["match"]["id"], id, "{}", s.state());
    }
    assert_eq!(people[2].state()["seat"], Value::Null, "Carol watches");
    assert_eq!(people[2].state()["hand"], Value::Null);
    assert!(people[2].state()["table"]["view"]["discard_pile"].is_array());
    // The scan finds a card of Alice's hand in a frame made to show it.
    let alice_seat = seat_of(people[0].state());
    let m = state(&bot.db, id).await;
    let leak = json!({"t": "state", "hand": people[0].state()["hand"].clone()});
    assert!(
        !leaked(&leak, &hidden_from(&m, Some(1 - alice_seat.unwrap()))).is_empty(),
        "the scan must see Alice's cards in a frame sent to Bob"
    );
    let mut scanned = [0usize; 3];
    let mut moves = 0;
    loop {
        let m = state(&bot.db, id).await;
        for (i, s) in people.iter().enumerate() {
            let seat = seat_of(s.state());
            scanned[i] = assert_no_leak(s, scanned[i], &m, seat, ["Alice", "Bob", "Carol"][i]);
        }
        if m.is_over() {
            break;
        }
        let version = snap(&bot.db, id).await.version;
        let mover = (0..2)
            .find(|&i| {
                people[i].state()["moves"]
                    .as_array()
                    .is_some_and(|a| !a.is_empty())
            })
            .expect("someone may move");
        let mv = sensible_move(people[mover].state()).unwrap();
        let writes = bot.fake.public_writes(channel);
        let answer = people[mover].play(&mv).await;
        assert_eq!(answer["t"], "ack", "{mv}: {answer}");
        moves += 1;
        assert_eq!(
            snap(&bot.db, id).await.version,
            version + 1,
            "stored before answered"
        );
        for s in people.iter_mut() {
            s.state_at(id, version + 1).await;
        }
        // The table message follows every move.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while bot.fake.public_writes(channel) == writes {
            assert!(
                tokio::time::Instant::now() < deadline,
                "no table edit after {mv}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(moves < 2000, "the match does not end");
    }
    for s in &people {
        assert_eq!(s.state()["match"]["over"], true);
        assert!(!s.state()["end"].is_null(), "the settlement is shown");
    }
    bot.finish().await;
}

/// Bad input changes nothing: a foreign origin, an unknown or a reused code, a forged
/// session, a move by someone watching, out of turn, replayed, not offered, malformed.
#[tokio::test]
async fn forged_replayed_and_out_of_turn_moves_change_nothing() {
    let (bot, port) = web_bot(12).await;
    let fake = &bot.fake;
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    let id = game.match_id;

    // The sign-in: from Discord's page only, with a code Discord gave, once.
    let (status, _) = page::post_token(port, "https://evil.example", "x").await;
    assert_eq!(status, 403);
    assert!(Socket::open(port, "https://evil.example").await.is_err());
    let (status, _) = page::post_token(port, &page::origin(port), "never-given").await;
    assert_eq!(status, 401);
    fake.grant_code("once", &user(ALICE));
    assert_eq!(
        page::post_token(port, &page::origin(port), "once").await.0,
        200
    );
    assert_eq!(
        page::post_token(port, &page::origin(port), "once").await.0,
        401
    );
    assert_eq!(
        fake.oauth_exchanges(),
        (1, 2),
        "a foreign origin never reached Discord"
    );

    let alice = page::sign_in(fake, port, &user(ALICE)).await;
    // Bob's id on Alice's session: refused, the socket closed.
    let (body, sig) = alice.rsplit_once('.').unwrap();
    let forged = format!(
        "{}.{sig}",
        body.replacen(&ALICE.to_string(), &BOB.to_string(), 1)
    );
    for (session, code) in [(forged.as_str(), "unauthorized"), ("junk", "unauthorized")] {
        let mut s = Socket::open(port, &page::origin(port)).await.unwrap();
        s.send(json!({"t": "hello", "session": session, "instance_id": INSTANCE}))
            .await;
        let e = s.next().await.unwrap();
        assert_eq!(
            (e["t"].as_str(), e["code"].as_str()),
            (Some("error"), Some(code))
        );
        assert!(s.next().await.is_none(), "closed");
    }
    let mut s = Socket::open(port, &page::origin(port)).await.unwrap();
    s.send(json!({"t": "move", "seq": 1})).await;
    assert_eq!(s.next().await.unwrap()["code"], "bad_hello");
    // Mallory is signed in but not in the Activity here; an instance no one launched.
    let mallory = page::sign_in(fake, port, &user(MALLORY)).await;
    for (session, instance) in [
        (&mallory, INSTANCE),
        (&alice, "i-unknown"),
        (&alice, "../x"),
    ] {
        let mut s = Socket::open(port, &page::origin(port)).await.unwrap();
        s.send(json!({"t": "hello", "session": session, "instance_id": instance}))
            .await;
        assert_eq!(s.next().await.unwrap()["code"], "not_in_activity");
    }

    let before = snap(&bot.db, id).await;
    let mut a = Socket::join(port, &alice, INSTANCE).await;
    let bob = page::sign_in(fake, port, &user(BOB)).await;
    let mut b = Socket::join(port, &bob, INSTANCE).await;
    let carol = page::sign_in(fake, port, &user(CAROL)).await;
    let mut c = Socket::join(port, &carol, INSTANCE).await;
    let version = a.state()["match"]["version"].as_i64().unwrap();
    let (mover, waiter) = if a.state()["moves"].as_array().unwrap().is_empty() {
        (&mut b, &mut a)
    } else {
        (&mut a, &mut b)
    };
    // Someone watching, the player not to move, a card not held, a match not shown,
    // malformed frames.
    let offered = page::forged_moves_refused(mover, waiter, &mut c, id, version).await;
    mover
        .send(json!({"t": "move", "seq": 9, "match_id": id}))
        .await;
    assert_eq!(mover.next_of("refused").await["code"], "bad_message");
    mover
        .send_raw(tokio_tungstenite::tungstenite::Message::Text(
            "{not json".into(),
        ))
        .await;
    assert_eq!(mover.next_of("refused").await["code"], "bad_message");
    assert_eq!(snap(&bot.db, id).await, before, "nothing changed");

    // A user's sockets are counted: the ninth is refused.
    let mut open = Vec::new();
    for _ in 0..7 {
        open.push(Socket::join(port, &carol, INSTANCE).await);
    }
    let mut ninth = Socket::open(port, &page::origin(port)).await.unwrap();
    ninth
        .send(json!({"t": "hello", "session": carol, "instance_id": INSTANCE}))
        .await;
    assert_eq!(ninth.next().await.unwrap()["code"], "too_many");
    drop(open);

    // The move itself, then the same frame again: stale, nothing more changed.
    let r = mover.play_raw(id, version, offered["play"].clone()).await;
    assert_eq!(r["t"], "ack", "{r}");
    let after = snap(&bot.db, id).await;
    assert_eq!(after.version, version + 1);
    let r = mover.play_raw(id, version, offered["play"].clone()).await;
    assert_eq!(r["code"], "stale", "{r}");
    assert_eq!(snap(&bot.db, id).await, after);
    bot.finish().await;
}

/// Without a client secret the web table is off: nothing listens.
#[tokio::test]
async fn without_a_client_secret_the_web_table_is_off() {
    let port = page::free_port();
    let bot = Bot::start_configured(13, |c| {
        page::configure(c, APP, port);
        c.activity.client_secret = gin::config::Secret::new("");
    })
    .await;
    assert!(tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err());
    bot.finish().await;
}

/// A challenge made on the web table is posted in the channel, accepted with its button,
/// and the match is played to its end with buttons while the pages follow it.
#[tokio::test]
async fn a_match_begun_on_the_web_table_is_finished_with_buttons() {
    let (bot, port) = web_bot(14).await;
    let channel = bot.fake.channel_id();
    let alice = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let mut a = Socket::join(port, &alice, INSTANCE).await;
    assert_eq!(a.state()["match"], Value::Null, "no match here yet");
    let challenge = json!({"t": "challenge", "seq": 1, "opponent": BOB.to_string()});
    a.send(challenge.clone()).await;
    assert_eq!(
        a.next_of("refused").await["code"],
        "not_present",
        "Bob is not at the table"
    );
    let bob = page::sign_in(&bot.fake, port, &user(BOB)).await;
    let mut b = Socket::join(port, &bob, INSTANCE).await;
    // Alice sees Bob arrive at the table.
    loop {
        let presence = a.next_of("presence").await;
        let ids: Vec<&str> = presence["users"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|u| u["id"].as_str())
            .collect();
        if ids.contains(&BOB.to_string().as_str()) {
            assert!(ids.contains(&ALICE.to_string().as_str()), "{presence}");
            break;
        }
    }
    a.send(challenge).await;
    assert_eq!(a.next_of("ack").await["seq"], 1);
    let posted = bot
        .fake
        .last_public_message(channel)
        .expect("the challenge is posted");
    let accept = posted
        .find_button(|id| id.starts_with("gin:acc:"))
        .expect("an Accept button");
    let cb = bot
        .fake
        .interact(bot.fake.press(&user(BOB), &posted, &accept))
        .await;
    assert!(
        cb.ok() && cb.kind == 7,
        "Accept makes the challenge the table: {cb:?}"
    );
    let dealt = loop {
        let s = b.next_state().await;
        if !s["match"].is_null() {
            break s;
        }
    };
    let id = dealt["match"]["id"].as_i64().unwrap();
    let mut game = bot.game(&[ALICE, BOB]);
    game.match_id = id;
    for _ in 0..MAX_PRESSES {
        if matches!(game.step().await, fake_discord::player::Step::Over) {
            break;
        }
    }
    assert!(
        state(&bot.db, id).await.is_over(),
        "the match ended with buttons"
    );
    for s in [&mut a, &mut b] {
        loop {
            if s.state()["match"]["over"] == true {
                break;
            }
            s.next_state().await;
        }
    }
    bot.finish().await;
}

/// Practice from the web table: the match against the bot opens in the channel, the page
/// plays, the bot answers.
#[tokio::test]
async fn practice_against_the_bot_from_the_web_table() {
    let (bot, port) = web_bot(15).await;
    let carol = page::sign_in(&bot.fake, port, &user(CAROL)).await;
    let mut c = Socket::join(port, &carol, INSTANCE).await;
    c.send(json!({"t": "practice", "seq": 4})).await;
    assert_eq!(c.next_of("ack").await["seq"], 4);
    let dealt = loop {
        let s = c.next_state().await;
        if !s["match"].is_null() {
            break s;
        }
    };
    let id = dealt["match"]["id"].as_i64().unwrap();
    assert!(
        bot.fake
            .last_public_message(bot.fake.channel_id())
            .is_some(),
        "a table"
    );
    // Carol plays until the bot has moved twice in reply.
    let mut mine = 0;
    while mine < 6 {
        let s = c.state().clone();
        match sensible_move(&s) {
            Some(mv) => {
                let r = c.play(&mv).await;
                if r["t"] == "ack" {
                    mine += 1;
                } else {
                    // The bot moved meanwhile: the state as it stands follows.
                    assert_eq!(r["code"], "stale", "{r}");
                }
            }
            None => {
                c.next_state().await;
            }
        }
        if state(&bot.db, id).await.is_over() {
            break;
        }
    }
    let actions = bot.db.matches().match_actions(id).await.unwrap().len();
    assert!(
        actions > mine,
        "the bot moved too: {actions} actions, {mine} of Carol's"
    );
    bot.finish().await;
}

/// `/gin play` opens the Activity (callback 12); a bot without one says so, privately.
#[tokio::test]
async fn gin_play_launches_the_activity_where_there_is_one() {
    let (bot, _port) = web_bot(16).await;
    let play = bot
        .fake
        .slash_command(&user(ALICE), "gin", Some("play"), vec![]);
    let cb = bot.fake.interact(play).await;
    assert!(cb.ok() && cb.kind == 12, "LAUNCH_ACTIVITY: {cb:?}");
    bot.finish().await;

    let plain = Bot::start(17).await;
    let play = plain
        .fake
        .slash_command(&user(ALICE), "gin", Some("play"), vec![]);
    let cb = plain.fake.interact(play).await;
    assert!(cb.ok() && cb.kind == 4 && cb.ephemeral, "{cb:?}");
    let text = cb.data["content"].as_str().unwrap_or_default();
    assert!(text.contains("not set up"), "{text}");
    plain.finish().await;
}

/// Every game of the list (two-player Gin has tests of its own) on the web table: each player
/// sees their own hand (and at Team Gin their partner's), someone watching the public table;
/// no frame holds a card of another hand that the public table does not show.
#[tokio::test]
async fn every_game_plays_on_the_web_table_with_its_view_rules() {
    use crate::support::table::Table;
    let four: Vec<_> = (0..4).map(|i| user(ALICE + i)).collect();
    let games = crate::games::web_starts(&four);
    for (i, game) in games.into_iter().enumerate() {
        let name = game.label;
        let users = four[..game.seats].to_vec();
        let mut present: Vec<u64> = users.iter().map(|u| u.id).collect();
        present.push(MALLORY);
        let (bot, port) = page::bot_with_table(40 + i as u32, INSTANCE, &present).await;
        let url = bot.url.clone();
        let (table, _) =
            Table::start(&bot.fake, &url, users.clone(), game.command, game.options).await;
        let id = table.match_id;
        let mut sockets = Vec::new();
        for u in &present {
            let session = page::sign_in(&bot.fake, port, &user(*u)).await;
            sockets.push(Socket::join(port, &session, INSTANCE).await);
        }
        let watcher = sockets.len() - 1;
        assert_eq!(sockets[watcher].state()["hand"], Value::Null, "{name}");
        let mut scanned = vec![0usize; sockets.len()];
        let mut made = Vec::new();
        for step in 0..24 {
            let stored = snap(&bot.db, id).await.version;
            for s in sockets.iter_mut() {
                while s.state()["match"]["stored"].as_i64() < Some(stored) {
                    s.next_state().await;
                }
            }
            // What each player holds, as their own view says; what the table shows everyone.
            let public = current_part(sockets[watcher].state())["table"].clone();
            let states: Vec<Value> = sockets.iter().map(|s| s.state().clone()).collect();
            for (v, s) in sockets.iter().enumerate() {
                let others: Vec<&Value> = states
                    .iter()
                    .enumerate()
                    .filter(|(o, _)| *o != v)
                    .map(|(_, o)| o)
                    .collect();
                let hidden = page::hidden_by_views(&states[v], &others, &public, game.hand_cards);
                for frame in &s.received[scanned[v]..] {
                    if frame["t"] == "state" && frame["match"]["stored"].as_i64() != Some(stored) {
                        continue; // another moment, checked at its own step
                    }
                    let found = leaked(&current_part(frame), &hidden);
                    assert!(found.is_empty(), "{name}, seat {v}: {found:?} in {frame}");
                }
                scanned[v] = s.received.len();
            }
            if state_over(&sockets[watcher]) {
                break;
            }
            let Some(mover) = (0..watcher).find(|&p| {
                sockets[p].state()["moves"]
                    .as_array()
                    .is_some_and(|m| !m.is_empty())
            }) else {
                panic!("{name}: no one may move at step {step}");
            };
            let mv = sensible_move(sockets[mover].state()).unwrap();
            let answer = sockets[mover].play(&mv).await;
            assert_eq!(answer["t"], "ack", "{name}: {mv}: {answer}");
            made.push(mv);
        }
        for kind in game.must_make {
            assert!(made.iter().any(|m| m.starts_with(kind)), "{kind} {made:?}");
        }
        assert!(
            // A game may be played out sooner (never ended otherwise).
            snap(&bot.db, id).await.version >= 12 || snap(&bot.db, id).await.status == "finished",
            "{name}: the web table played on"
        );
        bot.finish().await;
    }
}

fn state_over(s: &Socket) -> bool {
    s.state()["match"]["over"] == true
}
