//! What the example arenas share: the 95 % interval of a share, and decision times.

/// The Wilson score interval at 95 % for `wins` out of `n`: sound near 0 and 1 and for small n.
pub fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let p = wins / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// `name=share ci95=[lo,hi] n=N` for `wins` out of `n` (a shared win counts half).
pub fn share_line(name: &str, wins: f64, n: f64) -> String {
    let (lo, hi) = wilson(wins, n);
    let share = if n > 0.0 { wins / n } else { 0.0 };
    format!("{name}={share:.4} ci95=[{lo:.4},{hi:.4}] n={n}")
}

/// Nearest-rank percentile of `times` (sorted here), in microseconds.
pub fn percentile_us(times: &mut [u64], p: f64) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.sort_unstable();
    let rank = (p / 100.0 * times.len() as f64).ceil() as usize;
    times[rank.clamp(1, times.len()) - 1] as f64 / 1_000.0
}

/// Runs `f`, noting how long it took (nanoseconds) in `times`.
pub fn timed<T>(times: &mut Vec<u64>, f: impl FnOnce() -> T) -> T {
    let clock = std::time::Instant::now();
    let out = f();
    times.push(u64::try_from(clock.elapsed().as_nanos()).unwrap_or(u64::MAX));
    out
}

/// Prints each side's decision times (A's, then B's): median, p95, maximum, count.
pub fn print_decision_times(times: &mut [Vec<u64>; 2]) {
    for (side, prefix) in [(0, "a"), (1, "b")] {
        let times = &mut times[side];
        println!(
            "{prefix}_decision_p50_us={:.1} p95_us={:.1} max_us={:.1} decisions={}",
            percentile_us(times, 50.0),
            percentile_us(times, 95.0),
            percentile_us(times, 100.0),
            times.len()
        );
    }
}
