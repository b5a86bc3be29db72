//! `cargo run --release --example rummy_arena -- [--games 1000] [--players 4] [--matches]`:
//! the `medium` Rummy AI against `simple`, half the seats each (alternating, and swapped every
//! game), over seeded hands, or with `--matches` over whole matches to 100 points. Prints
//! `key=value` lines; `medium_win_share` is the share of the hands (matches) won (a hand that
//! ran out of stock has no winner and is left out; a shared match win counts for each side).

use gin::engine::rummy::ai::play_hand;
use gin::engine::rummy::{decide_rummy, RummyEnd, RummyLevel, RummyMatch, RummyRules};

fn main() {
    let mut games = 1000u32;
    let mut players = 4u8;
    let mut matches = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--matches" {
            matches = true;
            continue;
        }
        let value = args.next().and_then(|v| v.parse().ok());
        match (a.as_str(), value) {
            ("--games", Some(v)) => games = v,
            ("--players", Some(v)) if (2..=6).contains(&v) => players = v as u8,
            _ => {
                eprintln!("usage: rummy_arena [--games N] [--players 2..6] [--matches]");
                std::process::exit(2);
            }
        }
    }
    let rules = RummyRules::default();
    if matches {
        return whole_matches(games, players, &rules);
    }
    let (mut medium, mut simple, mut none) = (0u32, 0u32, 0u32);
    let started = std::time::Instant::now();
    for g in 0..games {
        let levels = levels_of(g, players);
        let mut seed = [0u8; 32];
        seed[..4].copy_from_slice(&g.to_le_bytes());
        seed[4] = 0xA5;
        match play_hand(&levels, &rules, seed, (g % u32::from(players)) as u8) {
            RummyEnd::Out { winner, .. } => match levels[usize::from(winner)] {
                RummyLevel::Medium => medium += 1,
                RummyLevel::Simple => simple += 1,
            },
            RummyEnd::StockExhausted => none += 1,
        }
    }
    let decided = (medium + simple).max(1);
    println!("bench=rummy_arena players={players} games={games}");
    println!("medium_wins={medium}");
    println!("simple_wins={simple}");
    println!("no_winner={none}");
    println!(
        "medium_win_share={:.3}",
        f64::from(medium) / f64::from(decided)
    );
    println!("seconds={:.1}", started.elapsed().as_secs_f64());
}

/// The levels of the seats of game `g`: alternating, swapped every game.
fn levels_of(g: u32, players: u8) -> Vec<RummyLevel> {
    (0..players)
        .map(|s| {
            if (u32::from(s) + g) % 2 == 0 {
                RummyLevel::Medium
            } else {
                RummyLevel::Simple
            }
        })
        .collect()
}

/// `games` whole seeded matches: which level's seats win them.
fn whole_matches(games: u32, players: u8, rules: &RummyRules) {
    let started = std::time::Instant::now();
    let (mut medium, mut simple, mut hands) = (0u32, 0u32, 0usize);
    for g in 0..games {
        let levels = levels_of(g, players);
        let mut seed = [0u8; 32];
        seed[..4].copy_from_slice(&g.to_le_bytes());
        seed[4] = 0x5A;
        let mut m = RummyMatch::new(rules.clone(), players, seed).expect("2 to 6 players");
        while let Some(seat) = m.to_act() {
            let action = decide_rummy(levels[usize::from(seat)], &m.view_for(seat));
            m.apply(seat, action).expect("the AI plays legal moves");
        }
        hands += m.history.len();
        let s = m.settlement().expect("played out");
        let won = |level| s.winners.iter().any(|&w| levels[usize::from(w)] == level);
        medium += u32::from(won(RummyLevel::Medium));
        simple += u32::from(won(RummyLevel::Simple));
    }
    println!("bench=rummy_arena players={players} matches={games} hands={hands}");
    println!("medium_match_wins={medium}");
    println!("simple_match_wins={simple}");
    println!(
        "medium_win_share={:.3}",
        f64::from(medium) / f64::from((medium + simple).max(1))
    );
    println!("seconds={:.1}", started.elapsed().as_secs_f64());
}
