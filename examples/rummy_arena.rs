//! `cargo run --release --example rummy_arena -- [--games 1000] [--players 4]`: the `medium`
//! Rummy AI against `simple`, half the seats each (alternating, and swapped every game), over
//! seeded hands. Prints `key=value` lines; `medium_win_share` is the share of the hands won
//! (a hand that ran out of stock has no winner and is left out).

use gin::engine::rummy::ai::play_hand;
use gin::engine::rummy::{RummyEnd, RummyLevel, RummyRules};

fn main() {
    let mut games = 1000u32;
    let mut players = 4u8;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next().and_then(|v| v.parse().ok());
        match (a.as_str(), value) {
            ("--games", Some(v)) => games = v,
            ("--players", Some(v)) if (2..=6).contains(&v) => players = v as u8,
            _ => {
                eprintln!("usage: rummy_arena [--games N] [--players 2..6]");
                std::process::exit(2);
            }
        }
    }
    let rules = RummyRules::default();
    let (mut medium, mut simple, mut none) = (0u32, 0u32, 0u32);
    let started = std::time::Instant::now();
    for g in 0..games {
        let levels: Vec<RummyLevel> = (0..players)
            .map(|s| {
                if (u32::from(s) + g) % 2 == 0 {
                    RummyLevel::Medium
                } else {
                    RummyLevel::Simple
                }
            })
            .collect();
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
