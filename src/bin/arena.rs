//! `arena`: computer players against each other, with the numbers that say how they fare.
//!
//! ```sh
//! cargo run --release --bin arena -- --matches N --a hard --b simple [--protocol eaai]
//!                                    [--seed HEX] [--threads T]
//! ```
//!
//! Matches go to 100 points with gin 25 and undercut 25, the classic preset otherwise: a tie is
//! an undercut, a dead hand is redealt by the same dealer, no re-discard. The `classic`
//! protocol lets the loser of a hand deal the next (the non-dealer leads); `eaai`, the EAAI
//! 2021 challenge's, alternates the starting player after each scored hand. Matches come in pairs
//! sharing one match seed, A in seat 0 and then in seat 1, so each pair's first deal is played
//! from both sides. Each match runs on one thread; `--threads` of them (default: one per core)
//! run side by side. Results depend only on the arguments, not on the thread count.

use gin::engine::ai::{decide_with, Level, Strategy};
use gin::engine::deck::{parse_seed, seed_hex, Seed};
use gin::engine::{HandEnd, Match, Preset, Rules, Seat, ShowdownKind};
use sha2::{Digest, Sha256};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const USAGE: &str =
    "usage: arena --matches N --a PLAYER --b PLAYER [--protocol P] [--seed HEX] [--threads T]
             [--hard-samples S] [--hard-accept P] [--hard-waiter P]
             [--hard-waiter-playouts on|off] [--hard-knock-when-ahead on|off]
             [--hard-waiter-tilt T] [--hard-waited-odds X] [--hard-knocked-odds X]
             [--hard-ahead-against-waiter on|off] [--hard-knock-margin M]
             [--hard-tilt-ramp FROM,FULL] [--hard-waiter-melded P] [--hard-waiter-accept P]
             [--hard-candidates C] [--hard-waiter-knock-turns T]
             [--hard-waiter-discards on|off]
  PLAYER   simple, medium or hard (the levels), or baseline (a second yardstick: takes a card
           whenever it lowers its deadwood, keeps cards near melds, knocks at once), or marjj
           (MARJJ, the EAAI 2021 winner, from its published description: takes a card only
           into a meld that lowers its deadwood, scores the loose cards near its highest by
           deadwood, a look-ahead over its best next draws weighted 18 x 0.9^(turn-1) and the
           danger to feed the opponent, knocks only in its first three turns and then plays
           for gin, laying out the fewest layoffs), or
           mc:N (a determinized Monte Carlo player: N worlds drawn from its own view, the
           opponent's hidden cards uniform among the unseen ones, every legal move played out
           to the hand's end in each with a fast simple-like policy, the best mean played;
           N from 1 to 100000, e.g. mc:256)
  --protocol  classic (default): target 100, gin 25, undercut 25, the loser deals next;
              eaai: the same scores, the starting player alternates after each scored hand;
              in both a dead hand is redealt by the same dealer and a tie is an undercut
  --seed   64 hex digits, the seed every match seed derives from (default: all zeros)
  --threads  matches played at once (default: one per core)
  --hard-samples  worlds per decision of the hard level (default: the shipped value)
  --hard-accept   chance of keeping a guessed opponent hand per choice of the opponent it
                  contradicts, 0 to 1 (0: trust the opponent plays exactly like simple;
                  default: the shipped value); for experiments, hard is never told
  --hard-waiter   chance, 0 to 1, before the match's first showdown that the opponent plays
                  on for gin instead of knocking at once; each showdown moves it
                  (default: the shipped value)
  --hard-waiter-playouts  on: in worlds where the opponent is such a player, it knocks only
                  with gin in the playouts; off: every playout opponent knocks at once
  --hard-knock-when-ahead  on: hard's own playouts knock only when below the opponent's
                  deadwood; off: at once
  --hard-waiter-tilt  weight per point of deadwood, >= 0, toward gin-waiter hands holding
                  little (default: the shipped value)
  --hard-waited-odds  how much a showdown where the opponent held a knockable hand multiplies
                  the odds that it is a gin-waiter, > 0 (default: the shipped value)
  --hard-knocked-odds  the same for a showdown where the opponent knocked with deadwood
  --hard-ahead-against-waiter  on: in worlds where the opponent is a gin-waiter, hard's own
                  playouts knock only when below its deadwood; off: at once
  --hard-knock-margin  points, >= 0, a knock loses per point of its deadwood in each world
                  where the opponent is a gin-waiter (default: the shipped value)
  --hard-tilt-ramp  FROM,FULL: the waiter tilt grows from nothing, up to the opponent's
                  FROM-th discard of the hand, to full from its FULL-th (0,0: full
                  throughout; default: the shipped value)
  --hard-waiter-melded  share, 0 to 1, of guesses at a gin-waiter's hand built around melds,
                  growing along the tilt's ramp, only while the tilt is on (default: the
                  shipped value)
  --hard-waiter-accept  weight, 0 to 1, per discard outside the least-deadwood ones of a
                  guess at a gin-waiter's hand (default: --hard-accept's, as shipped)
  --hard-candidates  discards the hard level plays out, >= 1 (default: the shipped value)
  --hard-waiter-knock-turns  the opponent's turns of a hand, from 1, in which a gin-waiter
                  still knocks with deadwood (MARJJ: 3; 0: only with gin; default: the
                  shipped value)
  --hard-waiter-discards  on: a gin-waiter's discards are read by MARJJ's rule (a loose card
                  near its highest); off: as a deadwood counter's (default: the shipped
                  value)";

/// A hand still going after this many actions is a bug: the match is abandoned and counted.
const MAX_ACTIONS_PER_HAND: usize = 1_000;
/// Likewise for a match that keeps dealing dead hands.
const MAX_DEALS_PER_MATCH: u32 = 10_000;
/// The arena's rules on top of the classic preset.
const OVERRIDES: &str = "gin_bonus=25, undercut_bonus=25, target=100, allow_rediscard=false";

/// Who plays a side: a level, the arena's baseline, MARJJ, or Monte Carlo over N worlds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    Level(Level),
    Baseline,
    Marjj,
    MonteCarlo(usize),
}

/// The most worlds `mc:N` takes: more would only make a run last for days.
const MAX_MC_SAMPLES: usize = 100_000;

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Level(l) => write!(f, "{l}"),
            Player::Baseline => f.write_str("baseline"),
            Player::Marjj => f.write_str("marjj"),
            Player::MonteCarlo(n) => write!(f, "mc:{n}"),
        }
    }
}

/// The rules a protocol plays by.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Protocol {
    Classic,
    Eaai,
}

impl Protocol {
    fn rules(self) -> Rules {
        let dealer = match self {
            Protocol::Classic => "loser_deals",
            Protocol::Eaai => "alternate",
        };
        Rules::from_preset_and_overrides(
            Preset::Classic,
            &format!("{OVERRIDES}, dealer_rule={dealer}"),
        )
        .expect("the arena's rules are valid")
    }

    fn name(self) -> &'static str {
        match self {
            Protocol::Classic => "classic",
            Protocol::Eaai => "eaai",
        }
    }
}

struct Args {
    matches: usize,
    a: Player,
    b: Player,
    protocol: Protocol,
    /// Worlds per decision of the hard level (tuning; default the shipped value).
    hard_samples: Option<usize>,
    hard_accept: Option<f64>,
    hard_waiter: Option<f64>,
    hard_waiter_playouts: Option<bool>,
    hard_knock_when_ahead: Option<bool>,
    hard_waiter_tilt: Option<f64>,
    hard_tilt_ramp: Option<[u32; 2]>,
    hard_waiter_melded: Option<f64>,
    hard_waiter_accept: Option<f64>,
    hard_waited_odds: Option<f64>,
    hard_knocked_odds: Option<f64>,
    hard_ahead_against_waiter: Option<bool>,
    hard_knock_margin: Option<f64>,
    hard_candidates: Option<usize>,
    hard_waiter_knock_turns: Option<u32>,
    hard_waiter_discards: Option<bool>,
    seed: Seed,
    threads: usize,
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("arena: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let rules = args.protocol.rules();
    let start = Instant::now();
    let mut tally = run(&args, &rules);
    let seconds = start.elapsed().as_secs_f64();
    report(&args, &mut tally, seconds);
    if tally.failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `Ok(None)` asks for the usage text.
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut matches = None;
    let (mut a, mut b) = (None, None);
    let mut protocol = Protocol::Classic;
    let mut seed = [0u8; 32];
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut hard_samples = None;
    let mut hard_accept = None;
    let mut hard_waiter = None;
    let mut hard_waiter_playouts = None;
    let mut hard_knock_when_ahead = None;
    let mut hard_waiter_tilt = None;
    let mut hard_tilt_ramp = None;
    let mut hard_waiter_melded = None;
    let mut hard_waiter_accept = None;
    let mut hard_candidates = None;
    let mut hard_waiter_knock_turns = None;
    let mut hard_waiter_discards = None;
    let mut hard_waited_odds = None;
    let mut hard_knocked_odds = None;
    let mut hard_ahead_against_waiter = None;
    let mut hard_knock_margin = None;
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "-h" | "--help" => return Ok(None),
            "--matches" => matches = Some(number(&value(&mut args, &flag)?, &flag)?),
            "--a" => a = Some(player(&value(&mut args, &flag)?)?),
            "--b" => b = Some(player(&value(&mut args, &flag)?)?),
            "--protocol" => {
                protocol = match value(&mut args, &flag)?.as_str() {
                    "classic" => Protocol::Classic,
                    "eaai" => Protocol::Eaai,
                    other => return Err(format!("--protocol is classic or eaai, not `{other}`")),
                }
            }
            "--seed" => {
                let text = value(&mut args, &flag)?;
                seed = parse_seed(&text)
                    .ok_or_else(|| format!("--seed wants 64 hex digits, not `{text}`"))?;
            }
            "--threads" => threads = number(&value(&mut args, &flag)?, &flag)?.max(1),
            "--hard-samples" => {
                hard_samples = Some(number(&value(&mut args, &flag)?, &flag)?.max(1))
            }
            "--hard-accept" => hard_accept = Some(chance(&value(&mut args, &flag)?, &flag)?),
            "--hard-waiter" => hard_waiter = Some(chance(&value(&mut args, &flag)?, &flag)?),
            "--hard-waiter-playouts" => {
                hard_waiter_playouts = Some(switch(&value(&mut args, &flag)?, &flag)?)
            }
            "--hard-knock-when-ahead" => {
                hard_knock_when_ahead = Some(switch(&value(&mut args, &flag)?, &flag)?)
            }
            "--hard-waiter-tilt" => hard_waiter_tilt = Some(non_negative(&mut args, &flag)?),
            "--hard-waiter-melded" => {
                hard_waiter_melded = Some(chance(&value(&mut args, &flag)?, &flag)?)
            }
            "--hard-waiter-accept" => {
                hard_waiter_accept = Some(chance(&value(&mut args, &flag)?, &flag)?)
            }
            "--hard-tilt-ramp" => hard_tilt_ramp = Some(ramp(&value(&mut args, &flag)?, &flag)?),
            "--hard-waited-odds" => hard_waited_odds = Some(positive(&mut args, &flag)?),
            "--hard-knocked-odds" => hard_knocked_odds = Some(positive(&mut args, &flag)?),
            "--hard-ahead-against-waiter" => {
                hard_ahead_against_waiter = Some(switch(&value(&mut args, &flag)?, &flag)?)
            }
            "--hard-knock-margin" => hard_knock_margin = Some(non_negative(&mut args, &flag)?),
            "--hard-candidates" => {
                hard_candidates = Some(number(&value(&mut args, &flag)?, &flag)?.max(1))
            }
            "--hard-waiter-knock-turns" => {
                let turns = number(&value(&mut args, &flag)?, &flag)?;
                hard_waiter_knock_turns = Some(
                    u32::try_from(turns).map_err(|_| format!("{flag} is too large: {turns}"))?,
                )
            }
            "--hard-waiter-discards" => {
                hard_waiter_discards = Some(switch(&value(&mut args, &flag)?, &flag)?)
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(Some(Args {
        matches: matches.ok_or("--matches is required")?,
        a: a.ok_or("--a is required")?,
        b: b.ok_or("--b is required")?,
        protocol,
        seed,
        threads,
        hard_samples,
        hard_accept,
        hard_waiter,
        hard_waiter_playouts,
        hard_knock_when_ahead,
        hard_waiter_tilt,
        hard_tilt_ramp,
        hard_waiter_melded,
        hard_waiter_accept,
        hard_waited_odds,
        hard_knocked_odds,
        hard_ahead_against_waiter,
        hard_knock_margin,
        hard_candidates,
        hard_waiter_knock_turns,
        hard_waiter_discards,
    }))
}

/// `FROM,FULL`: two counts of the opponent's discards, the first no larger.
fn ramp(text: &str, flag: &str) -> Result<[u32; 2], String> {
    let bad = || format!("{flag} takes FROM,FULL (two whole numbers, FROM <= FULL), not `{text}`");
    let (from, full) = text.split_once(',').ok_or_else(bad)?;
    let from: u32 = from.trim().parse().map_err(|_| bad())?;
    let full: u32 = full.trim().parse().map_err(|_| bad())?;
    if from > full {
        return Err(bad());
    }
    Ok([from, full])
}

fn non_negative(args: &mut impl Iterator<Item = String>, flag: &str) -> Result<f64, String> {
    let text = value(args, flag)?;
    text.parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t >= 0.0)
        .ok_or_else(|| format!("{flag} wants a number >= 0, not `{text}`"))
}

fn positive(args: &mut impl Iterator<Item = String>, flag: &str) -> Result<f64, String> {
    let text = value(args, flag)?;
    text.parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t > 0.0)
        .ok_or_else(|| format!("{flag} wants a number > 0, not `{text}`"))
}

fn value(args: &mut impl Iterator<Item = String>, flag: &str) -> Result<String, String> {
    args.next().ok_or_else(|| format!("{flag} needs a value"))
}

fn switch(text: &str, flag: &str) -> Result<bool, String> {
    match text {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(format!("{flag} is on or off, not `{other}`")),
    }
}

fn chance(text: &str, flag: &str) -> Result<f64, String> {
    text.parse()
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| format!("{flag} wants a number from 0 to 1, not `{text}`"))
}

fn number(text: &str, flag: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("{flag} wants a whole number, not `{text}`"))
}

fn player(text: &str) -> Result<Player, String> {
    match text {
        "baseline" => return Ok(Player::Baseline),
        "marjj" => return Ok(Player::Marjj),
        _ => {}
    }
    if let Some(n) = text.strip_prefix("mc:") {
        return n
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_MC_SAMPLES).contains(n))
            .map(Player::MonteCarlo)
            .ok_or_else(|| {
                format!("mc:N wants a whole number of worlds from 1 to {MAX_MC_SAMPLES}, not `{n}`")
            });
    }
    text.parse::<Level>()
        .map(Player::Level)
        .map_err(|e| e.to_string())
}

/// Everything counted over some matches; tallies add up.
#[derive(Default)]
struct Tally {
    matches: u64,
    a_wins: u64,
    failures: u64,
    /// Deals played, dead hands included.
    hands: u64,
    dead: u64,
    /// Hands won and points scored, by A (0) and B (1).
    hand_wins: [u64; 2],
    points: [u64; 2],
    /// Hands won and their points by A and B, by how they were won: gin, knock, undercut.
    /// Says where a player's edge comes from, or where it leaks.
    by_kind: [[(u64, u64); 3]; 2],
    /// Decision times in nanoseconds, by A and B.
    times: [Vec<u64>; 2],
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.matches += other.matches;
        self.a_wins += other.a_wins;
        self.failures += other.failures;
        self.hands += other.hands;
        self.dead += other.dead;
        for (mine, theirs) in self.hand_wins.iter_mut().zip(other.hand_wins) {
            *mine += theirs;
        }
        for (mine, theirs) in self.points.iter_mut().zip(other.points) {
            *mine += theirs;
        }
        for (mine, theirs) in self.by_kind.iter_mut().zip(other.by_kind) {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m = (m.0 + t.0, m.1 + t.1);
            }
        }
        for (mine, theirs) in self.times.iter_mut().zip(other.times) {
            mine.extend(theirs);
        }
    }
}

/// Plays every match, `threads` at a time, each worker taking the next match number.
fn run(args: &Args, rules: &Rules) -> Tally {
    let next = AtomicUsize::new(0);
    let next = &next;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..args.threads)
            .map(move |_| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    loop {
                        let j = next.fetch_add(1, Ordering::Relaxed);
                        if j >= args.matches {
                            break tally;
                        }
                        tally.add(play_match(args, rules, j));
                    }
                })
            })
            .collect();
        let mut total = Tally::default();
        for worker in workers {
            total.add(worker.join().expect("an arena worker panicked"));
        }
        total
    })
}

/// Match `j` of the run: the seed of pair `j / 2`, with A in seat `j % 2` (mirrored deals).
fn seating(run_seed: &Seed, j: usize) -> (Seed, Seat) {
    (derive(run_seed, b"match", (j / 2) as u64), (j % 2) as Seat)
}

/// Match `j`: pair `j / 2`'s seed, with A in seat `j % 2`.
fn play_match(args: &Args, rules: &Rules, j: usize) -> Tally {
    let (match_seed, a_seat) = seating(&args.seed, j);
    // Each role keeps its own seed in both matches of the pair.
    let ai_seeds = [derive(&match_seed, b"a", 0), derive(&match_seed, b"b", 0)];
    let strategy = |player: Player| match player {
        Player::Baseline => Strategy::Baseline,
        Player::Marjj => Strategy::Marjj,
        Player::MonteCarlo(n) => Strategy::MonteCarlo(n),
        Player::Level(level) => match level.strategy() {
            Strategy::Hard(mut config) => {
                config.samples = args.hard_samples.unwrap_or(config.samples);
                config.contradiction_accept =
                    args.hard_accept.unwrap_or(config.contradiction_accept);
                config.gin_waiter = args.hard_waiter.unwrap_or(config.gin_waiter);
                config.waiter_playouts =
                    args.hard_waiter_playouts.unwrap_or(config.waiter_playouts);
                config.knock_when_ahead = args
                    .hard_knock_when_ahead
                    .unwrap_or(config.knock_when_ahead);
                config.waiter_tilt = args.hard_waiter_tilt.unwrap_or(config.waiter_tilt);
                config.waiter_tilt_ramp = args.hard_tilt_ramp.unwrap_or(config.waiter_tilt_ramp);
                config.waiter_melded = args.hard_waiter_melded.unwrap_or(config.waiter_melded);
                config.waiter_accept = args.hard_waiter_accept.or(config.waiter_accept);
                let evidence = &mut config.waiter_evidence;
                evidence.waited = args.hard_waited_odds.unwrap_or(evidence.waited);
                evidence.knocked = args.hard_knocked_odds.unwrap_or(evidence.knocked);
                config.ahead_against_waiter = args
                    .hard_ahead_against_waiter
                    .unwrap_or(config.ahead_against_waiter);
                config.knock_margin = args.hard_knock_margin.unwrap_or(config.knock_margin);
                config.max_candidates = args.hard_candidates.unwrap_or(config.max_candidates);
                config.waiter_knock_turns = args
                    .hard_waiter_knock_turns
                    .unwrap_or(config.waiter_knock_turns);
                config.waiter_discards =
                    args.hard_waiter_discards.unwrap_or(config.waiter_discards);
                Strategy::Hard(config)
            }
            s => s,
        },
    };
    let levels = [strategy(args.a), strategy(args.b)];
    let mut tally = Tally {
        matches: 1,
        ..Tally::default()
    };
    let mut m = Match::new(rules.clone(), 2, match_seed).expect("the arena's rules are valid");
    let (mut deal, mut actions) = (m.deal_no, 0usize);
    while let Some(seat) = m.to_act() {
        let role = usize::from(seat != a_seat);
        let view = m.view_for(seat);
        let clock = Instant::now();
        let action = decide_with(&levels[role], &ai_seeds[role], &view);
        let nanos = clock.elapsed().as_nanos();
        tally.times[role].push(u64::try_from(nanos).unwrap_or(u64::MAX));
        if let Err(e) = m.apply(seat, action) {
            eprintln!("arena: match {j}: seat {seat} played {action:?}: {e}");
            tally.failures += 1;
            break;
        }
        if m.deal_no == deal {
            actions += 1;
        } else {
            (deal, actions) = (m.deal_no, 0);
        }
        if actions > MAX_ACTIONS_PER_HAND || m.deal_no > MAX_DEALS_PER_MATCH {
            eprintln!("arena: match {j}: deal {} does not end", m.deal_no);
            tally.failures += 1;
            break;
        }
    }
    for record in &m.history {
        tally.hands += 1;
        match record.end.winner(record.players) {
            Some((winner, score)) => {
                let role = usize::from(winner != a_seat);
                tally.hand_wins[role] += 1;
                tally.points[role] += u64::from(score.points);
                if let HandEnd::Knocked { showdown, .. } = &record.end {
                    let kind = &mut tally.by_kind[role][showdown.kind as usize];
                    *kind = (kind.0 + 1, kind.1 + u64::from(score.points));
                }
            }
            None => tally.dead += 1,
        }
    }
    if m.settlement().is_some_and(|s| s.winner == a_seat) {
        tally.a_wins += 1;
    }
    tally
}

/// A child seed: SHA-256 over a domain tag, the parent and a number.
fn derive(parent: &Seed, tag: &[u8], n: u64) -> Seed {
    let mut h = Sha256::new();
    h.update(b"gin/arena/v1/");
    h.update(tag);
    h.update(parent);
    h.update(n.to_le_bytes());
    h.finalize().into()
}

fn report(args: &Args, t: &mut Tally, seconds: f64) {
    let (lo, hi) = wilson(t.a_wins, t.matches);
    let hands = t.hands.max(1) as f64;
    println!(
        "matches={} a={} b={} protocol={} threads={} seed={}",
        t.matches,
        args.a,
        args.b,
        args.protocol.name(),
        args.threads,
        seed_hex(&args.seed)
    );
    if args.hard_samples.is_some()
        || args.hard_accept.is_some()
        || args.hard_waiter.is_some()
        || args.hard_waiter_playouts.is_some()
        || args.hard_knock_when_ahead.is_some()
        || args.hard_waiter_tilt.is_some()
        || args.hard_waited_odds.is_some()
        || args.hard_knocked_odds.is_some()
        || args.hard_ahead_against_waiter.is_some()
        || args.hard_knock_margin.is_some()
        || args.hard_tilt_ramp.is_some()
        || args.hard_waiter_melded.is_some()
        || args.hard_waiter_accept.is_some()
        || args.hard_candidates.is_some()
        || args.hard_waiter_knock_turns.is_some()
        || args.hard_waiter_discards.is_some()
    {
        println!(
            "hard_samples={:?} hard_accept={:?} hard_waiter={:?} hard_waiter_playouts={:?} \
             hard_knock_when_ahead={:?} hard_waiter_tilt={:?} hard_waited_odds={:?} \
             hard_knocked_odds={:?} hard_ahead_against_waiter={:?} hard_knock_margin={:?} \
             hard_tilt_ramp={:?} hard_waiter_melded={:?} hard_waiter_accept={:?} \
             hard_candidates={:?} hard_waiter_knock_turns={:?} hard_waiter_discards={:?}",
            args.hard_samples,
            args.hard_accept,
            args.hard_waiter,
            args.hard_waiter_playouts,
            args.hard_knock_when_ahead,
            args.hard_waiter_tilt,
            args.hard_waited_odds,
            args.hard_knocked_odds,
            args.hard_ahead_against_waiter,
            args.hard_knock_margin,
            args.hard_tilt_ramp,
            args.hard_waiter_melded,
            args.hard_waiter_accept,
            args.hard_candidates,
            args.hard_waiter_knock_turns,
            args.hard_waiter_discards
        );
    }
    println!(
        "a_match_win_rate={:.4} ci95=[{lo:.4},{hi:.4}]",
        ratio(t.a_wins, t.matches)
    );
    println!(
        "a_hand_win_rate={:.4} hands={} dead_hands={}",
        ratio(t.hand_wins[0], t.hand_wins[0] + t.hand_wins[1]),
        t.hands,
        t.dead
    );
    println!(
        "a_points_per_hand={:.3} b_points_per_hand={:.3} a_net_points_per_hand={:.3}",
        t.points[0] as f64 / hands,
        t.points[1] as f64 / hands,
        (t.points[0] as f64 - t.points[1] as f64) / hands
    );
    for (role, side) in [(0, "a"), (1, "b")] {
        let kinds = [
            ShowdownKind::Gin,
            ShowdownKind::Knock,
            ShowdownKind::Undercut,
        ];
        let line: Vec<String> = kinds
            .iter()
            .map(|&kind| {
                let (won, points) = t.by_kind[role][kind as usize];
                format!("{kind:?}={won}/{:.3}", points as f64 / hands)
            })
            .collect();
        // Hands won that way, and the points they brought per hand played.
        println!("{side}_won_by {}", line.join(" ").to_lowercase());
    }
    // Knocks short of gin: won by the knocker, or undercut by the other side.
    for (role, side) in [(0, "a"), (1, "b")] {
        let kept = t.by_kind[role][ShowdownKind::Knock as usize].0;
        let undercut = t.by_kind[1 - role][ShowdownKind::Undercut as usize].0;
        println!(
            "{side}_knocks={} {side}_undercut_share={:.4}",
            kept + undercut,
            ratio(undercut, kept + undercut)
        );
    }
    for (role, prefix) in [(0, ""), (1, "b_")] {
        let times = &mut t.times[role];
        times.sort_unstable();
        let us = |nanos: u64| nanos as f64 / 1_000.0;
        println!(
            "{prefix}decision_p50_us={:.1} p95_us={:.1} max_us={:.1} decisions={}",
            us(percentile(times, 50.0)),
            us(percentile(times, 95.0)),
            us(times.last().copied().unwrap_or(0)),
            times.len()
        );
    }
    println!(
        "matches_per_second={:.2}",
        t.matches as f64 / seconds.max(1e-9)
    );
    println!("failures={}", t.failures);
}

fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The Wilson score interval at 95 % for `wins` out of `n`: sound near 0 and 1 and for small n.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n = n as f64;
    let p = wins as f64 / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gin::engine::ai::decide;

    /// Plays a whole match between two `simple` players under `protocol`.
    fn played(protocol: Protocol, seed: u8) -> Match {
        let mut m = Match::new(protocol.rules(), 2, [seed; 32]).unwrap();
        while let Some(seat) = m.to_act() {
            let action = decide(Level::Simple, &[seat; 32], &m.view_for(seat));
            m.apply(seat, action).unwrap();
        }
        m
    }

    #[test]
    fn eaai_alternates_the_starter_after_each_scored_hand_and_redeals_a_dead_one() {
        let m = played(Protocol::Eaai, 3);
        assert!(m.history.len() > 2);
        for pair in m.history.windows(2) {
            let scored = pair[0].end.winner(pair[0].players).is_some();
            let expected = if scored {
                1 - pair[0].dealer
            } else {
                pair[0].dealer
            };
            assert_eq!(pair[1].dealer, expected);
            // The non-dealer starts.
            assert_eq!(pair[1].players[0], 1 - pair[1].dealer);
        }
    }

    #[test]
    fn classic_lets_the_loser_deal() {
        let m = played(Protocol::Classic, 4);
        for pair in m.history.windows(2) {
            if let Some((winner, _)) = pair[0].end.winner(pair[0].players) {
                assert_eq!(pair[1].dealer, 1 - winner);
            }
        }
    }

    #[test]
    fn each_seed_is_played_twice_with_the_seats_swapped() {
        let run = [9u8; 32];
        assert_eq!(seating(&run, 0).0, seating(&run, 1).0);
        assert_eq!((seating(&run, 0).1, seating(&run, 1).1), (0, 1));
        assert_ne!(seating(&run, 1).0, seating(&run, 2).0);
    }

    #[test]
    fn the_protocol_and_the_baseline_are_arguments() {
        let args = parse_args(
            [
                "--matches",
                "2",
                "--a",
                "hard",
                "--b",
                "baseline",
                "--protocol",
                "eaai",
            ]
            .map(String::from)
            .into_iter(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            (args.a, args.b, args.protocol),
            (Player::Level(Level::Hard), Player::Baseline, Protocol::Eaai)
        );
        assert!(parse_args(["--protocol", "fast"].map(String::from).into_iter()).is_err());
        let marjj = ["--matches", "2", "--a", "marjj", "--b", "simple"];
        let args = parse_args(marjj.map(String::from).into_iter())
            .unwrap()
            .unwrap();
        assert_eq!(
            (args.a, args.b),
            (Player::Marjj, Player::Level(Level::Simple))
        );
        assert!(USAGE.contains("marjj"));
        let mc = ["--matches", "2", "--a", "hard", "--b", "mc:256"];
        let args = parse_args(mc.map(String::from).into_iter())
            .unwrap()
            .unwrap();
        assert_eq!(args.b, Player::MonteCarlo(256));
        assert_eq!(args.b.to_string(), "mc:256");
        assert!(USAGE.contains("mc:N"));
        for bad in ["mc:", "mc:0", "mc:x", "mc:-3", "mc:1000000"] {
            let args = ["--matches", "2", "--a", "hard", "--b", bad];
            assert!(
                parse_args(args.map(String::from).into_iter()).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_breakdown_by_kind_accounts_for_every_hand_won_and_point() {
        let args = parse_args(
            ["--matches", "4", "--a", "simple", "--b", "baseline"]
                .map(String::from)
                .into_iter(),
        )
        .unwrap()
        .unwrap();
        let rules = args.protocol.rules();
        let mut t = Tally::default();
        for j in 0..4 {
            t.add(play_match(&args, &rules, j));
        }
        assert!(t.hands > 4);
        for role in 0..2 {
            let won: u64 = t.by_kind[role].iter().map(|k| k.0).sum();
            let points: u64 = t.by_kind[role].iter().map(|k| k.1).sum();
            assert_eq!((won, points), (t.hand_wins[role], t.points[role]));
        }
        // Four matches of two knock-at-once players: both knocked and won some.
        assert!(t.by_kind[0][ShowdownKind::Knock as usize].0 > 0);
        assert!(t.by_kind[1][ShowdownKind::Knock as usize].0 > 0);
    }

    #[test]
    fn the_hard_tuning_is_an_argument_within_its_bounds() {
        let parse = |accept: &str| {
            let args = ["--matches", "1", "--a", "hard", "--b", "simple"];
            let args = args.into_iter().chain(["--hard-accept", accept]);
            parse_args(args.map(String::from)).map(|a| a.and_then(|a| a.hard_accept))
        };
        assert_eq!(parse("0"), Ok(Some(0.0)));
        assert_eq!(parse("0.5"), Ok(Some(0.5)));
        assert!(parse("1.5").is_err());
        assert!(parse("-0.1").is_err());
        assert!(parse("some").is_err());
        let waiter = [
            "--matches",
            "1",
            "--a",
            "hard",
            "--b",
            "marjj",
            "--hard-waiter",
            "0.5",
        ];
        let args = waiter.into_iter().chain(["--hard-waiter-playouts", "off"]);
        let args = parse_args(args.map(String::from)).unwrap().unwrap();
        assert_eq!(
            (args.hard_waiter, args.hard_waiter_playouts),
            (Some(0.5), Some(false))
        );
        let tilt = |ramp: &str, melded: &str| {
            let args = ["--matches", "1", "--a", "hard", "--b", "marjj"].into_iter();
            let args = args.chain(["--hard-tilt-ramp", ramp, "--hard-waiter-melded", melded]);
            parse_args(args.map(String::from))
                .map(|a| a.map(|a| (a.hard_tilt_ramp, a.hard_waiter_melded)))
        };
        assert_eq!(tilt("5,9", "0.5"), Ok(Some((Some([5, 9]), Some(0.5)))));
        assert!(tilt("9,5", "0.5").is_err(), "the ramp goes up");
        assert!(tilt("5", "0.5").is_err());
        assert!(tilt("5,9", "2").is_err());
        let args = ["--matches", "1", "--a", "hard", "--b", "marjj"].into_iter();
        let args = args
            .chain(["--hard-waiter-accept", "0.1"])
            .map(String::from);
        let args = parse_args(args).unwrap().unwrap();
        assert_eq!(args.hard_waiter_accept, Some(0.1));
        let marjj_reading = |turns: &str, discards: &str, candidates: &str| {
            let args = ["--matches", "1", "--a", "hard", "--b", "marjj"].into_iter();
            let args = args.chain(["--hard-waiter-knock-turns", turns]);
            let args = args.chain(["--hard-waiter-discards", discards]);
            let args = args.chain(["--hard-candidates", candidates]);
            parse_args(args.map(String::from)).map(|a| {
                a.map(|a| {
                    (
                        a.hard_waiter_knock_turns,
                        a.hard_waiter_discards,
                        a.hard_candidates,
                    )
                })
            })
        };
        assert_eq!(
            marjj_reading("3", "on", "8"),
            Ok(Some((Some(3), Some(true), Some(8))))
        );
        assert!(marjj_reading("-1", "on", "8").is_err());
        assert!(marjj_reading("3", "yes", "8").is_err());
        assert!(marjj_reading("3", "off", "many").is_err());
    }
}
