//! `cargo run --release --example rummy_arena -- [--a hard] [--b medium] [--players 4]
//! [--hands 1000 | --matches 200] [--seed 0]`: two Rummy levels against each other, half the seats each
//! (alternating around the table), over seeded deals played twice, A's seats swapped with B's
//! the second time (mirrored deals). `--hands` plays single hands, `--matches` whole matches
//! to 100 points. Prints `key=value` lines: the share of the hands (matches) A won with its
//! 95 % Wilson interval (a hand that ran out of stock has no winner and is left out; a match
//! won jointly by both sides counts half), and each side's decision times.

mod common;

use common::{print_decision_times, share_line};
use gin::engine::rummy::{decide_rummy, RummyLevel, RummyMatch, RummyRules};
use gin::engine::rummy::{RummyEnd, RummyHand};
use std::time::Instant;

const USAGE: &str = "usage: rummy_arena [--a LEVEL] [--b LEVEL] [--players 2..6] \
                     [--hands N | --matches N] [--seed 0..255]   (LEVEL: simple, medium or hard)";

struct Args {
    levels: [RummyLevel; 2],
    players: u8,
    games: u32,
    matches: bool,
    /// Picks another set of deals (the default 0 is the one the README quotes).
    seed: u8,
}

fn main() {
    let args = parse(std::env::args().skip(1)).unwrap_or_else(|e| {
        eprintln!("rummy_arena: {e}\n{USAGE}");
        std::process::exit(2);
    });
    let rules = RummyRules::default();
    let started = Instant::now();
    let mut t = Tally::default();
    for g in 0..args.games {
        let sides = sides_of(g, args.players);
        let seed = seed_of(g / 2, args.matches, args.seed);
        if args.matches {
            play_match(&args, &rules, &sides, seed, &mut t);
        } else {
            let dealer = ((g / 2) % u32::from(args.players)) as u8;
            let mut m = RummyMatch::new(rules.clone(), args.players, seed).expect("2 to 6");
            m.hand = RummyHand::deal(&rules, seed, args.players, dealer);
            while let Some(seat) = m.to_act() {
                let side = sides[usize::from(seat)];
                let action = t.timed(side, || decide_rummy(args.levels[side], &m.view_for(seat)));
                m.hand
                    .apply(seat, action)
                    .expect("the AI plays legal moves");
                if m.hand.is_over() {
                    break;
                }
            }
            match m.hand.end.clone().expect("played out") {
                RummyEnd::Out { winner, .. } => t.wins[sides[usize::from(winner)]] += 1.0,
                RummyEnd::StockExhausted => t.none += 1,
            }
        }
    }
    let [a, b] = args.levels.map(name);
    let unit = if args.matches { "matches" } else { "hands" };
    println!(
        "bench=rummy_arena a={a} b={b} players={} {unit}={} seats=alternating,mirrored",
        args.players, args.games
    );
    let decided = t.wins[0] + t.wins[1];
    println!(
        "{}",
        share_line(&format!("a_{unit}_share"), t.wins[0], decided)
    );
    if args.matches {
        println!("hands_played={}", t.hands);
    } else {
        println!("no_winner={}", t.none);
    }
    print_decision_times(&mut t.times);
    println!("seconds={:.1}", started.elapsed().as_secs_f64());
}

fn parse(mut it: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut args = Args {
        levels: [RummyLevel::Hard, RummyLevel::Medium],
        players: 4,
        games: 1000,
        matches: false,
        seed: 0,
    };
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let number = || value.parse::<u32>().map_err(|_| format!("{flag}: {value}"));
        match flag.as_str() {
            "--a" => args.levels[0] = level(&value)?,
            "--b" => args.levels[1] = level(&value)?,
            "--players" => {
                args.players = Some(number()?)
                    .filter(|p| (2..=6).contains(p))
                    .ok_or("--players is 2 to 6")? as u8
            }
            "--seed" => args.seed = u8::try_from(number()?).map_err(|_| "--seed is 0 to 255")?,
            "--hands" => (args.games, args.matches) = (number()?, false),
            "--matches" => (args.games, args.matches) = (number()?, true),
            _ => return Err(format!("unknown argument `{flag}`")),
        }
    }
    Ok(args)
}

fn level(name: &str) -> Result<RummyLevel, String> {
    match name {
        "simple" => Ok(RummyLevel::Simple),
        "medium" => Ok(RummyLevel::Medium),
        "hard" => Ok(RummyLevel::Hard),
        _ => Err(format!("no Rummy level `{name}`")),
    }
}

fn name(level: RummyLevel) -> &'static str {
    match level {
        RummyLevel::Simple => "simple",
        RummyLevel::Medium => "medium",
        RummyLevel::Hard => "hard",
    }
}

/// The side (0: A, 1: B) of every seat in game `g`: alternating, swapped in every odd game,
/// which replays the even game's deal.
fn sides_of(g: u32, players: u8) -> Vec<usize> {
    (0..u32::from(players))
        .map(|s| ((s + g) % 2) as usize)
        .collect()
}

fn seed_of(pair: u32, matches: bool, set: u8) -> [u8; 32] {
    let mut seed = [0u8; 32];
    seed[..4].copy_from_slice(&pair.to_le_bytes());
    seed[4] = if matches { 0x5A } else { 0xA5 };
    seed[5] = set;
    seed
}

/// Wins per side, hands without a winner, hands played, decision times per side.
#[derive(Default)]
struct Tally {
    wins: [f64; 2],
    none: u32,
    hands: usize,
    times: [Vec<u64>; 2],
}

impl Tally {
    fn timed<T>(&mut self, side: usize, f: impl FnOnce() -> T) -> T {
        common::timed(&mut self.times[side], f)
    }
}

/// One whole match: a side wins it when one of its seats has the highest total; a total
/// shared by both sides gives each half.
fn play_match(args: &Args, rules: &RummyRules, sides: &[usize], seed: [u8; 32], t: &mut Tally) {
    let mut m = RummyMatch::new(rules.clone(), args.players, seed).expect("2 to 6 players");
    while let Some(seat) = m.to_act() {
        let side = sides[usize::from(seat)];
        let action = t.timed(side, || decide_rummy(args.levels[side], &m.view_for(seat)));
        m.apply(seat, action).expect("the AI plays legal moves");
    }
    t.hands += m.history.len();
    let s = m.settlement().expect("played out");
    let won = |side| s.winners.iter().any(|&w| sides[usize::from(w)] == side);
    if won(0) && won(1) {
        t.wins = [t.wins[0] + 0.5, t.wins[1] + 0.5];
    } else {
        t.wins[usize::from(!won(0))] += 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_deal_is_played_twice_with_the_sides_swapped() {
        assert_eq!(seed_of(0, false, 0), seed_of(1 / 2, false, 0));
        assert_ne!(seed_of(0, false, 0), seed_of(1, false, 0));
        assert_ne!(seed_of(0, false, 0), seed_of(0, false, 1));
        for players in 2..=6u8 {
            let (even, odd) = (sides_of(0, players), sides_of(1, players));
            assert!(even.iter().zip(&odd).all(|(a, b)| a + b == 1));
        }
    }

    #[test]
    fn the_levels_and_the_table_are_arguments() {
        let args = parse(
            [
                "--a",
                "medium",
                "--b",
                "simple",
                "--players",
                "6",
                "--matches",
                "3",
            ]
            .map(String::from)
            .into_iter(),
        )
        .unwrap();
        assert_eq!(args.levels, [RummyLevel::Medium, RummyLevel::Simple]);
        assert_eq!((args.players, args.games, args.matches), (6, 3, true));
        assert!(parse(["--players", "7"].map(String::from).into_iter()).is_err());
        assert!(parse(["--a", "expert"].map(String::from).into_iter()).is_err());
    }

    #[test]
    fn a_match_shared_by_both_sides_counts_half() {
        let args = parse(["--players", "2"].map(String::from).into_iter()).unwrap();
        let mut t = Tally::default();
        play_match(&args, &RummyRules::default(), &[0, 1], [3; 32], &mut t);
        assert_eq!(t.wins[0] + t.wins[1], 1.0);
        assert!(t.hands > 0 && !t.times[0].is_empty());
    }
}
