//! `cargo bench --bench pairing`: the time to pair a 256-player Swiss round late in the event,
//! which must stay well within a press's answer (figures in the README). The event is played
//! with deterministic random results up to its last round, which is then paired again and
//! again from the same state.
//!
//! Prints `swiss256_round9_ms=…` (the last round of a 9-round Swiss, the usual length for
//! 256), `swiss256_round30_ms=…` (the longest Swiss allowed, where score groups are small
//! and many pairs have met) and `swiss255_round9_ms=…` (an odd field: the bye is chosen
//! too), each the median and the worst of 21 runs.

use gin::games::tournament::{
    Decision, Entrant, EntrantId, Finish, Pairing, Settings, Tournament, TournamentFormat,
};
use std::time::Instant;

/// Xorshift: the same results on every run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A Swiss of `n` over `rounds`, played up to (not including) its last round.
fn before_last_round(n: usize, rounds: u32) -> Tournament {
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    let entrants = (0..n)
        .map(|i| Entrant {
            id: EntrantId(1_000 + i as u64),
            rating: (1_000 + dice.next() % 1_000) as f64,
        })
        .collect();
    let settings = Settings {
        format: TournamentFormat::Swiss { rounds },
        bye_points: 50,
    };
    let mut t = Tournament::new(settings, entrants).expect("a valid event");
    for round in 0..rounds as usize - 1 {
        let open: Vec<(usize, EntrantId, EntrantId)> = t
            .pair_next_round()
            .expect("a round")
            .pairings
            .iter()
            .enumerate()
            .filter_map(|(k, p)| match *p {
                Pairing::Match {
                    first,
                    second,
                    decision: None,
                } => Some((k, first, second)),
                _ => None,
            })
            .collect();
        for (k, a, b) in open {
            let x = dice.next();
            let decision = Decision {
                winner: if x % 2 == 0 { a } else { b },
                margin: (x >> 8) as u32 % 300,
                finish: Finish::Played,
            };
            t.record(round, k, decision).expect("an open match");
        }
    }
    t
}

/// Median and worst milliseconds of pairing the next round of `t`, over `runs`.
fn time_next_round(t: &Tournament, runs: usize) -> (f64, f64) {
    let mut ms: Vec<f64> = (0..runs)
        .map(|_| {
            let mut copy = t.clone();
            let start = Instant::now();
            std::hint::black_box(copy.pair_next_round().expect("a round"));
            start.elapsed().as_secs_f64() * 1_000.0
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    (ms[runs / 2], ms[runs - 1])
}

fn main() {
    for (name, n, rounds) in [
        ("swiss256_round9_ms", 256, 9),
        ("swiss256_round30_ms", 256, 30),
        ("swiss255_round9_ms", 255, 9),
    ] {
        let t = before_last_round(n, rounds);
        let (median, worst) = time_next_round(&t, 21);
        println!("{name}={median:.2} (worst {worst:.2})");
    }
}
