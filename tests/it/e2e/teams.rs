//! The four-player games over the wire (RULES.md section 11): the real binary against the fake
//! Discord, every move a press of a button the bot sent. One whole Partnership Gin match and
//! one whole Team Gin match; a practice Team match with an AI partner; a kill -9 while a swap
//! waits for its answer. No message shows a card of a hand its reader may not see.

use crate::games::Tested;
use crate::support::fake_discord::acts::Act;
use crate::support::fake_discord::{FakeDiscord, Opt, User};
use crate::support::table::{assert_ledger, scan, table_face_up, write_of, Table};
use crate::support::wire::Binary;
use gin::engine::team::partner_of;
use gin::engine::{Card, CardSet, PartnershipMatch, TeamAction, TeamMatch};
use gin::games::Game;
use gin::i18n::Lang;
use gin::store::Format;

const NAMES: [&str; 4] = ["Alice", "Bob", "Carol", "Dave"];
const PARTNERSHIP: i64 = 0;
const TEAM: i64 = 1;

fn players() -> Vec<User> {
    (0..4)
        .map(|i| User::new(3001 + i as u64, NAMES[i]))
        .collect()
}

/// `/gin start mode:<mode>`: Alice names Carol as her partner and Bob and Dave as the other
/// team; everyone accepts.
async fn start<'a>(fake: &'a FakeDiscord, url: &str, mode: i64, target: i64) -> Table<'a> {
    let users = players();
    let options = vec![
        Opt::user("opponent", &users[1]),
        Opt::user("opponent2", &users[3]),
        Opt::user("partner", &users[2]),
        Opt::choice("mode", mode),
        Opt::int("target", target),
    ];
    let teams = format!("<@{}> & <@{}> against", users[0].id, users[2].id);
    let (t, challenge) = Table::start(fake, url, users, "gin", options).await;
    assert!(
        challenge.contains(&teams),
        "the challenge shows the teams: {challenge}"
    );
    t
}

/// `/gin practice mode:<mode> level:simple`: the bot plays the caller's partner and both
/// opponents.
async fn practice<'a>(fake: &'a FakeDiscord, url: &str, mode: i64, target: i64) -> Table<'a> {
    let options = vec![
        Opt::choice("mode", mode),
        Opt::choice("level", 0),
        Opt::int("target", target),
    ];
    Table::practice(fake, url, players().remove(0), "gin", options).await
}

/// A log without its colour codes.
fn plain(log: &str) -> String {
    let mut plain = String::with_capacity(log.len());
    let mut chars = log.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            plain.push(c);
        }
    }
    plain
}

/// The lines of a log (INFO and above: the tests run the bot at `warn,gin=info`) that name a
/// card, a word such as `7H`. None may: a swap's card, a hint's move or a drawn card is
/// hidden from the other players, and whoever reads the operator's log may play.
fn logged_cards(log: &str) -> Vec<String> {
    plain(log)
        .lines()
        .filter(|line| {
            line.split(|c: char| !c.is_ascii_alphanumeric())
                .any(|word| word.len() == 2 && word.parse::<Card>().is_ok())
        })
        .map(str::to_string)
        .collect()
}

/// Run `n` of the bot played these moves, and its log names no card, in no line and in no
/// span's fields (printed with each line inside the span).
fn assert_log_names_no_card(bin: &Binary, n: u32, moves: &[&str]) {
    let log = plain(&bin.log(n));
    let named = logged_cards(&log);
    assert!(
        named.is_empty(),
        "log lines naming cards:\n{}",
        named.join("\n")
    );
    for m in moves {
        assert!(log.contains(m), "`{m}` in the log:\n{log}");
    }
}

/// Ratings move by the team's result: partners alike, winners up, losers down.
async fn assert_ratings_by_team(t: &Table<'_>, game: &Game) {
    let winners = crate::games::results(game)
        .iter()
        .position(|r| r.2)
        .expect("a winning team");
    let format = game.format();
    let mut ratings = Vec::new();
    let ledger = t.db.ledger();
    for u in &t.users {
        let stats = ledger.player_stats(t.fake.guild_id(), u.id, Some(format.as_str()));
        let stats = stats
            .await
            .unwrap()
            .expect("stats of a player of the match");
        assert_eq!(stats.played, 1);
        ratings.push(stats.rating.expect("rated").0);
    }
    assert!(
        (ratings[winners] - ratings[winners + 2]).abs() < 1e-9,
        "{ratings:?}"
    );
    assert!(
        ratings[winners] > 1500.0 && ratings[1 - winners] < 1500.0,
        "{ratings:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_partnership_match_is_played_to_the_end_by_presses() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = start(fake, url, PARTNERSHIP, 25).await;
    let game = t.play_to_end(6000).await;
    let Game::Partnership(m) = &game else {
        panic!("a Partnership match")
    };
    assert_eq!(m.rules.target, 25);
    assert_eq!(game.format(), Format::parse("partnership").unwrap());
    assert_ledger(&t, &game).await;
    assert_ratings_by_team(&t, &game).await;
    let public = t.public_at_end(&game).await;
    let showdowns = public
        .iter()
        .filter(|p| p.content.contains("is over at both tables"))
        .count();
    assert_eq!(showdowns, m.history.len(), "one public showdown per hand");
    let end = public
        .iter()
        .find(|p| p.content.contains("win the match"))
        .unwrap();
    let last = public
        .iter()
        .rev()
        .find(|p| p.content.contains("is over at both tables"))
        .unwrap();
    println!("{}\n{}", last.content, end.content);
    let table = fake
        .writes()
        .into_iter()
        .find(|w| {
            !w.ephemeral && w.content.contains("**Table 2**") && w.content.contains("discarded")
        })
        .unwrap();
    println!("{}", table.content);
    assert!(end.content.contains("Alice & Carol") && end.content.contains("Bob & Dave"));
    assert!(
        t.public_scanned > 10,
        "scanned {} public writes",
        t.public_scanned
    );
    fake.assert_no_violations();
    println!(
        "partnership: {} hands, {} presses, totals {:?}",
        m.history.len(),
        t.presses,
        m.totals
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_match_with_swaps_is_played_to_the_end_by_presses() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = start(fake, url, TEAM, 25).await;
    // `/gin rules` in the match explains its mode; `mode:` explains one before a match.
    for (options, user) in [(vec![], 0), (vec![Opt::choice("mode", PARTNERSHIP)], 1)] {
        let cmd = fake.slash_command_in(
            fake.channel_id(),
            &t.users[user],
            "gin",
            Some("rules"),
            options.clone(),
        );
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
        let mode = if options.is_empty() {
            "**Team Gin with card swap**"
        } else {
            "**Partnership Gin**"
        };
        assert!(cb.content().contains(mode), "{}", cb.content());
        assert!(cb.content().contains("Partners sit opposite"));
    }
    let game = t.play_to_end(6000).await;
    let Game::Team(m) = &game else {
        panic!("a Team match")
    };
    assert!(t.swaps > 0, "swaps were played");
    assert_log_names_no_card(&bin, 1, &["action applied", "play=swap", "press{"]);
    assert_eq!(game.format(), Format::parse("team").unwrap());
    assert_ledger(&t, &game).await;
    assert_ratings_by_team(&t, &game).await;
    let public = t.public_at_end(&game).await;
    let showdowns = public
        .iter()
        .filter(|p| p.content.contains("Shuffle seed"))
        .count();
    assert_eq!(showdowns, m.history.len(), "one public showdown per hand");
    // A knocked hand's showdown lays out all four hands and both teams' deadwood.
    let knocked = public
        .iter()
        .find(|p| p.content.contains("Deadwood:"))
        .expect("a hand was knocked");
    for name in NAMES {
        assert!(
            knocked.content.contains(&format!("**{name}**")),
            "{}",
            knocked.content
        );
    }
    println!("{}", knocked.content);
    assert!(
        fake.writes()
            .iter()
            .any(|w| !w.ephemeral && w.content.contains("a card face down")),
        "the table says a swap happened"
    );
    assert!(
        t.public_scanned > 10,
        "scanned {} public writes",
        t.public_scanned
    );
    fake.assert_no_violations();
    println!(
        "team: {} hands, {} presses, {} swaps, totals {:?}",
        m.history.len(),
        t.presses,
        t.swaps,
        m.totals
    );
}

/// `/gin practice mode:team`: an AI partner and two AI opponents; the AI swaps too, and the
/// player answers the partner's swaps through the hand message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_team_match_gives_the_player_an_ai_partner() {
    let bin = Binary::new().await;
    bin.configure("[timeouts]\nai_delay_ms = 20\n");
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = practice(fake, url, TEAM, 60).await;
    let game = t.play_to_end(4000).await;
    let Game::Team(m) = &game else {
        panic!("a Team match")
    };
    assert!(m.settlement().is_some());
    let row = t.row().await;
    assert_eq!(
        row.players.iter().filter(|p| p.2).count(),
        3,
        "three AI seats"
    );
    let actions = t.db.matches().match_actions(t.match_id).await.unwrap();
    let ai_swaps = actions
        .iter()
        .filter(|(seat, e)| *seat > 0 && e.contains("\"swap\""))
        .count();
    assert!(
        ai_swaps > 0,
        "the AI swapped ({} actions, {:?}): {:?}",
        actions.len(),
        row.status,
        actions
    );
    assert_log_names_no_card(&bin, 1, &["AI move", "play=swap"]);
    fake.assert_no_violations();
}

/// `/gin practice mode:partnership`: the AI plays the partner's table and the caller's
/// opponent; both tables play at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_partnership_match_fills_three_seats_with_the_ai() {
    let bin = Binary::new().await;
    bin.configure("[timeouts]\nai_delay_ms = 20\n");
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = practice(fake, url, PARTNERSHIP, 20).await;
    let game = t.play_to_end(4000).await;
    let Game::Partnership(m) = &game else {
        panic!("a Partnership match")
    };
    assert!(m.settlement().is_some());
    assert!(t.hints > 0, "the coach was asked");
    assert_log_names_no_card(&bin, 1, &["hint given", "AI move", "action applied"]);
    let actions = t.db.matches().match_actions(t.match_id).await.unwrap();
    for seat in 1..4u8 {
        assert!(
            actions.iter().any(|(s, _)| *s == seat),
            "AI seat {seat} moved"
        );
    }
    fake.assert_no_violations();
}

/// A kill -9 while a swap waits for the partner's answer: after the restart the swap is still
/// waiting, with the card given, and the partner's answer completes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_mid_swap_resumes_with_the_swap_intact() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let mut bot = bin.start(1).await;
    let mut t = start(fake, url, TEAM, 100).await;
    // Play until someone has drawn, then swap.
    let (seat, given) = loop {
        let game = t.state().await.game;
        let Game::Team(m) = &game else { unreachable!() };
        let seat = m.to_act().unwrap();
        let view = m.view_for(seat);
        if let Some(TeamAction::Swap(c)) = view
            .legal_actions
            .iter()
            .find(|a| matches!(a, TeamAction::Swap(_)))
        {
            let hand = t.open_hand(seat).await.expect("a table message");
            t.press_act(seat, hand, Act::Swap(*c)).await;
            break (seat, *c);
        }
        TeamMatch::step(&mut t, m, 0, 1).await;
    };
    let before = t.state().await.game;
    let Game::Team(before) = before else {
        unreachable!()
    };
    assert_eq!(before.to_act(), Some(partner_of(seat)));
    bot.sigkill();
    let _bot = bin.start(2).await;
    let after = t.state().await.game;
    let Game::Team(after) = after else {
        unreachable!()
    };
    assert_eq!(after, before, "the stored match is the one before the kill");
    let partner = partner_of(seat);
    let view = after.view_for(partner);
    assert_eq!(
        view.swap_given,
        Some(given),
        "the partner sees the card given"
    );
    assert!(view.hand.contains(given));
    // The partner's fresh hand message offers the answer; giving the same card back is fine.
    let hand = t.open_hand(partner).await.expect("a table message");
    assert!(
        hand.content.contains("choose the card to give back"),
        "{}",
        hand.content
    );
    t.press_act(partner, hand, Act::Return(given)).await;
    let done = t.state().await.game;
    let Game::Team(done) = done else {
        unreachable!()
    };
    assert_eq!(done.to_act(), Some(seat), "the mover continues");
    assert_eq!(
        done.hand.hands[usize::from(seat)].len(),
        8,
        "the mover holds eight again"
    );
    assert_eq!(done.hand.hands[usize::from(partner)].len(), 7);
    assert!(done.hand.hands[usize::from(seat)].contains(given));
    t.scan().await;
    fake.assert_no_violations();
}

/// The scan is no test that cannot fail: an opponent's hidden card in a player's own message
/// is caught, the partner's is not (Team Gin shows the team both hands).
#[test]
fn the_scan_catches_an_opponents_card_but_allows_the_partners() {
    let m = TeamMatch::new(Default::default(), [9; 32]);
    let game = Game::Team(m.clone());
    let owners: Vec<u64> = players().iter().map(|u| u.id).collect();
    let write = |cards: CardSet| {
        let shown = gin::ui::render::cards(Lang::En, cards.iter());
        write_of(true, Some(owners[0]), format!("Team Gin hand 1 · {shown}"))
    };
    scan(&write(m.hand.hands[2]), &game, &owners);
    let caught = std::panic::catch_unwind(|| scan(&write(m.hand.hands[1]), &game, &owners));
    assert!(caught.is_err(), "an opponent's card is caught");
}

/// The Partnership scan is no test that cannot fail: the other player's card at the table
/// is caught in a player's own message and in the table's public section.
#[test]
fn the_partnership_scan_catches_a_card_of_the_other_player_at_the_table() {
    let m = PartnershipMatch::new(Default::default(), [10; 32]);
    let owners: Vec<u64> = players().iter().map(|u| u.id).collect();
    let t = &m.tables[0];
    let (me, other) = (t.players[0], t.players[1]);
    let theirs = CardSet(t.hand_of(other).unwrap().0 & !table_face_up(t).0);
    let card = theirs.iter().next().unwrap();
    let write = |ephemeral: bool, content: String| {
        write_of(
            ephemeral,
            ephemeral.then_some(owners[usize::from(me)]),
            content,
        )
    };
    let mine = gin::ui::render::cards(Lang::En, t.hand_of(me).unwrap().iter());
    let game = Game::Partnership(m.clone());
    scan(&write(true, format!("hand 1 · {mine}")), &game, &owners);
    let shown = gin::ui::render::card(Lang::En, card);
    for (ephemeral, text) in [
        (true, format!("hand 1 · {shown}")),
        (false, format!("hand 1\n**Table 1**: {shown}")),
    ] {
        let w = write(ephemeral, text);
        let caught = std::panic::catch_unwind(|| scan(&w, &game, &owners));
        assert!(caught.is_err(), "caught: {}", w.content);
    }
}
