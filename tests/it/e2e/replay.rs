//! `/gin replay` over the wire, with the real binary: refused while the match is played; once
//! it is over, a hand stepped through with Next from the deal to its last action, which shows
//! the showdown the channel saw when the hand ended (rebuilt from seed and log alone).

use crate::support::{fake_discord, wire};

use fake_discord::{FakeDiscord, Opt, StoredMessage, User};
use wire::*;

async fn replay(fake: &FakeDiscord, who: &User, id: i64, hand: Option<i64>) -> StoredMessage {
    replay_in(fake, fake.channel_id(), who, id, hand).await
}

async fn replay_in(
    fake: &FakeDiscord,
    channel: u64,
    who: &User,
    id: i64,
    hand: Option<i64>,
) -> StoredMessage {
    let mut options = vec![Opt::int("match", id)];
    options.extend(hand.map(|h| Opt::int("hand", h)));
    let cmd = fake.slash_command_in(channel, who, "gin", Some("replay"), options);
    let cb = fake.interact(cmd).await;
    assert!(
        cb.ok() && cb.ephemeral,
        "a replay is for the caller only: {cb:?}"
    );
    fake.message(cb.message_id.expect("a message"))
        .expect("stored")
}

/// Alice and Bob at a table of the fake, driven by their presses.
fn alice_and_bob(fake: &FakeDiscord) -> fake_discord::player::Game {
    fake_discord::player::Game::new(
        fake.clone(),
        fake.channel_id(),
        vec![user(ALICE), user(BOB)],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_hand_replays_to_its_showdown_and_a_match_in_play_is_refused() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    let _bot = bin.start(1).await;
    let mut game = alice_and_bob(fake);
    game.start(Some(TARGET)).await;
    play_until_applied(&mut game, 3).await;
    let refused = replay(fake, &user(CAROL), game.match_id, None).await;
    assert!(
        refused.content.contains("still being played"),
        "{}",
        refused.content
    );
    assert!(
        refused.custom_ids().is_empty(),
        "no steps of a match in play"
    );
    game.play_to_end(MAX_PRESSES).await;

    // Outside its channel only its players may replay it.
    let elsewhere = fake.channel_id() + 1;
    let refused = replay_in(fake, elsewhere, &user(CAROL), game.match_id, Some(1)).await;
    assert!(
        refused.content.contains("another channel") && refused.custom_ids().is_empty(),
        "{}",
        refused.content
    );
    let bobs = replay_in(fake, elsewhere, &user(BOB), game.match_id, Some(1)).await;
    assert!(bobs.content.contains("hand 1 of"), "{}", bobs.content);

    // In its channel anyone (not only its players) may replay a finished match, hand by hand.
    let mut msg = replay(fake, &user(CAROL), game.match_id, Some(1)).await;
    assert!(msg.content.contains("hand 1 of"), "{}", msg.content);
    assert!(msg.content.contains("step 1 of"), "{}", msg.content);
    let mut steps = 1;
    loop {
        let next = msg
            .buttons()
            .into_iter()
            .find(|b| b.label.contains("Next"))
            .map(|b| b.custom_id);
        let Some(next) = next else { break };
        let cb = fake.interact(fake.press(&user(CAROL), &msg, &next)).await;
        assert!(cb.ok() && cb.kind == 7, "Next updates the replay: {cb:?}");
        msg = fake.message(msg.id).unwrap();
        steps += 1;
        assert!(steps < 200, "a hand has fewer steps");
    }
    assert!(steps > 3, "{steps} steps");
    assert!(msg.content.contains(&format!("step {steps} of {steps}")));
    // The last step is the stored result: the showdown the channel saw for hand 1.
    let posted = fake
        .messages_in(fake.channel_id())
        .into_iter()
        .find(|m| {
            !m.ephemeral && m.content.contains("Hand 1") && m.content.contains("Shuffle seed")
        })
        .expect("hand 1's showdown was posted");
    let posted_text = fake_discord::player::text_of(&posted.content);
    assert!(
        msg.content.contains(&posted_text),
        "replay end:\n{}\nposted:\n{}",
        msg.content,
        posted.content
    );
    let db = gin::store::Db::open(&bin.url).await.unwrap();
    let stored = db.matches().match_hands(game.match_id).await.unwrap();
    assert!(msg.content.contains(&format!("scores {}", stored[0].2)) || stored[0].1 == "dead");
    let none = replay(fake, &user(CAROL), game.match_id, Some(999)).await;
    assert!(
        none.content.contains("no such finished hand"),
        "{}",
        none.content
    );
    fake.assert_no_violations();
}

/// A CSV file's records (RFC 4180: quoted fields may hold commas, quotes and line breaks).
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut cell) = (Vec::new(), Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => cell.push(c),
        }
    }
    assert!(
        !quoted && cell.is_empty() && row.is_empty(),
        "ends with a record"
    );
    rows
}

/// `/ginmod export`: moderators only, the server's ledger; a file that parses as CSV with one
/// row per match and player, whose figures are the ledger's; `/gin export`, one's own, for anyone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_export_is_csv_whose_figures_are_the_ledgers() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    let _bot = bin.start(1).await;
    let mut game = alice_and_bob(fake);
    game.start(Some(TARGET)).await;
    game.play_to_end(MAX_PRESSES).await;
    // `/gin export`: the caller's own matches; `/ginmod export`: the server's.
    let export = |who: User, mine: bool| {
        let command = if mine { "gin" } else { "ginmod" };
        fake.slash_command_in(fake.channel_id(), &who, command, Some("export"), vec![])
    };
    // The export is deferred (a large ledger takes time): its answer follows the deferral.
    let answer = |who: User, mine: bool| {
        let payload = export(who.clone(), mine);
        async move {
            let cb = fake.interact(payload).await;
            assert!(cb.ok() && cb.kind == 5 && cb.ephemeral, "deferred: {cb:?}");
            let after = cb.message_id.unwrap();
            let found = || {
                fake.messages_in(fake.channel_id())
                    .into_iter()
                    .find(|m| m.id > after && m.ephemeral && m.owner == Some(who.id))
            };
            fake.wait_until(fake.channel_id(), std::time::Duration::from_secs(5), || {
                found().is_some()
            })
            .await;
            found().expect("the deferred answer")
        }
    };
    // A server may open `/ginmod` to everyone: the bot still asks for Manage Server.
    fake.open_command_to_everyone("ginmod");
    let refused = answer(user(BOB), false).await;
    assert!(
        refused.content.contains("Manage Server"),
        "{}",
        refused.content
    );

    let db = gin::store::Db::open(&bin.url).await.unwrap();
    let (_, results) = db
        .matches()
        .match_result(game.match_id)
        .await
        .unwrap()
        .unwrap();
    for (who, mine) in [(user(MODERATOR).moderator(), false), (user(BOB), true)] {
        let msg = answer(who, mine).await;
        assert!(msg.content.contains("1 finished match"), "{}", msg.content);
        assert_eq!(msg.attachments.len(), 1, "one file");
        let id: u64 = msg.attachments[0]["id"].as_str().unwrap().parse().unwrap();
        let bytes = fake.attachment(id).expect("the file's bytes");
        let rows = parse_csv(std::str::from_utf8(&bytes).unwrap());
        let header = &rows[0];
        let col = |name: &str| header.iter().position(|h| h == name).unwrap();
        assert_eq!(rows.len(), 1 + results.len(), "one row per player");
        for (row, &(seat, final_total, net, won)) in rows[1..].iter().zip(&results) {
            assert_eq!(row.len(), header.len());
            assert_eq!(row[col("match")], game.match_id.to_string());
            assert_eq!(row[col("seat")], seat.to_string());
            assert_eq!(row[col("final_total")], final_total.to_string());
            assert_eq!(row[col("net")], net.to_string());
            assert_eq!(row[col("won")], won.to_string());
            assert_eq!(row[col("format")], "two");
            assert!(row[col("rules")].starts_with('{'), "the rules as JSON");
        }
    }
    fake.assert_no_violations();
}

/// `/gin start straight:true`: Straight Gin (knock limit 0), said on the table and in the
/// rules, in the stored rules of the match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn straight_gin_is_chosen_with_the_start_command() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    let _bot = bin.start(1).await;
    let start = fake.slash_command_in(
        fake.channel_id(),
        &user(ALICE),
        "gin",
        Some("start"),
        vec![
            Opt::user("opponent", &user(BOB)),
            Opt::bool("straight", true),
        ],
    );
    let challenge = fake.interact(start).await.message_id.unwrap();
    let msg = fake.message(challenge).unwrap();
    let accept = msg.find_button(|id| id.starts_with("gin:acc:")).unwrap();
    fake.interact(fake.press(&user(BOB), &msg, &accept)).await;
    let table = fake.message(challenge).unwrap();
    assert!(
        table.content.contains("only gin ends a hand"),
        "{}",
        table.content
    );
    let rules = table
        .find_button(|id| id.starts_with("gin:rules:"))
        .unwrap();
    let cb = fake
        .interact(fake.press(&user(CAROL), &table, &rules))
        .await;
    assert!(cb.content().contains("Straight Gin"), "{}", cb.content());
    let db = gin::store::Db::open(&bin.url).await.unwrap();
    let id: i64 = rules.rsplit(':').next().unwrap().parse().unwrap();
    assert_eq!(state(&db, id).await.rules.knock_limit, 0);
}

/// `/gin start hollywood:true`: a Hollywood match played to the end by presses; the table
/// shows its three games, the end shows each game's result, the ledger keeps all three and
/// their sum is the match's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hollywood_match_is_played_to_the_end_with_its_three_games_shown() {
    let bin = Binary::new().await;
    let fake = &bin.fake;
    let _bot = bin.start(1).await;
    let mut game = alice_and_bob(fake);
    game.start_with(Some(TARGET), vec![Opt::bool("hollywood", true)])
        .await;
    let table = game.table().expect("the table");
    for g in 1..=3 {
        assert!(
            table.content.contains(&format!("Game {g}:")),
            "{}",
            table.content
        );
    }
    game.play_to_end(MAX_PRESSES).await;
    fake.wait_until(fake.channel_id(), std::time::Duration::from_secs(5), || {
        fake.messages_in(fake.channel_id())
            .iter()
            .any(|m| m.content.contains("wins the match"))
    })
    .await;
    let end = fake
        .messages_in(fake.channel_id())
        .into_iter()
        .find(|m| !m.ephemeral && m.content.contains("wins the match"))
        .expect("the match end");
    assert_eq!(end.content.matches("won by").count(), 3, "{}", end.content);
    let db = gin::store::Db::open(&bin.url).await.unwrap();
    let games = db.matches().hollywood_games(game.match_id).await.unwrap();
    assert_eq!(games.len(), 6, "three games of two players");
    let (_, results) = db
        .matches()
        .match_result(game.match_id)
        .await
        .unwrap()
        .unwrap();
    for (seat, final_total, net, _) in results {
        let mine = games.iter().filter(|g| g.1 == seat);
        assert_eq!(mine.clone().map(|g| g.2).sum::<i64>(), final_total);
        assert_eq!(mine.map(|g| g.3).sum::<i64>(), net);
    }
    assert_eq!(
        games.iter().filter(|g| g.4).count(),
        3,
        "one winner per game"
    );
    fake.assert_no_violations();
}
