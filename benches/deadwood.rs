//! `cargo bench --bench deadwood`: the deadwood solver and the showdown over the shared inputs.
//!
//! Prints `deadwood10_avg_ns`, `deadwood11_avg_ns`, `hard_max_ns`, the two checksums of
//! `tests/vectors/bench_hands.txt` and `showdown_p99_ns` over the knock vectors.

use gin::engine::{knock_deadwood, min_deadwood, solve_showdown, CardSet};
use gin::vectors::{bench_checksums, bench_hands};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

/// A vector file of the project's own copy (`tests/vectors`, taken from `../shared/vectors`).
fn shared(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Average nanoseconds per call of `f` over `hands`, best of a few rounds.
fn avg_ns(hands: &[CardSet], rounds: usize, f: fn(CardSet) -> u32) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut sum = 0u32;
        for &h in hands {
            sum = sum.wrapping_add(f(black_box(h)));
        }
        black_box(sum);
        best = best.min(start.elapsed().as_nanos() as f64 / hands.len() as f64);
    }
    best
}

fn main() {
    let hands = bench_hands(&shared("bench_hands.txt"));
    let ten: Vec<CardSet> = hands[..10_000].to_vec();
    let eleven: Vec<CardSet> = hands[10_000..20_000].to_vec();
    let hard: Vec<CardSet> = hands[20_000..].to_vec();
    assert!(ten.iter().all(|h| h.len() == 10) && eleven.iter().all(|h| h.len() == 11));

    let d10 = avg_ns(&ten, 20, min_deadwood);
    let d11 = avg_ns(&eleven, 20, knock_deadwood);
    let hard_max = hard
        .iter()
        .map(|&h| {
            let f = if h.len() == 11 {
                knock_deadwood
            } else {
                min_deadwood
            };
            let ns = avg_ns(&vec![h; 2_000], 5, f);
            if std::env::var_os("BENCH_VERBOSE").is_some() {
                println!("hard {h:?} {ns:.1}");
            }
            ns
        })
        .fold(0.0, f64::max);
    let (c10, c11) = bench_checksums(&hands);

    let mut samples = Vec::new();
    for file in ["knock.json", "knock_arrangement.json", "knock_peers.json"] {
        let records: Vec<serde_json::Value> = serde_json::from_str(&shared(file)).unwrap();
        for r in &records {
            let set = |k: &str| -> CardSet {
                r[k].as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().parse().unwrap())
                    .collect()
            };
            let (k, d) = (set("knocker"), set("defender"));
            let limit = r["rules"]["knock_limit"].as_u64().unwrap() as u32;
            for _ in 0..50 {
                let start = Instant::now();
                black_box(solve_showdown(black_box(k), black_box(d), limit).unwrap());
                samples.push(start.elapsed().as_nanos() as u64);
            }
        }
    }
    samples.sort_unstable();
    let p99 = samples[samples.len() * 99 / 100];

    println!("deadwood10_avg_ns={d10:.1}");
    println!("deadwood11_avg_ns={d11:.1}");
    println!("hard_max_ns={hard_max:.1}");
    println!("checksum10={c10}");
    println!("checksum11={c11}");
    println!("showdown_p99_ns={p99}");
}
