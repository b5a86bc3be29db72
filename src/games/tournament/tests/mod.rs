//! Tests of the pairing rules: a file per format, the standings, the event's life (errors,
//! JSON), an independent brute force, and the property tests over random fields.

mod brute;
mod knockout;
mod lifecycle;
mod properties;
mod round_robin;
mod standings;
mod swiss;

use super::{
    Decision, Entrant, EntrantId, Finish, Pairing, Settings, Tournament, TournamentFormat,
};

/// Entrant `i` of a test field: id 100 + i, registered i-th, rated 2000 - 10 i (so the
/// registration order is also the seed order).
fn id(i: usize) -> EntrantId {
    EntrantId(100 + i as u64)
}

fn field(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            id: id(i),
            rating: 2000.0 - 10.0 * i as f64,
        })
        .collect()
}

fn event(format: TournamentFormat, n: usize) -> Tournament {
    let settings = Settings {
        format,
        bye_points: 50,
    };
    Tournament::new(settings, field(n)).expect("a valid event")
}

fn won(winner: EntrantId, margin: u32) -> Decision {
    Decision {
        winner,
        margin,
        finish: Finish::Played,
    }
}

/// The open matches of the current round: (table, first, second).
fn open(t: &Tournament) -> Vec<(usize, EntrantId, EntrantId)> {
    let Some(round) = t.rounds().last() else {
        return Vec::new();
    };
    round
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
        .collect()
}

/// Decides every open match of the current round with `pick(first, second)`.
fn decide(t: &mut Tournament, mut pick: impl FnMut(EntrantId, EntrantId) -> Decision) {
    let round = t.rounds().len() - 1;
    for (k, a, b) in open(t) {
        t.record(round, k, pick(a, b)).expect("an open match");
    }
}

/// The better seed (here: the lower id) wins every match by 10.
fn favourites(a: EntrantId, b: EntrantId) -> Decision {
    won(a.min(b), 10)
}

/// A small deterministic generator for results (SplitMix64).
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A random result: either side, a margin up to 300, now and then a forfeit.
    fn result(&mut self, a: EntrantId, b: EntrantId) -> Decision {
        let winner = if self.below(2) == 0 { a } else { b };
        let finish = if self.below(20) == 0 {
            Finish::Forfeit
        } else {
            Finish::Played
        };
        Decision {
            winner,
            margin: self.below(301) as u32,
            finish,
        }
    }
}

/// Property tests draw the same cases on every run and write no regression files.
fn fixed_cases(cases: u32, seed: u64) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Default::default()
    }
}
