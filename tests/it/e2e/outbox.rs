//! The durable outbox over the wire: every accepted move is stored with the messages it
//! requires (table edit, hand refreshes, showdown posts…), which are delivered after the
//! answer, retried when Discord fails, and delivered after a restart if they were not before.
//! The bot runs against the fake Discord of `support::fake_discord` (in this process, or as its
//! own binary when it must be killed).

use crate::support::{fake_discord, wire};

use crate::support::fake_discord::acts::{act_of_id, Act};
use fake_discord::player::{choose, has_moves, has_note, mention, Game};
use fake_discord::{Hold, StoredMessage, User, WriteKind};
use gin::engine::MatchEvent;
use gin::i18n::Lang;
use gin::store::Db;
use std::collections::HashSet;
use std::time::Duration;
use wire::*;

/// A move that passes the turn to the other player, ready to press.
struct Turn {
    /// Who makes it (the player to move now).
    player: usize,
    /// Their fresh hand message, which shows it.
    hand: StoredMessage,
    custom_id: String,
    /// The state version the button was drawn for (the move's index in the action log).
    version: i64,
    act: Act,
}

/// A Pass or a Discard on `hand` (the policy's choice if it is one): in the engine, the turn
/// passes after either.
fn passing_move(hand: &StoredMessage) -> Option<(String, i64, Act)> {
    let decode = |id: &str| match act_of_id(id) {
        Some(a) if matches!(a.act, Act::Pass | Act::Discard(_)) => {
            Some((id.to_string(), a.version, a.act))
        }
        _ => None,
    };
    choose(hand)
        .and_then(|id| decode(&id))
        .or_else(|| hand.custom_ids().iter().find_map(|id| decode(id)))
}

/// Both players open their hand (the player to move last, so theirs is fresh), and the mover
/// has a move that passes the turn; moves that keep it (a draw) are played first.
async fn turn_passing_move(game: &mut Game) -> Turn {
    for _ in 0..10 {
        let player = game.mover().expect("the table names the player to move");
        game.open_hand(1 - player)
            .await
            .expect("the other player's hand message");
        let hand = game
            .open_hand(player)
            .await
            .expect("the mover's hand message");
        if let Some((custom_id, version, act)) = passing_move(&hand) {
            return Turn {
                player,
                hand,
                custom_id,
                version,
                act,
            };
        }
        let n = game.applied.len();
        play_until_applied(game, n + 1).await;
    }
    panic!(
        "match {}: no Pass or Discard offered within 10 moves",
        game.match_id
    )
}

/// The stock count and the discard pile's size on a table ("Stock: 31 · Discard pile: 7♥ (2)"
/// or "… · Discard pile: empty").
fn stock_and_pile(content: &str) -> Option<(usize, usize)> {
    let line = content.lines().find(|l| l.starts_with("Stock: "))?;
    let stock = line["Stock: ".len()..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    let pile = if line.contains("Discard pile: empty") {
        0
    } else {
        let open = line.rfind('(')?;
        let close = line.rfind(')')?;
        line.get(open + 1..close)?.parse().ok()?
    };
    Some((stock, pile))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sigkill_between_the_stored_move_and_the_table_edit_is_repaired_after_restart() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let ch = fake.channel_id();
    let mut bot = bin.start(1).await;
    let mut game = Game::new(fake.clone(), ch, vec![user(ALICE), user(BOB)]);
    game.start(Some(LONG_TARGET)).await;
    let mid = game.match_id;
    // Pass, pass, draw (with the policy): then the mover has to discard.
    play_until_applied(&mut game, 3).await;
    let turn = turn_passing_move(&mut game).await;
    let (mover, next) = (turn.player, 1 - turn.player);
    let (old_user, new_user) = (game.players[mover].user.id, game.players[next].user.id);
    let table_id = game.table().expect("the table").id;
    let next_hand = game.players[next]
        .hand
        .expect("the next mover has an open hand message");
    let next_hand_before = fake.message(next_hand).expect("their hand message");
    assert!(
        !has_moves(&next_hand_before),
        "not their turn yet: {}",
        next_hand_before.content
    );

    // Hold the table edit, and any edit of the next mover's hand message (with any token the
    // bot may use for it): whichever the bot sends first, nothing of the move is shown yet.
    let table_hold = fake.hold_next("PATCH /channels/");
    let app = fake.options().app_id;
    let hand_holds: Vec<Hold> = fake
        .tokens_for(next_hand)
        .iter()
        .map(|t| fake.hold_next(&format!("PATCH /webhooks/{app}/{t}/")))
        .collect();
    assert!(!hand_holds.is_empty(), "a token for the next mover's hand");
    let writes_at_press = fake.writes().len();
    let cb = fake
        .send_interaction(fake.press(&game.players[mover].user, &turn.hand, &turn.custom_id))
        .callback()
        .await;
    assert!(
        cb.ok() && cb.kind == 7 && !has_note(cb.content()),
        "the move is answered as accepted: {cb:?}"
    );
    game.applied.push((turn.version, mover as u8, turn.act));
    // The answer comes after the move is stored; its deliveries follow.
    tokio::select! {
        _ = table_hold.wait_held() => {}
        _ = async {
            while !hand_holds.iter().any(|h| h.is_held()) {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        } => {}
    }
    // Deliveries sent together with the first one are held too.
    tokio::time::sleep(Duration::from_millis(300)).await;
    bot.sigkill();
    fake.forget_unanswered();
    // The held requests die with their connections: never applied, never recorded.
    drop(hand_holds);
    drop(table_hold);

    let db = Db::open(url).await.unwrap();
    let log = db.matches().match_actions(mid).await.unwrap();
    assert_eq!(
        log.len() as i64,
        turn.version + 1,
        "the move is the last entry of the action log"
    );
    let (seat, event) = log.last().expect("an action log");
    let event: MatchEvent = serde_json::from_str(event).unwrap();
    assert_eq!(
        (*seat, event),
        (
            mover as u8,
            MatchEvent::Play {
                seat: mover as u8,
                action: turn.act.action().expect("a move"),
            }
        ),
        "the move is stored"
    );
    let stale = fake.message(table_id).expect("the table");
    assert_eq!(
        mention(&stale.content),
        Some(old_user),
        "the table edit was lost with the process: the table still names the old mover:\n{}",
        stale.content
    );
    assert!(
        fake.writes_since(writes_at_press)
            .iter()
            .all(|w| w.message_id != table_id && w.message_id != next_hand),
        "nothing of the move reached the table or the next mover's hand before the kill"
    );
    let writes_before = fake.writes().len();

    // The restart delivers what the move still requires, without any press.
    let _bot = bin.start(2).await;
    let repaired = fake
        .wait_until(ch, Duration::from_secs(10), || {
            fake.message(table_id)
                .is_some_and(|t| mention(&t.content) == Some(new_user))
        })
        .await;
    assert!(
        repaired,
        "after the restart, the table names the next mover:\n{}",
        fake.message(table_id)
            .map(|t| t.content)
            .unwrap_or_default()
    );
    // (c) The next mover's hand message was refreshed with its token, showing their moves.
    let refreshed = fake
        .wait_until(ch, Duration::from_secs(10), || {
            fake.writes_since(writes_before).iter().any(|w| {
                w.message_id == next_hand && w.kind == WriteKind::WebhookEdit && w.status == 200
            }) && fake.message(next_hand).is_some_and(|m| has_moves(&m))
        })
        .await;
    assert!(
        refreshed,
        "after the restart, the next mover's hand message shows their moves:\n{}",
        fake.message(next_hand)
            .map(|m| m.content)
            .unwrap_or_default()
    );
    // Room for a repeated delivery to show up.
    tokio::time::sleep(Duration::from_millis(500)).await;

    // (a) The table names the new mover, and pings them once (not the old mover).
    let table = fake.message(table_id).expect("the table");
    assert!(
        table.content.contains(&format!("<@{new_user}>")),
        "{}",
        table.content
    );
    let last = fake
        .writes_to(table_id)
        .pop()
        .expect("a write to the table");
    let pinged = last.mentioned_users();
    assert_eq!(
        pinged.iter().filter(|&&u| u == new_user).count(),
        1,
        "the table edit pings the new mover once: {:?}",
        last.allowed_mentions
    );
    assert!(
        !pinged.contains(&old_user),
        "the old mover is not pinged: {:?}",
        last.allowed_mentions
    );
    // (b) Exactly one write to the table since the restart.
    let table_writes: Vec<_> = fake
        .writes_since(writes_before)
        .into_iter()
        .filter(|w| w.message_id == table_id)
        .collect();
    assert_eq!(
        table_writes.len(),
        1,
        "one table edit after the restart: {table_writes:?}"
    );

    // The match plays on to its end.
    game.play_to_end(MAX_PRESSES).await;
    // (d) No public message was posted twice.
    let posts: Vec<_> = fake
        .writes()
        .into_iter()
        .filter(|w| w.kind == WriteKind::ChannelPost && w.status == 200)
        .collect();
    let mut seen = HashSet::new();
    for p in &posts {
        assert!(
            seen.insert((p.channel_id, p.content.clone())),
            "posted twice in channel {}:\n{}",
            p.channel_id,
            p.content
        );
    }
    println!(
        "{} channel posts; {} posts deduplicated by their nonce",
        posts.len(),
        fake.deduplicated_posts()
    );
    // (e) Discord's rules held throughout.
    fake.assert_no_violations();
    fake.assert_first_response_within(DEADLINE);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_edit_that_fails_three_times_ends_up_current() {
    let (bot, mut game) = Bot::with_match(500).await;
    let fake = bot.fake.clone();
    let ch = fake.channel_id();
    let mid = game.match_id;
    play_until_applied(&mut game, 3).await;
    let turn = turn_passing_move(&mut game).await;
    let (mover, next) = (turn.player, 1 - turn.player);
    let new_user = game.players[next].user.id;
    let table_id = game.table().expect("the table").id;

    for _ in 0..3 {
        fake.fail_next("PATCH /channels/", 500);
    }
    let cb = fake
        .interact(fake.press(&game.players[mover].user, &turn.hand, &turn.custom_id))
        .await;
    assert!(
        cb.ok() && cb.kind == 7 && !has_note(cb.content()),
        "the move is answered as accepted: {cb:?}"
    );
    game.applied.push((turn.version, mover as u8, turn.act));
    // No further press: the bot retries on its own.
    let current = fake
        .wait_until(ch, Duration::from_secs(15), || {
            fake.message(table_id)
                .is_some_and(|t| mention(&t.content) == Some(new_user))
        })
        .await;
    assert!(
        current,
        "the table names the next mover within 15 s ({} faults served):\n{}",
        fake.faults_served(),
        fake.message(table_id)
            .map(|t| t.content)
            .unwrap_or_default()
    );
    assert_eq!(fake.faults_served(), 3, "three failed table edits");
    assert_eq!(fake.faults_pending(), 0);
    let writes = fake.writes_to(table_id);
    assert_eq!(
        writes.iter().filter(|w| w.status == 500).count(),
        3,
        "the three attempts that failed"
    );
    assert_eq!(writes.last().map(|w| w.status), Some(200));

    // The table shows the state as it is now.
    let mut table = fake.message(table_id).expect("the table");
    table.content = fake_discord::player::text_of(&table.content);
    let m = state(&bot.db, mid).await;
    let (stock, pile) = stock_and_pile(&table.content)
        .unwrap_or_else(|| panic!("a stock line on the table:\n{}", table.content));
    assert_eq!(stock, m.hand.stock.len(), "the stock:\n{}", table.content);
    assert_eq!(
        pile,
        m.hand.discard_pile.len(),
        "the discard pile:\n{}",
        table.content
    );
    if let Some(&top) = m.hand.discard_pile.last() {
        let shown = format!("Discard pile: {} (", gin::ui::render::card(Lang::En, top));
        assert!(
            table.content.contains(&shown),
            "{shown:?} on the table:\n{}",
            table.content
        );
    }
    bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_match_says_so_on_the_table_and_in_both_hands() {
    let (bot, mut game) = Bot::with_match(600).await;
    let fake = bot.fake.clone();
    let ch = fake.channel_id();
    let mid = game.match_id;
    let table_id = game.table().expect("the table").id;
    let mover = game.mover().expect("someone to move");
    let mut hands = Vec::new();
    for p in [1 - mover, mover] {
        let hand = game.open_hand(p).await.expect("a hand message");
        hands.push(hand.id);
    }
    let old = game
        .hand_message(mover)
        .filter(has_moves)
        .expect("the mover's hand shows moves");
    let old_move = choose(&old).expect("a move");

    let moderator = User::new(MODERATOR, "Mod").moderator();
    let cb = fake
        .interact(fake.slash_command(&moderator, "ginmod", Some("cancel"), vec![]))
        .await;
    assert!(cb.ok(), "/ginmod cancel is answered: {cb:?}");

    let cancelled = |m: &StoredMessage| m.content.to_lowercase().contains("cancelled");
    let done = fake
        .wait_until(ch, Duration::from_secs(10), || {
            let table = fake.message(table_id).is_some_and(|t| {
                cancelled(&t) && t.find_button(|id| id.starts_with("gin:hand:")).is_none()
            });
            table
                && hands.iter().all(|&h| {
                    fake.message(h).is_some_and(|m| {
                        cancelled(&m) && m.find_button(|id| id.starts_with("gin:a:")).is_none()
                    })
                })
        })
        .await;
    let show = |id: u64| {
        fake.message(id)
            .map(|m| format!("{}\n{:?}", m.content, m.custom_ids()))
            .unwrap_or_default()
    };
    assert!(
        done,
        "the table and both hands say the match was cancelled, without moves:\ntable: {}\nhand: {}\nhand: {}",
        show(table_id),
        show(hands[0]),
        show(hands[1])
    );

    // An old move button: an ephemeral answer, nothing changes.
    let before = snap(&bot.db, mid).await;
    assert_eq!(before.status, "cancelled");
    let cb = fake
        .interact(fake.press(&game.players[mover].user, &old, &old_move))
        .await;
    assert!(
        cb.ok() && cb.ephemeral && matches!(cb.kind, 4 | 7),
        "an ephemeral answer: {cb:?}"
    );
    if let Some(m) = cb.message_id.and_then(|id| fake.message(id)) {
        assert!(
            m.find_button(|id| id.starts_with("gin:a:")).is_none(),
            "no move offered: {:?}",
            m.custom_ids()
        );
    }
    assert_eq!(
        snap(&bot.db, mid).await,
        before,
        "the cancelled match is unchanged"
    );
    bot.finish().await;
}
