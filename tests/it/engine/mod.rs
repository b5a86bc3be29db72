//! The engine alone: the rule book, its properties, the AI and the shared test vectors.

mod ai;
mod properties;
mod rules;
mod rummy;
mod team_properties;
mod team_showdown;
mod vectors;

/// Property tests that draw the same cases on every run (each file its own `seed`), and
/// write no regression files.
fn fixed_cases(cases: u32, seed: u64) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Default::default()
    }
}
