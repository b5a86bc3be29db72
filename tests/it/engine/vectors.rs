//! The engine against the shared vectors computed by an independent brute-force solver.

use gin::vectors::{bench_checksums, bench_hands, check_file};
use std::path::PathBuf;

/// A vector file of the project's own copy (`tests/vectors`, taken from `../shared/vectors`).
fn shared(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn all_agree(name: &str) {
    let verdicts = check_file(&shared(name)).unwrap();
    assert!(!verdicts.is_empty(), "{name} holds records");
    let wrong: Vec<_> = verdicts
        .iter()
        .filter(|v| !v.agree)
        .map(|v| v.line.to_string())
        .collect();
    assert!(
        wrong.is_empty(),
        "{name}: {} of {} disagree:\n{}",
        wrong.len(),
        verdicts.len(),
        wrong.join("\n")
    );
}

#[test]
fn deadwood10_vectors_agree() {
    all_agree("deadwood10.json");
}

#[test]
fn deadwood11_vectors_agree() {
    all_agree("deadwood11.json");
}

#[test]
fn knock_vectors_agree() {
    all_agree("knock.json");
}

#[test]
fn knock_arrangement_vectors_agree() {
    all_agree("knock_arrangement.json");
}

#[test]
fn knock_peer_vectors_agree() {
    all_agree("knock_peers.json");
}

#[test]
fn team_knock_vectors_agree() {
    all_agree("team_knock.json");
}

#[test]
fn bench_hands_checksums_match_the_readme() {
    let hands = bench_hands(&shared("bench_hands.txt"));
    assert_eq!(bench_checksums(&hands), (565_629, 502_439));
}
