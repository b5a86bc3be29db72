//! Basic Rummy over the wire: the real binary against the fake Discord, every move a press of
//! a button or a choice in a menu the bot sent. Two and five players play whole matches; no
//! message shows a card of a hand its reader does not hold before the hand ends, and no
//! message breaks Discord's component limits.

use crate::support::fake_discord::{FakeDiscord, Opt, StoredMessage, User};
use crate::support::table::{assert_ledger, hidden, scan, write_of, Table};
use crate::support::wire::Binary;
use gin::engine::rummy::RummyMatch;
use gin::games::Game;
use gin::i18n::Lang;

const NAMES: [&str; 6] = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];

fn players(n: usize) -> Vec<User> {
    (0..n)
        .map(|i| User::new(2001 + i as u64, NAMES[i]))
        .collect()
}

/// `/rummy start` by the first of `users` against the others, to `target`; all accept.
async fn start<'a>(
    fake: &'a FakeDiscord,
    url: &str,
    users: Vec<User>,
    target: i64,
    extra: Vec<Opt>,
) -> Table<'a> {
    let names = [
        "opponent",
        "opponent2",
        "opponent3",
        "opponent4",
        "opponent5",
    ];
    let mut options: Vec<Opt> = users[1..]
        .iter()
        .zip(names)
        .map(|(u, n)| Opt::user(n, u))
        .collect();
    options.push(Opt::int("target", target));
    options.extend(extra);
    let (t, challenge) = Table::start(fake, url, users, "rummy", options).await;
    assert!(challenge.contains("to Rummy"), "{challenge}");
    let table = t.table().expect("the table").content;
    assert!(table.contains("**Rummy**"), "{table}");
    t
}

/// The match a Rummy table played to its end.
fn rummy(game: Game) -> RummyMatch {
    match game {
        Game::Rummy(m) => m,
        other => panic!("a Rummy match, not {:?}", other.format()),
    }
}

async fn whole_match(players_n: usize, target: i64, options: Vec<Opt>) -> RummyMatch {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = start(fake, url, players(players_n), target, options).await;
    let game = t.play_to_end(4000).await;
    assert_ledger(&t, &game).await;
    // The end of every hand and of the match are public.
    let public: Vec<StoredMessage> = t.public_at_end(&game).await;
    let m = rummy(game);
    let ends = public
        .iter()
        .filter(|p| p.content.contains("Shuffle seed"))
        .count();
    assert_eq!(ends, m.history.len(), "one public end per hand");
    assert!(public
        .iter()
        .any(|p| p.content.contains("the Rummy match!")));
    assert!(
        t.public_scanned > 5,
        "scanned {} public writes",
        t.public_scanned
    );
    fake.assert_no_violations();
    println!(
        "{players_n} players: {} hands, {} presses, totals {:?}",
        m.history.len(),
        t.presses,
        m.totals
    );
    m
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_rummy_match_is_played_to_the_end_by_presses_and_menus() {
    // With options of RULES.md section 12, as the command gives them.
    let options = vec![
        Opt::bool("multiple_melds", true),
        Opt::bool("aces_high", true),
        Opt::choice("hand_rummy", 1),
    ];
    let m = whole_match(2, 40, options).await;
    let r = &m.rules;
    assert!(r.multiple_melds && r.aces_high_low && !r.discard_to_go_out);
    assert_eq!(r.hand_rummy, gin::engine::rummy::HandRummy::Bonus10);
    assert_eq!(r.target, 40);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_player_rummy_match_is_played_to_the_end_by_presses_and_menus() {
    let m = whole_match(5, 30, vec![Opt::int("rounds", 3)]).await;
    assert_eq!(m.rules.rounds, Some(3));
    assert!(m.history.len() <= 3);
}

/// `/rummy practice players:4`: three AI seats (simple) and the caller play a whole match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_table_of_four_fills_three_seats_with_the_ai() {
    let bin = Binary::new().await;
    bin.configure("[timeouts]\nai_delay_ms = 20\n");
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let options = vec![
        Opt::int("players", 4),
        Opt::choice("level", 0),
        Opt::int("target", 10),
    ];
    let mut t = Table::practice(fake, url, players(1).remove(0), "rummy", options).await;
    let m = rummy(t.play_to_end(4000).await);
    assert_eq!(m.players, 4);
    let row = t.row().await;
    assert_eq!(row.format, gin::store::Format::parse("rummy-4").unwrap());
    assert_eq!(
        row.players.iter().filter(|p| p.2).count(),
        3,
        "three AI seats"
    );
    let ai_moves =
        t.db.matches()
            .match_actions(t.match_id)
            .await
            .unwrap()
            .iter()
            .filter(|(seat, _)| *seat > 0)
            .count();
    assert!(ai_moves > 3, "the AI seats moved ({ai_moves} moves)");
    fake.assert_no_violations();
}

/// The scan is no test that cannot fail: a public write of this deal naming a card of a
/// hidden hand is caught; the same card in its owner's ephemeral message is not.
#[test]
fn the_scan_catches_a_hidden_card_in_a_public_write() {
    let game = Game::Rummy(RummyMatch::new(Default::default(), 2, [7; 32]).unwrap());
    let owners: Vec<u64> = players(2).iter().map(|u| u.id).collect();
    let card = hidden(&game)[1].iter().next().unwrap();
    let card = gin::ui::render::card(Lang::En, card);
    let write = |ephemeral: bool, owner: Option<u64>| {
        write_of(ephemeral, owner, format!("Rummy · hand 1 · pile {card}"))
    };
    scan(&write(true, Some(owners[1])), &game, &owners);
    let public = std::panic::catch_unwind(|| scan(&write(false, None), &game, &owners));
    assert!(public.is_err(), "a hidden card in public is caught");
}
