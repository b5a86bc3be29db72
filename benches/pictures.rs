//! `cargo bench --bench pictures`: what the pictures cost.
//!
//! Prints, each over 1,000 renders on one thread: `showdown_png` (a knock with a layoff, two
//! rows) and `showdown4_png` (Partnership Gin's four rows), `stats_chart` (30 matches) as
//! p50/p99 in ms with their size in bytes; `dress_hand` (a hand message's cards turned into
//! emojis) p50/p99 in µs; and `emoji_art` (drawing and hashing all 106 emojis, once at start).
//! `bracket256_png` (a 256-entrant bracket, 20 renders) p50/p99, and `showdown_behind_N`:
//! how long a showdown picture queued on the painter's thread behind N such brackets takes
//! to come back (what it waited with no bound on the queue; the painter now admits
//! `painter::LARGE_AT_ONCE` of them).
//! Targets on this machine: showdown p99 <= 5 ms, chart p99 <= 20 ms, each <= 150 KB.

use gin::ui::art::{bracket, chart, showdown};
use gin::ui::faces::{wanted, Faces};
use gin::ui::model::{Button, Msg, Style};
use gin::ui::painter::Painter;
use std::hint::black_box;
use std::time::{Duration, Instant};

const RUNS: usize = 1000;

fn percentiles(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    (at(0.5), at(0.99))
}

/// p50, p99 and the size of what `f` makes.
fn measure(f: impl Fn() -> Vec<u8>) -> (Duration, Duration, usize) {
    let size = f().len();
    let times = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .collect();
    let (p50, p99) = percentiles(times);
    (p50, p99, size)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let t = Instant::now();
    let all = wanted();
    let art = t.elapsed();
    let bytes: usize = all.iter().map(|w| w.png.len()).sum();
    let largest = all.iter().map(|w| w.png.len()).max().unwrap_or(0);
    println!(
        "emoji_art: {} emojis in {:.1} ms, {bytes} bytes in all, largest {largest} bytes (Discord: 262144)",
        all.len(),
        ms(art)
    );

    let two = showdown::sample();
    let (p50, p99, size) = measure(|| showdown::render(&two));
    println!(
        "showdown_png: p50 {:.2} ms, p99 {:.2} ms, {size} bytes",
        ms(p50),
        ms(p99)
    );
    let mut four = showdown::sample();
    four.rows.extend(two.rows.clone());
    let (p50, p99, size) = measure(|| showdown::render(&four));
    println!(
        "showdown4_png: p50 {:.2} ms, p99 {:.2} ms, {size} bytes",
        ms(p50),
        ms(p99)
    );

    let points = chart::sample();
    let labels = chart::Labels {
        rating: "Rating".into(),
        net: "Net points".into(),
        matches: "Last 30 matches".into(),
    };
    let (p50, p99, size) = measure(|| chart::render(&points, &labels));
    println!(
        "stats_chart: p50 {:.2} ms, p99 {:.2} ms, {size} bytes",
        ms(p50),
        ms(p99)
    );

    let field = bracket::sample(256);
    let times = (0..20)
        .map(|_| {
            let t = Instant::now();
            black_box(bracket::render(&field));
            t.elapsed()
        })
        .collect();
    let (p50, p99) = percentiles(times);
    println!(
        "bracket256_png: p50 {:.1} ms, p99 {:.1} ms, {} bytes",
        ms(p50),
        ms(p99),
        bracket::render(&field).len()
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    let painter = Painter::start();
    for n in [0, 1, 4, 16] {
        let waited = runtime.block_on(async {
            let brackets: Vec<_> = (0..n)
                .map(|_| {
                    let field = field.clone();
                    painter.draw(move || bracket::render(&field).len())
                })
                .collect();
            let queued = async {
                // Queued after the brackets (each `draw` queues on its first poll).
                tokio::task::yield_now().await;
                let scene = two.clone();
                let t = Instant::now();
                painter
                    .draw(move || showdown::render(&scene).len())
                    .await
                    .unwrap();
                t.elapsed()
            };
            let (_, waited) = tokio::join!(futures_util::future::join_all(brackets), queued);
            waited
        });
        println!("showdown_behind_{n}: {:.0} ms", ms(waited));
    }

    let faces = Faces::from_emojis(
        all.iter()
            .enumerate()
            .map(|(i, w)| (1_000_000_000 + i as u64, w.name.clone())),
    );
    let mut hand = Msg::text(
        "Your hand: [5♥ 6♥ 7♥] [Q♠ Q♦ Q♣] · A♣ 3♠ 9♦ K♠ · deadwood **23**\nUpcard: 8♥".into(),
    );
    hand = hand.with_buttons(
        [
            "A♣", "3♠", "9♦", "K♠", "5♥", "6♥", "7♥", "Q♠", "Q♦", "Q♣", "8♥",
        ]
        .iter()
        .map(|c| Button::new(format!("gin:act:{c}"), c.to_string(), Style::Secondary))
        .collect(),
    );
    hand.cards = Some(gin::ui::art::Deck::Classic);
    let times = (0..RUNS * 10)
        .map(|_| {
            let t = Instant::now();
            black_box(faces.dress(black_box(hand.clone())));
            t.elapsed()
        })
        .collect();
    let (p50, p99) = percentiles(times);
    println!(
        "dress_hand: p50 {:.1} µs, p99 {:.1} µs",
        p50.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6
    );
}
