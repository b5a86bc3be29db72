//! `cargo run --release --example team_arena -- --mode partnership|team --matches N
//! [--a hard] [--b simple] [--seed 0]`: team against team in the four-player Gin modes.
//!
//! Team A holds seats 0 and 2 in even matches and 1 and 3 in odd ones, which replay the even
//! match's seed (mirrored deals). Partnership Gin (RULES.md 11a) plays to 125 and each side
//! plays a Gin level (`simple`, `medium`, `hard`), every seat deciding from its own table as
//! the bot does (hard also reads the other table's result). Team Gin (11b) plays the bot's
//! Team Gin levels (`simple`; `medium` and `hard` are one player, also called `team`) or the
//! yardstick `naive`: never swaps, draws from the stock, knocks as soon as it may and throws
//! its highest card. Prints the share of matches A won with its 95 % Wilson interval, the
//! share of scored deals, and each side's decision times.

mod common;

use common::{print_decision_times, share_line};
use gin::engine::ai::team::{self as team_ai, naive};
use gin::engine::ai::{decide_partnership, Level};
use gin::engine::{PartnershipMatch, Preset, Rules, Seat, TeamMatch};
use std::time::Instant;

const USAGE: &str = "usage: team_arena --mode partnership|team --matches N [--a PLAYER] \
                     [--b PLAYER] [--seed 0..255]
  partnership: PLAYER is simple, medium or hard (default: hard against simple)
  team:        PLAYER is simple, medium, hard (= medium = team) or naive (default: hard against
               simple)";

#[derive(Clone, Copy, PartialEq, Debug)]
enum Mode {
    Partnership,
    Team,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Player {
    Level(Level),
    Naive,
}

struct Args {
    mode: Mode,
    matches: u32,
    players: [Player; 2],
    seed: u8,
}

fn main() {
    let args = parse(std::env::args().skip(1)).unwrap_or_else(|e| {
        eprintln!("team_arena: {e}\n{USAGE}");
        std::process::exit(2);
    });
    let started = Instant::now();
    let mut t = Tally::default();
    for j in 0..args.matches {
        let seed = seed_of(j / 2, args.seed);
        let a_team = (j % 2) as usize;
        match args.mode {
            Mode::Partnership => partnership(&args, seed, a_team, &mut t),
            Mode::Team => team(&args, seed, a_team, &mut t),
        }
    }
    let mode = match args.mode {
        Mode::Partnership => "partnership",
        Mode::Team => "team",
    };
    println!(
        "bench=team_arena mode={mode} a={} b={} matches={} seats=mirrored seed={}",
        label(args.players[0]),
        label(args.players[1]),
        args.matches,
        args.seed
    );
    let n = f64::from(args.matches);
    println!("{}", share_line("a_match_share", t.match_wins, n));
    let deals = t.deal_wins[0] + t.deal_wins[1];
    println!(
        "{} unscored={}",
        share_line("a_deal_share", t.deal_wins[0], deals),
        t.unscored
    );
    print_decision_times(&mut t.times);
    println!("seconds={:.1}", started.elapsed().as_secs_f64());
}

fn parse(mut it: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut mode, mut matches, mut seed) = (None, None, 0u8);
    let (mut a, mut b) = (None, None);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--mode" => {
                mode = Some(match value.as_str() {
                    "partnership" => Mode::Partnership,
                    "team" => Mode::Team,
                    _ => return Err(format!("--mode is partnership or team, not `{value}`")),
                })
            }
            "--matches" => matches = Some(value.parse().map_err(|_| "--matches: a number")?),
            "--seed" => seed = value.parse().map_err(|_| "--seed is 0 to 255")?,
            "--a" => a = Some(player(&value)?),
            "--b" => b = Some(player(&value)?),
            _ => return Err(format!("unknown argument `{flag}`")),
        }
    }
    let mode = mode.ok_or("--mode is required")?;
    let defaults = match mode {
        Mode::Partnership => [Player::Level(Level::Hard), Player::Level(Level::Simple)],
        Mode::Team => [Player::Level(Level::Hard), Player::Level(Level::Simple)],
    };
    let players = [a.unwrap_or(defaults[0]), b.unwrap_or(defaults[1])];
    let fits = |p: Player| mode == Mode::Team || matches!(p, Player::Level(_));
    if !players.into_iter().all(fits) {
        return Err("partnership plays levels; `naive` is Team Gin's only".into());
    }
    Ok(Args {
        mode,
        matches: matches.ok_or("--matches is required")?,
        players,
        seed,
    })
}

fn player(name: &str) -> Result<Player, String> {
    match name {
        "team" => Ok(Player::Level(Level::Hard)),
        "naive" => Ok(Player::Naive),
        _ => name.parse().map(Player::Level).map_err(|e| format!("{e}")),
    }
}

fn label(p: Player) -> String {
    match p {
        Player::Level(l) => l.to_string(),
        Player::Naive => "naive".into(),
    }
}

fn seed_of(pair: u32, set: u8) -> [u8; 32] {
    let mut seed = [0u8; 32];
    seed[..4].copy_from_slice(&pair.to_le_bytes());
    seed[4] = 0x7E;
    seed[5] = set;
    seed
}

/// A's match wins, deals scored by each side, unscored deals, decision times per side.
#[derive(Default)]
struct Tally {
    match_wins: f64,
    deal_wins: [f64; 2],
    unscored: u32,
    times: [Vec<u64>; 2],
}

impl Tally {
    fn timed<T>(&mut self, side: usize, f: impl FnOnce() -> T) -> T {
        common::timed(&mut self.times[side], f)
    }

    /// A deal (hand) scored by `team`, or by nobody.
    fn deal(&mut self, team: Option<usize>, a_team: usize) {
        match team {
            Some(team) => self.deal_wins[usize::from(team != a_team)] += 1.0,
            None => self.unscored += 1,
        }
    }
}

/// The side (0: A, 1: B) of `seat` when A is `a_team`.
fn side_of(seat: Seat, a_team: usize) -> usize {
    usize::from(usize::from(seat % 2) != a_team)
}

/// One Partnership Gin match to 125; every seat decides from its own table's view.
fn partnership(args: &Args, seed: [u8; 32], a_team: usize, t: &mut Tally) {
    let rules = Rules::from_preset_and_overrides(Preset::Classic, "target=125")
        .expect("the arena's rules are valid");
    let mut m = PartnershipMatch::new(rules, seed);
    while let Some(&seat) = m.seats_to_act().first() {
        let side = side_of(seat, a_team);
        let Player::Level(level) = args.players[side] else {
            unreachable!("checked by parse")
        };
        let ai_seed = [seat; 32];
        let other = m.table_view(1 - m.table_of(seat).expect("a seat plays at a table"));
        let action = t.timed(side, || {
            decide_partnership(level, &ai_seed, &m.view_for(seat), &other)
        });
        m.apply(seat, action).expect("the AI plays legal moves");
    }
    for d in &m.history {
        t.deal(d.scored.map(|(team, _)| team), a_team);
    }
    let winner = m.settlement().expect("played out").winner;
    t.match_wins += f64::from(u8::from(usize::from(winner) == a_team));
}

/// One Team Gin match.
fn team(args: &Args, seed: [u8; 32], a_team: usize, t: &mut Tally) {
    let rules = Rules::from_preset_and_overrides(Preset::Classic, "").expect("valid rules");
    let mut m = TeamMatch::new(rules, seed);
    while let Some(seat) = m.to_act() {
        let side = side_of(seat, a_team);
        let view = m.view_for(seat);
        let action = t.timed(side, || match args.players[side] {
            Player::Naive => naive(&view),
            Player::Level(level) => team_ai::decide(level, &view),
        });
        m.apply(seat, action).expect("the AI plays legal moves");
    }
    for h in &m.history {
        t.deal(h.end.winner().map(|(team, _)| team), a_team);
    }
    let winner = m.settlement().expect("played out").winner;
    t.match_wins += f64::from(u8::from(usize::from(winner) == a_team));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Args, String> {
        parse(list.iter().map(|s| s.to_string()))
    }

    #[test]
    fn each_mode_takes_its_own_players() {
        let a = args(&["--mode", "partnership", "--matches", "2"]).unwrap();
        assert_eq!(
            a.players,
            [Player::Level(Level::Hard), Player::Level(Level::Simple)]
        );
        let a = args(&["--mode", "team", "--matches", "2", "--b", "naive"]).unwrap();
        assert_eq!(a.players, [Player::Level(Level::Hard), Player::Naive]);
        let a = args(&["--mode", "team", "--matches", "2", "--a", "team"]).unwrap();
        assert_eq!(a.players[0], Player::Level(Level::Hard));
        assert!(args(&["--mode", "partnership", "--matches", "2", "--b", "naive"]).is_err());
        assert!(args(&["--matches", "2"]).is_err());
    }

    #[test]
    fn a_team_against_itself_wins_exactly_half_of_mirrored_matches() {
        let a = args(&["--mode", "team", "--matches", "4", "--b", "hard"]).unwrap();
        let mut t = Tally::default();
        for j in 0..4 {
            team(&a, seed_of(j / 2, 0), (j % 2) as usize, &mut t);
        }
        assert_eq!(t.match_wins, 2.0);
        assert_eq!(side_of(0, 0), 0);
        assert_eq!(side_of(3, 0), 1);
        assert_eq!(side_of(3, 1), 0);
    }

    #[test]
    fn partnership_matches_play_out_with_every_seat_deciding() {
        let a = args(&["--mode", "partnership", "--matches", "1", "--a", "medium"]).unwrap();
        let mut t = Tally::default();
        partnership(&a, seed_of(0, 0), 1, &mut t);
        assert!(t.deal_wins[0] + t.deal_wins[1] + f64::from(t.unscored) > 0.0);
        assert!(!t.times[0].is_empty() && !t.times[1].is_empty());
    }
}
