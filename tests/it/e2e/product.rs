//! The product over the wire, as Discord drives it, without reaching Discord: a fake Discord
//! (`support::fake_discord`) serves REST and the gateway on 127.0.0.1, and the bot runs against
//! it in this process (or as its own binary). Every move is a press of a button the bot sent.

use crate::support::endpoint::{bot_with_metrics, http_get};
use crate::support::{fake_discord, wire};

use crate::support::fake_discord::acts::{act_of_id, Act};
use fake_discord::player::{choose, has_moves, has_note, Game, Step};
use fake_discord::{Callback, FakeDiscord, Opt, StoredMessage, Write};
use futures_util::future::join_all;
use gin::engine::{CardSet, Match, MatchEvent};
use gin::i18n::Lang;
use gin::store::Db;
use gin::ui::ids::Press;
use serde_json::Value;
use std::collections::HashSet;
use std::time::Duration;
use wire::*;

/// The ledger of a finished match agrees with the engine, the action log and the channel.
/// `all_posts`: every showdown reached the channel (not so when the bot was killed mid-way).
async fn assert_ledger(db: &Db, fake: &FakeDiscord, game: &Game, all_posts: bool) {
    let mid = game.match_id;
    let row = db.matches().load_match(mid).await.unwrap().expect("stored");
    assert_eq!(row.status.to_string(), "finished");
    let m: Match = serde_json::from_str(&row.state_json).unwrap();
    let s = m.settlement().expect("settled").clone();
    assert!(s.totals[s.winner as usize] >= m.rules.target);
    assert_eq!(
        s.net.iter().sum::<i64>(),
        0,
        "what one wins, the other pays"
    );
    let (status, seats) = db
        .matches()
        .match_result(mid)
        .await
        .unwrap()
        .expect("a result");
    assert_eq!(status.to_string(), "finished");
    assert_eq!(seats.len(), game.players.len());
    for (seat, final_total, net, won) in seats {
        let i = seat as usize;
        assert_eq!(
            (final_total, net, won),
            (s.finals[i] as i64, s.net[i], s.winner == seat),
            "seat {seat}"
        );
        let stats = db
            .ledger()
            .player_stats(fake.guild_of(game.channel), game.players[i].user.id, None)
            .await
            .unwrap()
            .expect("stats");
        assert_eq!(
            (stats.played, stats.won, stats.net),
            (1, (s.winner == seat) as i64, s.net[i]),
            "seat {seat}"
        );
    }
    let hands = db.matches().match_hands(mid).await.unwrap();
    assert_eq!(hands.len(), m.history.len());
    let points: i64 = hands.iter().map(|h| h.2).sum();
    assert_eq!(points, s.totals.iter().map(|&t| t as i64).sum::<i64>());
    let log: Vec<MatchEvent> = db
        .matches()
        .match_actions(mid)
        .await
        .unwrap()
        .iter()
        .map(|(_, e)| serde_json::from_str(e).unwrap())
        .collect();
    assert_eq!(log.len() as i64, row.version);
    let mut replayed = Match::replay(m.rules.clone(), m.seats, m.seed, &log).unwrap();
    replayed.clear_log();
    assert_eq!(replayed, m, "the log replays to the state");
    let public: Vec<StoredMessage> = fake
        .messages_in(game.channel)
        .into_iter()
        .filter(|m| !m.ephemeral)
        .collect();
    if all_posts {
        let showdowns = public
            .iter()
            .filter(|p| p.content.contains("Shuffle seed"))
            .count();
        assert_eq!(showdowns, m.history.len(), "one public showdown per hand");
    }
    let end = public
        .iter()
        .find(|p| p.content.contains("wins the match"))
        .expect("the match-end message");
    for f in &s.finals {
        assert!(
            end.content.contains(&format!("= **{f}**")),
            "final total {f} in {}",
            end.content
        );
    }
}

/// Every move the bot acknowledged is in the action log, at the version it was drawn for.
async fn assert_acknowledged_kept(db: &Db, match_id: i64, applied: &[(i64, u8, Act)]) {
    let log = db.matches().match_actions(match_id).await.unwrap();
    for &(version, seat, act) in applied {
        let (s, event) = log.get(version as usize).unwrap_or_else(|| {
            panic!(
                "acknowledged {act:?} (version {version}) lost: the log has {} entries",
                log.len()
            )
        });
        let event: MatchEvent = serde_json::from_str(event).unwrap();
        assert_eq!(
            (*s, event),
            (
                seat,
                MatchEvent::Play {
                    seat,
                    action: act.action().expect("a move")
                }
            ),
            "log entry {version}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_from_gin_start_to_the_end() {
    let bot = Bot::start(1).await;
    let fake = &bot.fake;
    // The commands went to the guild (instant registration), /gin start among them.
    let path = format!(
        "/applications/{}/guilds/{}/commands",
        fake.options().app_id,
        fake.guild_id()
    );
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.method == "PUT" && r.path == path),
        "PUT {path}"
    );
    assert!(fake
        .registered_commands()
        .unwrap()
        .to_string()
        .contains(r#""name":"start""#));

    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    game.play_to_end(MAX_PRESSES).await;
    assert!(
        game.applied.len() > 10,
        "a real match: {} moves",
        game.applied.len()
    );
    // Moves were pressed on hand messages, which are ephemeral.
    let moves: Vec<_> = game
        .log
        .iter()
        .filter(|p| p.custom_id.starts_with("gin:a:"))
        .collect();
    assert!(moves
        .iter()
        .all(|p| p.callback.ok() && p.callback.ephemeral));
    assert_acknowledged_kept(&bot.db, game.match_id, &game.applied).await;
    assert_ledger(&bot.db, fake, &game, true).await;
    bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_process_survives_sigkill_in_the_middle_of_a_hand() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let mut bot = bin.start(1).await;
    let mut game = Game::new(
        fake.clone(),
        fake.channel_id(),
        vec![user(ALICE), user(BOB)],
    );
    game.start(Some(LONG_TARGET)).await;
    play_until_applied(&mut game, 7).await;
    // One more press in flight as the process dies: applied or not, never half-applied.
    if let Some(p) = (0..2).find(|&p| game.hand_message(p).is_some_and(|m| has_moves(&m))) {
        let msg = game.hand_message(p).unwrap();
        let _in_flight =
            fake.send_interaction(fake.press(&game.players[p].user, &msg, &choose(&msg).unwrap()));
    }
    bot.sigkill();
    fake.forget_unanswered();

    let db = Db::open(url).await.unwrap();
    let mid = game.match_id;
    assert_eq!(snap(&db, mid).await.status, "active");
    assert!(
        !state(&db, mid).await.hand.is_over(),
        "killed in the middle of a hand"
    );
    assert_acknowledged_kept(&db, mid, &game.applied).await;
    let old: HashSet<u64> = fake
        .messages_in(fake.channel_id())
        .iter()
        .map(|m| m.id)
        .collect();

    let _bot = bin.start(2).await;
    // The first presses after the restart are on the old messages, and they work.
    let first = game.log.len();
    let next = game.applied.len() + 1;
    play_until_applied(&mut game, next).await;
    let p = &game.log[first];
    assert!(
        p.message.is_some_and(|m| old.contains(&m)),
        "pressed an old message: {p:?}"
    );
    assert!(p.callback.ok(), "answered: {p:?}");
    game.play_to_end(MAX_PRESSES).await;

    assert_acknowledged_kept(&db, mid, &game.applied).await;
    assert_ledger(&db, fake, &game, false).await;
    fake.assert_no_violations();
    fake.assert_first_response_within(DEADLINE);
    drop(bot);
}

/// Two processes share one PostgreSQL database, each running one of two shards: every match
/// lives with the process of its guild's shard. One is killed mid-hand and started again: its
/// matches resume, the other's go on meanwhile untouched, nothing is answered twice or lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_two_shards_share_one_database_through_a_sigkill() {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: two processes share a PostgreSQL database (GIN_TEST_POSTGRES_URL, set by .ci/run)");
        return;
    }
    let bin = Binary::with_options(fake_discord::FakeOptions {
        shards: 2,
        ..Default::default()
    })
    .await;
    let (fake, url) = (&bin.fake, &bin.url);
    // Four servers, two on each shard, one channel and one match in each.
    let mut games = Vec::new();
    for i in 0..4u64 {
        let (guild, channel) = ((i << 22) + 601, 700 + i);
        fake.place_channel(channel, guild);
        assert_eq!(fake.shard_of(Some(guild)), (i % 2) as usize);
        let pair = vec![
            fake_discord::User::new(2001 + 2 * i, "Ann"),
            fake_discord::User::new(2002 + 2 * i, "Ben"),
        ];
        games.push(Game::new(fake.clone(), channel, pair));
    }
    let on_shard = |s: u32| {
        vec![
            ("GIN_SHARDS", format!("{s}-{s}/2")),
            ("GIN_GUILD_ID", "0".to_string()),
        ]
    };
    let mut first = bin.spawn(1, &on_shard(0));
    let second = bin.spawn(2, &on_shard(1));
    fake.wait_shard_ready(0, 1).await;
    fake.wait_shard_ready(1, 1).await;
    fake.wait_ready(1).await;
    assert!(fake.registered_commands().is_some());

    for g in &mut games {
        g.start(Some(LONG_TARGET)).await;
    }
    join_all(games.iter_mut().map(|g| play_until_applied(g, 6))).await;
    let db = Db::open(url).await.unwrap();
    for g in &games {
        assert_eq!(snap(&db, g.match_id).await.status, "active");
    }

    let (mut killed, mut kept): (Vec<&mut Game>, Vec<&mut Game>) = games
        .iter_mut()
        .partition(|g| fake.shard_of(Some(fake.guild_of(g.channel))) == 0);
    // A move on shard 0 stored and answered, its table edit held as the process dies: the
    // delivery is owed by shard 0's next process, and by no other.
    let owed = killed[0].channel;
    let hold = fake.hold_next(&format!("PATCH /channels/{owed}/"));
    move_answered(fake, killed[0]).await;
    hold.wait_held().await;
    // And a press in flight on shard 0's other match.
    let g1 = &killed[1];
    if let Some(p) = (0..2).find(|&p| g1.hand_message(p).is_some_and(|m| has_moves(&m))) {
        let msg = g1.hand_message(p).unwrap();
        let _in_flight =
            fake.send_interaction(fake.press(&g1.players[p].user, &msg, &choose(&msg).unwrap()));
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    first.sigkill();
    fake.forget_unanswered();
    drop(hold);
    // A statement the process sent before it died may still be committing.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let frozen: Vec<Snap> = join_all(killed.iter().map(|g| snap(&db, g.match_id))).await;
    let writes = |gs: &[&mut Game]| -> Vec<u64> {
        gs.iter().map(|g| fake.public_writes(g.channel)).collect()
    };
    let shown = writes(&killed);

    // Meanwhile the other process's matches go on, and the dead process's stay as they were.
    join_all(kept.iter_mut().map(|g| {
        let n = g.applied.len() + 6;
        play_until_applied(g, n)
    }))
    .await;
    let still: Vec<Snap> = join_all(killed.iter().map(|g| snap(&db, g.match_id))).await;
    assert_eq!(frozen, still, "nobody else touched the matches of shard 0");
    assert_eq!(
        shown,
        writes(&killed),
        "nobody else wrote to shard 0's tables"
    );
    for g in &killed {
        assert_acknowledged_kept(&db, g.match_id, &g.applied).await;
    }

    // Shard 0's process again: its matches resume while shard 1's play on.
    let _again = bin.spawn(3, &on_shard(0));
    fake.wait_shard_ready(0, 2).await;
    fake.wait_ready(2).await;
    let delivered = fake
        .wait_until(owed, Duration::from_secs(15), || {
            fake.public_writes(owed) > shown[0]
        })
        .await;
    assert!(
        delivered,
        "shard 0's new process delivers the table edit owed"
    );
    let mut all: Vec<&mut Game> = killed.into_iter().chain(kept).collect();
    join_all(all.iter_mut().map(|g| g.play_to_end(MAX_PRESSES))).await;

    for g in &all {
        assert_acknowledged_kept(&db, g.match_id, &g.applied).await;
        assert_ledger(&db, fake, g, false).await;
    }
    assert_eq!(
        fake.shard_stats(1).readies,
        1,
        "shard 1's process ran throughout"
    );
    assert_eq!(
        fake.shard_stats(0).readies,
        2,
        "shard 0: one process, then its restart"
    );
    // Shard 0's process registers the commands (globally) and uploads the card emojis; the
    // other only reads them.
    assert_eq!(fake.registrations(), (2, None));
    let (_, created, deleted) = fake.emoji_calls();
    assert_eq!(
        (created as usize, deleted),
        (fake.app_emojis().len(), 0),
        "each card emoji uploaded once"
    );
    // Each process applied moves of its own shard's matches only.
    let of_shard = |s: usize| -> HashSet<i64> {
        all.iter()
            .filter(|g| fake.shard_of(Some(fake.guild_of(g.channel))) == s)
            .map(|g| g.match_id)
            .collect()
    };
    let applied_by = |run: u32| matches_applied_in(&bin.log(run));
    assert_eq!(applied_by(2), of_shard(1), "the process of shard 1");
    let shard0: HashSet<i64> = applied_by(1).union(&applied_by(3)).copied().collect();
    assert_eq!(shard0, of_shard(0), "the processes of shard 0");
    for g in &all {
        println!(
            "match {} in guild {} (shard {}): {} moves applied, {} presses",
            g.match_id,
            fake.guild_of(g.channel),
            fake.shard_of(Some(fake.guild_of(g.channel))),
            g.applied.len(),
            g.presses
        );
    }
    fake.assert_no_violations();
    fake.assert_first_response_within(DEADLINE);
    drop(second);
}

/// The player to move in `game` makes a move, answered as applied (a knock's choice of card
/// counts as part of it).
async fn move_answered(fake: &FakeDiscord, game: &mut Game) {
    let p = game.mover().expect("someone to move");
    let mut msg = match game.hand_message(p).filter(has_moves) {
        Some(m) => m,
        None => game.open_hand(p).await.expect("a hand message"),
    };
    for _ in 0..3 {
        let id = choose(&msg).expect("a move");
        let Some(crate::support::fake_discord::acts::ActPress { version, act, .. }) =
            act_of_id(&id)
        else {
            unreachable!("choose returns moves")
        };
        let cb = fake
            .interact(fake.press(&game.players[p].user, &msg, &id))
            .await;
        assert!(cb.ok() && cb.kind == 7 && !has_note(cb.content()), "{cb:?}");
        if matches!(act, Act::KnockMode | Act::Back) {
            msg = fake.message(msg.id).expect("the hand message");
            continue;
        }
        game.applied.push((version, p as u8, act));
        return;
    }
    panic!("no move applied");
}

/// The matches a bot's log says it applied moves to.
pub(super) fn matches_applied_in(log: &str) -> HashSet<i64> {
    // The log is coloured: drop the escape sequences first.
    let mut plain = String::with_capacity(log.len());
    let mut chars = log.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            plain.push(c);
        }
    }
    plain
        .lines()
        .filter(|l| l.contains("action applied"))
        .filter_map(|l| {
            let rest = &l[l.find("match_id=")? + "match_id=".len()..];
            rest.split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        })
        .collect()
}

/// "hand N" of a table or hand message (showdowns say "Hand N:").
pub(crate) fn deal_of(content: &str) -> Option<u32> {
    let rest = &content[content.find("· hand ")? + "· hand ".len()..];
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The cards of hand `i` nobody else has seen, as the bot writes cards.
pub(crate) fn hidden(m: &Match, i: usize) -> Vec<String> {
    CardSet(m.hand.hands[i].0 & !m.hand.known[i].0)
        .iter()
        .map(|c| gin::ui::render::card(Lang::En, c))
        .collect()
}

/// A write must not show a card hidden in a hand its reader does not hold. Checked against
/// the state after the write (within one deal a card only leaves hiding by being discarded
/// or taken from the pile, in sight of all), skipping writes of another deal and showdowns.
pub(crate) fn scan(w: &Write, m: &Match, seats: &[u64]) {
    let w = &w.as_text();
    if w.content.contains("Shuffle seed") || w.content.contains("wins the match") {
        return; // the showdown and the settlement reveal the hand on purpose
    }
    if deal_of(&w.content).is_some_and(|d| d != m.deal_no + 1) {
        return; // a message of another deal
    }
    let own = w
        .owner
        .filter(|_| w.ephemeral)
        .and_then(|u| seats.iter().position(|&s| s == u))
        .and_then(|seat| m.hand.index_of(seat as u8));
    for i in (0..2).filter(|&i| Some(i) != own) {
        for card in hidden(m, i) {
            assert!(
                !w.content.contains(&card),
                "{card}, hidden in hand {i}, shown in {} message {}:\n{}",
                if w.ephemeral {
                    "an ephemeral"
                } else {
                    "a public"
                },
                w.message_id,
                w.content
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_card_of_a_hidden_hand_is_shown_before_its_showdown() {
    let bot = Bot::start(100).await;
    let fake = &bot.fake;
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    let (mid, seats) = (game.match_id, [ALICE, BOB]);
    let (mut checked, mut public, mut idle) = (0, 0, 0);
    loop {
        let step = game.step().await;
        let over = step == Step::Over;
        if step == Step::Idle {
            idle += 1;
            assert!(idle < 100, "the match is stuck");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let snapshot = snap(&bot.db, mid).await;
        let writes = fake.writes_since(checked);
        checked += writes.len();
        if snapshot.status != "active" {
            assert!(over || game.step().await == Step::Over);
            break;
        }
        let m: Match = serde_json::from_str(&snapshot.state).unwrap();
        for w in &writes {
            scan(w, &m, &seats);
            public += usize::from(!w.ephemeral);
        }
        assert!(game.presses < MAX_PRESSES);
    }
    assert!(public > 20, "scanned {public} public writes");
    bot.finish().await;
}

/// Printable ASCII custom_ids of 1 to 100 characters that are none of the bot's.
fn random_ids(n: usize) -> Vec<String> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut ids = Vec::new();
    while ids.len() < n {
        let len = 1 + (next() % 100) as usize;
        let mut id = String::new();
        for _ in 0..len {
            id.push((0x21 + (next() % 94) as u8) as char);
        }
        if Press::decode(&id).is_none() {
            ids.push(id);
        }
    }
    ids
}

struct Refusals<'a> {
    bot: &'a Bot,
    match_id: i64,
}

impl Refusals<'_> {
    /// The answer is ephemeral and says `says`; nothing public follows; the match is unchanged.
    async fn check(&self, payload: Value, says: &str, what: &str) -> Callback {
        let (fake, ch) = (&self.bot.fake, self.bot.fake.channel_id());
        let before = snap(&self.bot.db, self.match_id).await;
        let public = fake.public_writes(ch);
        let cb = fake.interact(payload).await;
        assert!(
            cb.ok() && matches!(cb.kind, 4 | 7) && cb.ephemeral,
            "{what}: an ephemeral answer, got {cb:?}"
        );
        assert!(
            cb.content().contains(says),
            "{what}: should say {says:?}: {:?}",
            cb.content()
        );
        let followed = fake
            .wait_until(ch, Duration::from_millis(50), || {
                fake.public_writes(ch) > public
            })
            .await;
        assert!(!followed, "{what}: something public followed");
        assert_eq!(
            snap(&self.bot.db, self.match_id).await,
            before,
            "{what}: the match changed"
        );
        cb
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_wrong_players_stale_and_forged_buttons_get_an_ephemeral_refusal() {
    let bot = Bot::start(200).await;
    let fake = bot.fake.clone();
    let (alice, mallory) = (user(ALICE), user(MALLORY));
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(10)).await;
    let mid = game.match_id;
    // An early hand message of the first mover, to press once it is stale.
    let first = game.mover().expect("someone to move");
    let early = game.open_hand(first).await.expect("a hand message");
    let early_move = choose(&early).expect("a move");
    // Pass, pass, draw: the mover now has to discard, nobody can have knocked yet.
    play_until_applied(&mut game, 3).await;

    let table = game.table().expect("the table");
    let version = snap(&bot.db, mid).await.version;
    let mover = game.mover().expect("someone to move");
    let other = 1 - mover;
    let other_hand = game.open_hand(other).await.expect("their hand");
    let refused = Refusals {
        bot: &bot,
        match_id: mid,
    };
    let stock = format!("gin:a:{mid}:{version}:stock");

    // Someone not in the match.
    refused
        .check(
            fake.press(&mallory, &table, &Press::Hand(mid).encode()),
            "not playing",
            "a stranger's My hand",
        )
        .await;
    refused
        .check(
            fake.press_forged(&mallory, &table, &stock),
            "not playing",
            "a stranger's move",
        )
        .await;
    refused
        .check(
            fake.press_forged(&mallory, &table, &Press::Refresh(mid).encode()),
            "not playing",
            "a stranger's Refresh",
        )
        .await;
    // The player who is not to move.
    let wrong = game.players[other].user.clone();
    refused
        .check(
            fake.press_forged(&wrong, &other_hand, &stock),
            "not your turn",
            "a move out of turn",
        )
        .await;
    // A button drawn for an earlier state.
    let who = game.players[first].user.clone();
    refused
        .check(
            fake.press(&who, &early, &early_move),
            "earlier moment",
            "a stale button",
        )
        .await;
    // Forged and random custom_ids.
    let forged = [
        format!("gin:a:{mid}:{version}:d-XX"),
        format!("gin:a:{mid}"),
        format!("gin:a:{mid}:-1:up"),
        format!("gin:a:{mid}:{version}:up:extra"),
        "gin:zzz:1".to_string(),
        "gin:".to_string(),
        "gin:hand:0".to_string(),
        "gin:hand:-4".to_string(),
        "hello".to_string(),
        "x".repeat(100),
    ];
    for id in forged.iter().chain(random_ids(20).iter()) {
        refused
            .check(
                fake.press_forged(&alice, &table, id),
                "not one of mine",
                &format!("custom_id {id:?}"),
            )
            .await;
    }
    // Unknown match and challenge ids.
    let unknown = 987_654;
    for (id, says) in [
        (Press::Hand(unknown).encode(), "do not know that match"),
        (Press::Refresh(unknown).encode(), "do not know that match"),
        (Press::Rules(unknown).encode(), "do not know that match"),
        (Act::DrawStock.id(unknown, 0), "do not know that match"),
        (Press::Accept(unknown).encode(), "not one of mine"),
        (Press::Decline(unknown).encode(), "not one of mine"),
    ] {
        refused
            .check(fake.press_forged(&alice, &table, &id), says, &id)
            .await;
    }

    // A challenge in another channel: Accept and Decline are only for the challenged.
    let ch2 = fake.channel_id() + 1;
    let (carol, dave) = (user(CAROL), user(DAVE));
    let (challenge, accept) = challenge(&fake, ch2, &carol, &dave).await;
    let decline = challenge
        .find_button(|id| id.starts_with("gin:dec:"))
        .unwrap();
    let cid: i64 = accept.rsplit(':').next().unwrap().parse().unwrap();
    let open = |db: Db| async move {
        db.challenges()
            .challenge(cid)
            .await
            .unwrap()
            .map(|c| (c.status, c.accepted))
    };
    let before = open(bot.db.clone()).await;
    assert_eq!(before, Some((gin::store::ChallengeState::Open, vec![])));
    for (who, id, what) in [
        (&mallory, &accept, "a stranger's Accept"),
        (&carol, &accept, "the challenger's own Accept"),
        (&mallory, &decline, "a stranger's Decline"),
    ] {
        let public = fake.public_writes(ch2);
        let cb = fake.interact(fake.press(who, &challenge, id)).await;
        assert!(cb.ok() && cb.kind == 4 && cb.ephemeral, "{what}: {cb:?}");
        assert!(
            cb.content().contains("not for you"),
            "{what}: {}",
            cb.content()
        );
        assert_eq!(
            open(bot.db.clone()).await,
            before,
            "{what}: the challenge changed"
        );
        assert_eq!(
            fake.public_writes(ch2),
            public,
            "{what}: the challenge message changed"
        );
    }

    // No panic anywhere: the match goes on to its end, and then its old buttons are refused.
    game.play_to_end(MAX_PRESSES).await;
    refused
        .check(
            fake.press(&who, &early, &early_move),
            "match is over",
            "a move after the end",
        )
        .await;
    bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_concurrent_presses_of_one_button_apply_once() {
    let bot = Bot::start(300).await;
    let fake = &bot.fake;
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    let mid = game.match_id;
    let p = game.mover().expect("someone to move");
    let hand = game.open_hand(p).await.expect("a hand message");
    let id = hand
        .find_button(|id| {
            act_of_id(id)
                .is_some_and(|a| matches!(a.act, Act::Pass | Act::DrawStock | Act::TakeUpcard))
        })
        .expect("a move");
    let who = game.players[p].user.clone();
    let before = snap(&bot.db, mid).await;

    let handles: Vec<_> = (0..50)
        .map(|_| fake.send_interaction(fake.press(&who, &hand, &id)))
        .collect();
    let answers = join_all(handles.into_iter().map(|h| h.callback())).await;

    assert!(
        answers
            .iter()
            .all(|cb| cb.ok() && cb.kind == 7 && cb.ephemeral),
        "{answers:?}"
    );
    let applied = answers.iter().filter(|cb| !has_note(cb.content())).count();
    assert_eq!(applied, 1, "exactly one press applies");
    assert!(answers
        .iter()
        .filter(|cb| has_note(cb.content()))
        .all(|cb| cb.content().contains("earlier moment")));
    let after = snap(&bot.db, mid).await;
    assert_eq!(
        (after.version, after.actions),
        (before.version + 1, before.actions + 1)
    );
    // And the match goes on.
    let n = game.applied.len();
    play_until_applied(&mut game, n + 1).await;
    bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_goes_on_through_a_dropped_gateway_and_failing_rest_calls() {
    let (bot, mut game) = Bot::with_match(400).await;
    let fake = bot.fake.clone();
    play_until_applied(&mut game, 3).await;

    // The connection drops; presses made meanwhile reach the bot once it has resumed.
    assert!(fake.drop_connection());
    play_until_applied(&mut game, 6).await;
    fake.wait_resumed(1).await;
    let gw = fake.gateway_stats();
    assert_eq!(gw.identifies, 1, "resumed, not identified again: {gw:?}");

    // Table edits and interaction callbacks answer 500, then 429, once each.
    for route in ["PATCH /channels/", "/callback"] {
        fake.fail_next(route, 500);
        fake.fail_next(route, 429);
    }
    game.play_to_end(MAX_PRESSES).await;
    assert_eq!((fake.faults_pending(), fake.faults_served()), (0, 4));
    assert_acknowledged_kept(&bot.db, game.match_id, &game.applied).await;
    assert_ledger(&bot.db, &fake, &game, true).await;
    bot.finish().await;
}

/// A hand is only ever written onto a private message: hand buttons forged onto the public
/// table are answered with a new private message, and the table stays as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hand_buttons_forged_onto_the_table_are_answered_privately() {
    let (bot, game) = Bot::with_match(700).await;
    let fake = bot.fake.clone();
    let mid = game.match_id;
    let table = game.table().expect("the table");
    let who = game.players[game.mover().expect("someone to move")]
        .user
        .clone();
    let version = snap(&bot.db, mid).await.version;
    let act = |act: Act| act.id(mid, version);
    // The match's first table delivery (stored with the match, should the answer fail) may
    // still rewrite the table with what it shows: let it land before taking the reference.
    fake.wait_until(fake.channel_id(), Duration::from_secs(2), || {
        fake.message(table.id)
            .is_some_and(|t| t.version > table.version)
    })
    .await;
    let before = fake.message(table.id).expect("the table");
    for id in [
        Press::Refresh(mid).encode(),
        act(Act::KnockMode),
        act(Act::Back),
        act(Act::Pass),
    ] {
        let cb = fake.interact(fake.press_forged(&who, &table, &id)).await;
        assert!(
            cb.ok() && cb.kind == 4 && cb.ephemeral,
            "{id}: a new private message, got {cb:?}"
        );
        assert!(cb.content().contains("Your hand"), "{id}: {}", cb.content());
        if !id.ends_with(":pass") {
            let after = fake.message(table.id).expect("the table");
            assert_eq!(
                (after.content, after.version),
                (before.content.clone(), before.version),
                "{id}: the table is untouched"
            );
        }
    }
    // The pass was a real move (the mover may make it from anywhere): the table moves on by
    // its own edit, and shows no hand.
    let moved = fake
        .wait_until(fake.channel_id(), Duration::from_secs(5), || {
            fake.message(table.id)
                .is_some_and(|t| t.version > before.version)
        })
        .await;
    assert!(moved, "the table shows the pass");
    let after = fake.message(table.id).expect("the table");
    assert!(
        !after.content.contains("Your hand"),
        "no hand on the table: {}",
        after.content
    );
    bot.finish().await;
}

/// No press rewrites a message into a kind it is not: a leaderboard page, a replay step, a
/// watcher's Refresh or a score sheet forged onto the public table is answered privately, and
/// the table stays as it was (with its My hand button).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn page_buttons_forged_onto_the_table_leave_it_alone() {
    let (bot, game) = Bot::with_match(710).await;
    let fake = bot.fake.clone();
    let mid = game.match_id;
    let table = game.table().expect("the table");
    let who = game.players[0].user.clone();
    let my_hand = Press::Hand(mid).encode();
    for id in [
        "gin:lb:1000:0".to_string(),
        "gin:lb:0:3".to_string(),
        Press::Replay {
            match_id: mid,
            deal: 0,
            step: 0,
        }
        .encode(),
        Press::Watch(mid).encode(),
        Press::Sheet(mid).encode(),
    ] {
        let since = fake.writes().len();
        let cb = fake.interact(fake.press_forged(&who, &table, &id)).await;
        assert!(
            cb.ok() && cb.ephemeral,
            "{id}: a private answer, got {cb:?}"
        );
        // The table's own edits (the game's) may come meanwhile: each is still the table.
        for w in fake.writes_since(since) {
            if w.message_id == table.id {
                assert!(
                    w.custom_ids.contains(&my_hand),
                    "{id}: the table was rewritten into {}",
                    w.content
                );
            }
        }
    }
    bot.finish().await;
}

/// A press answered by updating its message sends no `attachments` unless it brings files:
/// Discord removes a message's files when the field comes (even empty), so a message with a
/// picture and buttons would lose its picture on the first press.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_that_updates_its_message_leaves_its_files_alone() {
    let (bot, mut game) = Bot::with_match(720).await;
    let p = game.mover().expect("someone to move");
    let hand = game.open_hand(p).await.expect("a hand message");
    let refresh = Press::Refresh(game.match_id).encode();
    let cb = game.press(p, &hand, &refresh).await;
    assert!(cb.ok() && cb.kind == 7, "an update: {cb:?}");
    assert!(cb.data.get("attachments").is_none(), "{}", cb.data);
    bot.finish().await;
}

/// A command whose options cannot be read (here a user Discord did not resolve, as for a
/// deleted account) is answered with a clear private message in the caller's language, and
/// nothing is started.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_that_do_not_parse_get_a_clear_private_answer() {
    let bot = Bot::start(800).await;
    let fake = &bot.fake;
    for (caller, says) in [
        (user(ALICE), "could not read one of the options"),
        (user(CAROL).with_locale("de"), "konnte ich nicht lesen"),
    ] {
        let mut payload = fake.slash_command(
            &caller,
            "gin",
            Some("start"),
            vec![Opt::user("opponent", &user(BOB))],
        );
        payload["data"]
            .as_object_mut()
            .expect("command data")
            .remove("resolved");
        let public = fake.public_writes(fake.channel_id());
        let cb = fake.interact(payload).await;
        assert!(cb.ok() && cb.ephemeral, "a private answer: {cb:?}");
        assert!(cb.content().contains(says), "{}", cb.content());
        assert_eq!(
            fake.public_writes(fake.channel_id()),
            public,
            "nothing public"
        );
    }
    assert!(
        bot.db.challenges().challenge(1).await.unwrap().is_none(),
        "no challenge was opened"
    );
    bot.finish().await;
}

/// While the database cannot be written (another process holds SQLite's write lock for 4 s),
/// every press is answered within Discord's 3 s (deferred, then completed), and the move is
/// applied exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presses_while_the_database_is_held_are_answered_in_time_and_applied_once() {
    let (bot, mut game) = Bot::with_match(900).await;
    let fake = bot.fake.clone();
    let mid = game.match_id;
    let p = game.mover().expect("someone to move");
    let hand = game.open_hand(p).await.expect("a hand message");
    let id = choose(&hand).expect("a move");
    let who = game.players[p].user.clone();
    let before = snap(&bot.db, mid).await;

    let holder = wire::hold_writes(&bot.url).await;
    let held = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(4)).await;
        wire::release(holder).await;
    });
    // The move, and the same button twice more, pressed while the lock is held.
    let handles: Vec<_> = (0..3)
        .map(|_| fake.send_interaction(fake.press(&who, &hand, &id)))
        .collect();
    let answers = join_all(handles.into_iter().map(|h| h.callback())).await;
    for cb in &answers {
        assert!(cb.ok() && cb.elapsed < DEADLINE, "answered in time: {cb:?}");
    }
    assert!(
        answers.iter().any(|cb| cb.kind == 6),
        "a slow press is acknowledged first: {answers:?}"
    );
    held.await.unwrap();

    let applied = fake
        .wait_until(fake.channel_id(), Duration::from_secs(10), || {
            fake.message(hand.id)
                .is_some_and(|m| m.content != hand.content)
        })
        .await;
    assert!(
        applied,
        "the hand message shows the answer once it is ready"
    );
    let after = snap(&bot.db, mid).await;
    assert_eq!(
        (after.version, after.actions),
        (before.version + 1, before.actions + 1),
        "applied exactly once"
    );
    bot.finish().await;
}

/// A burst of presses larger than the bot works on at once (128, then the rest queue) is
/// answered in full, each press once and in time: the places are freed as answers go out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_presses_beyond_those_worked_on_at_once_is_answered_in_full() {
    let (bot, game) = Bot::with_match(901).await;
    let fake = bot.fake.clone();
    let table = game.table().expect("the table");
    let hand = Press::Hand(game.match_id).encode();
    // Onlookers asking for a hand they do not have: each gets its own refusal.
    let handles: Vec<_> = (0..600u64)
        .map(|i| {
            let who = fake_discord::User::new(70_000_000 + i, "Onlooker");
            fake.send_interaction(fake.press(&who, &table, &hand))
        })
        .collect();
    let answers = join_all(handles.into_iter().map(|h| h.callback())).await;
    let refused = answers
        .iter()
        .filter(|cb| cb.ok() && cb.ephemeral && cb.elapsed < DEADLINE)
        .count();
    assert_eq!(refused, 600, "every press answered privately, in time");
    // The players are still served after the burst.
    let mut game = game;
    let p = game.mover().expect("someone to move");
    assert!(game.open_hand(p).await.is_some(), "the mover's hand");
    bot.finish().await;
}

/// `n` matches started in channels from `channel`, players from `users`, each with its
/// mover's hand open: who presses, the hand, the move's button, the match and its stored
/// state before the move.
async fn moves_ready(
    bot: &Bot,
    n: u64,
    users: u64,
    channel: u64,
) -> Vec<(fake_discord::User, StoredMessage, String, i64, Snap)> {
    let mut ready = Vec::new();
    for i in 0..n {
        let players = vec![user(users + 2 * i), user(users + 2 * i + 1)];
        let mut game = Game::new(bot.fake.clone(), channel + i, players);
        game.start(Some(TARGET)).await;
        let p = game.mover().expect("someone to move");
        let hand = game.open_hand(p).await.expect("a hand message");
        let id = choose(&hand).expect("a move");
        let before = snap(&bot.db, game.match_id).await;
        ready.push((
            game.players[p].user.clone(),
            hand,
            id,
            game.match_id,
            before,
        ));
    }
    ready
}

/// More slow presses than the bot works on at once (128), while the database cannot be
/// written: every one is answered within Discord's 3 s (those still waiting for a place are
/// acknowledged first too), and each move is applied exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_presses_beyond_those_worked_on_at_once_are_all_answered_in_time() {
    let bot = Bot::start(902).await;
    let fake = bot.fake.clone();
    let presses = moves_ready(&bot, 130, 80_000_000, 90_000_000).await;
    let holder = wire::hold_writes(&bot.url).await;
    let held = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(4)).await;
        wire::release(holder).await;
    });
    let handles: Vec<_> = presses
        .iter()
        .map(|(who, hand, id, _, _)| fake.send_interaction(fake.press(who, hand, id)))
        .collect();
    let answers = join_all(handles.into_iter().map(|h| h.callback())).await;
    for cb in &answers {
        assert!(cb.ok() && cb.elapsed < DEADLINE, "answered in time: {cb:?}");
    }
    held.await.unwrap();
    for (_, _, _, mid, before) in &presses {
        let mut after = snap(&bot.db, *mid).await;
        for _ in 0..100 {
            if after.version > before.version {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            after = snap(&bot.db, *mid).await;
        }
        assert_eq!(
            (after.version, after.actions),
            (before.version + 1, before.actions + 1),
            "match {mid}: applied exactly once"
        );
    }
    bot.finish().await;
}

/// A stop while presses are still being worked on (the database cannot be written for 2 s):
/// the bot exits only once each has been answered and its move stored, not leaving the
/// players who pressed last before a restart without an answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_answers_the_presses_already_received_before_it_exits() {
    let mut bot = Bot::start(904).await;
    let fake = bot.fake.clone();
    let presses = moves_ready(&bot, 6, 81_000_000, 91_000_000).await;
    let holder = wire::hold_writes(&bot.url).await;
    let handles: Vec<_> = presses
        .iter()
        .map(|(who, hand, id, _, _)| fake.send_interaction(fake.press(who, hand, id)))
        .collect();
    // The presses have arrived and wait for the database; then the stop comes.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let held = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(2)).await;
        wire::release(holder).await;
    });
    bot.stop_within(Duration::from_secs(20)).await;
    // Checked the moment it exited: every move is stored and was answered.
    for (_, _, _, mid, before) in &presses {
        let after = snap(&bot.db, *mid).await;
        assert_eq!(
            (after.version, after.actions),
            (before.version + 1, before.actions + 1),
            "match {mid}: stored before the bot exited"
        );
    }
    let answers = join_all(handles.into_iter().map(|h| h.callback())).await;
    assert!(answers.iter().all(|cb| cb.ok()), "{answers:?}");
    held.await.unwrap();
}

/// An acceptance whose answer fails (Discord answers 500) still turns the challenge message
/// into the table: the match exists, and a stored delivery shows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_challenge_becomes_the_table_even_when_the_accept_answer_fails() {
    let bot = Bot::start(1000).await;
    let fake = bot.fake.clone();
    let (alice, bob) = (user(ALICE), user(BOB));
    let (challenge, accept) = challenge(&fake, fake.channel_id(), &alice, &bob).await;
    fake.fail_next("/callback", 500);
    let cb = fake.interact(fake.press(&bob, &challenge, &accept)).await;
    assert_eq!(cb.status, 500, "the answer failed: {cb:?}");
    let table = fake
        .wait_until(fake.channel_id(), Duration::from_secs(5), || {
            fake.message(challenge.id).is_some_and(|m| {
                m.find_button(|id| id.starts_with("gin:hand:")).is_some()
                    && m.find_button(|id| id.starts_with("gin:acc:")).is_none()
            })
        })
        .await;
    assert!(
        table,
        "the challenge message became the table: {:?}",
        fake.message(challenge.id).map(|m| m.content)
    );
    assert!(bot
        .db
        .matches()
        .active_match_for(fake.channel_id(), ALICE)
        .await
        .unwrap()
        .is_some());
    bot.finish().await;
}

/// A slash command whose answer fails still carries out what it did: `/gin resign` answered
/// with a 500 ends the match, and the table says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_whose_answer_fails_still_shows_what_it_did() {
    let (bot, game) = Bot::with_match(1100).await;
    let fake = bot.fake.clone();
    let table = game.table().expect("the table");
    fake.fail_next("/callback", 500);
    let resign = fake.slash_command(&user(BOB), "gin", Some("resign"), vec![]);
    let cb = fake.interact(resign).await;
    assert_eq!(cb.status, 500, "the answer failed: {cb:?}");
    let over = fake
        .wait_until(fake.channel_id(), Duration::from_secs(5), || {
            fake.message(table.id).is_some_and(|t| {
                t.content.contains("The match is over")
                    && t.find_button(|id| id.starts_with("gin:hand:")).is_none()
            })
        })
        .await;
    assert!(
        over,
        "the table shows the end: {:?}",
        fake.message(table.id).map(|t| t.content)
    );
    assert_eq!(snap(&bot.db, game.match_id).await.status, "resigned");
    bot.finish().await;
}

/// `/health` once it is red, or as it is after 5 s.
async fn red_health(port: u16) -> (u16, String) {
    let mut answer = http_get(port, "/health").await;
    for _ in 0..50 {
        if answer.0 != 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        answer = http_get(port, "/health").await;
    }
    answer
}

/// The value of one sample line of the metrics, 0 if absent.
fn sample(metrics: &str, series: &str) -> f64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(series)?.trim().parse().ok())
        .unwrap_or(0.0)
}

/// The operators' endpoint: `/metrics` answers and its counters move with a press; `/health`
/// is green while the gateway and the database are, and red while the database cannot take
/// a write (another connection holds its write lock), green again after; on PostgreSQL, red
/// when the database server stops serving the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_count_presses_and_the_health_check_sees_the_database() {
    let (bot, port, _turn) = bot_with_metrics(910).await;
    let mut game = bot.game(&[wire::ALICE, wire::BOB]);
    game.start(Some(wire::TARGET)).await;
    let fake = bot.fake.clone();
    let answered = r#"gin_interactions_total{kind="press",outcome="answered"}"#;
    let (status, before) = http_get(port, "/metrics").await;
    assert_eq!(status, 200);
    assert!(before.contains("gin_live_matches 1"), "{before}");
    assert!(before.contains(r#"gin_shard_up{shard="0"} 1"#), "{before}");

    let p = game.mover().expect("someone to move");
    let hand = game.open_hand(p).await.expect("a hand message");
    let id = choose(&hand).expect("a move");
    let who = game.players[p].user.clone();
    fake.interact(fake.press(&who, &hand, &id)).await;
    let (_, after) = http_get(port, "/metrics").await;
    assert!(
        sample(&after, answered) >= sample(&before, answered) + 1.0,
        "{after}"
    );
    assert!(after.contains("gin_answer_seconds_bucket"), "{after}");
    assert!(
        after.contains(r#"gin_db_seconds_count{op="commit"}"#),
        "{after}"
    );

    assert_eq!(http_get(port, "/health").await, (200, "ok\n".to_string()));
    let holder = wire::hold_writes(&bot.url).await;
    // The finding of the last probe serves for a second.
    let (status, why) = red_health(port).await;
    assert_eq!(status, 503, "{why}");
    assert!(why.starts_with("database:"), "{why}");
    wire::release(holder).await;
    let mut green = false;
    for _ in 0..50 {
        if http_get(port, "/health").await.0 == 200 {
            green = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(green, "green again once the database takes writes");
    assert_eq!(http_get(port, "/nowhere").await.0, 404);
    if gin::store::testing::on_postgres() {
        // The database server drops the bot's connections and takes no new ones: red, and
        // the bot stops for its supervisor to start it again.
        wire::stop_database(&bot.url).await;
        let (status, why) = red_health(port).await;
        assert_eq!(status, 503, "{why}");
        assert!(why.starts_with("database:"), "{why}");
        let stopped = tokio::time::timeout(Duration::from_secs(10), bot.db.writer_stopped());
        assert!(
            stopped.await.is_ok(),
            "the writer stops without its database"
        );
        assert_eq!(http_get(port, "/health").await.0, 503, "red it stays");
    }
    bot.finish().await;
}

/// Two processes never run the same shards: one started on a range that overlaps a live
/// process's lease stops by itself as soon as it sees that lease renewed, non-zero, with one
/// line naming the shards and until when they are held, before it connects or touches
/// anything; the first runs on. Once the first has stopped, the shards run again at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_refuses_shards_another_live_process_holds() {
    let bin = Binary::with_options(fake_discord::FakeOptions {
        shards: 2,
        ..Default::default()
    })
    .await;
    bin.configure("[timeouts]\nsweep_seconds = 1\n");
    let fake = &bin.fake;
    let on = |range: &str| {
        vec![
            ("GIN_SHARDS", range.to_string()),
            ("GIN_GUILD_ID", "0".to_string()),
        ]
    };
    let mut first = bin.spawn(1, &on("0-1/2"));
    fake.wait_shard_ready(0, 1).await;
    fake.wait_shard_ready(1, 1).await;

    // The same token started twice, on an overlapping range.
    let mut second = bin.spawn(2, &on("1-1/2"));
    let mut status = None;
    for _ in 0..600 {
        status = second.0.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let status = status.expect("the second process stops by itself");
    assert!(!status.success(), "{status:?}");
    let log = bin.log(2);
    let refusal: Vec<&str> = log.lines().filter(|l| l.starts_with("gin: ")).collect();
    assert_eq!(refusal.len(), 1, "one line: {log}");
    assert!(
        refusal[0].contains("shards 1-1/2 are held by another live process")
            && refusal[0].contains("shards 0-1/2")
            && refusal[0].contains(" until "),
        "{}",
        refusal[0]
    );
    assert_eq!(fake.shard_stats(1).readies, 1, "the second never connected");
    assert!(first.0.try_wait().unwrap().is_none(), "the first runs on");

    // Once the first has stopped (`docker stop`), its shards run again at once.
    let stopped = std::process::Command::new("sh")
        .args(["-c", &format!("kill -TERM {}", first.0.id())])
        .status()
        .unwrap();
    assert!(stopped.success());
    first.0.wait().unwrap();
    let _third = bin.spawn(3, &on("1-1/2"));
    fake.wait_shard_ready(1, 2).await;
    assert!(!bin.log(3).contains("another process holds the lease"));
}

/// A user who sends too much in a short time (here past a burst of 3, one more a minute) gets
/// a friendly private answer, for commands and presses alike, and nothing is done; others
/// play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_past_the_rate_limit_is_answered_kindly_and_changes_nothing() {
    let bot = Bot::start_configured(930, |c| {
        c.limits = gin::config::Limits {
            burst: 3,
            per_minute: 1,
        }
    })
    .await;
    let fake = &bot.fake;
    let (challenge, accept) = challenge(fake, fake.channel_id(), &user(ALICE), &user(BOB)).await;
    for _ in 0..2 {
        let cb = fake
            .interact(fake.slash_command(&user(ALICE), "gin", Some("leaderboard"), vec![]))
            .await;
        assert!(cb.ok() && !cb.content().contains("Easy there"), "{cb:?}");
    }
    let public = fake.public_writes(fake.channel_id());
    let cb = fake
        .interact(fake.slash_command(
            &user(ALICE),
            "gin",
            Some("start"),
            vec![Opt::user("opponent", &user(CAROL))],
        ))
        .await;
    assert!(cb.ok() && cb.ephemeral, "a private answer: {cb:?}");
    assert!(cb.content().contains("Easy there"), "{}", cb.content());
    let decline = challenge
        .find_button(|id| id.starts_with("gin:dec:"))
        .expect("a Decline button");
    let cb = fake
        .interact(fake.press_forged(&user(ALICE), &challenge, &decline))
        .await;
    assert!(cb.ok() && cb.ephemeral, "a private answer: {cb:?}");
    assert!(cb.content().contains("Easy there"), "{}", cb.content());
    assert_eq!(
        fake.public_writes(fake.channel_id()),
        public,
        "nothing public"
    );
    assert!(
        bot.db.challenges().challenge(2).await.unwrap().is_none(),
        "no second challenge"
    );
    // Bob has his own allowance: he accepts, and the match begins.
    let cb = fake
        .interact(fake.press(&user(BOB), &challenge, &accept))
        .await;
    assert!(cb.ok() && cb.kind == 7, "{cb:?}");
    assert!(bot
        .db
        .matches()
        .active_match_for(fake.channel_id(), ALICE)
        .await
        .unwrap()
        .is_some());
    bot.finish().await;
}

/// `/gin stats` draws its chart on the painter's thread, never on a runtime worker: it works
/// even on a runtime of one thread, where a worker cannot hand its tasks over to draw.
#[tokio::test]
async fn the_stats_chart_is_drawn_off_the_runtime_even_on_one_thread() {
    let (bot, _game) = Bot::with_match(940).await;
    let fake = &bot.fake;
    let cb = fake
        .interact(fake.slash_command(&user(BOB), "gin", Some("resign"), vec![]))
        .await;
    assert!(cb.ok(), "{cb:?}");
    let cb = fake
        .interact(fake.slash_command(&user(ALICE), "gin", Some("stats"), vec![]))
        .await;
    let stats = fake
        .message(cb.message_id.expect("a stats message"))
        .expect("the stats message");
    let chart = stats.attachments.first().expect("a chart");
    assert_eq!(chart["filename"], "stats.png");
    bot.finish().await;
}
