//! A measurement, not a check: where hard loses points against `marjj`, to tune its reading
//! of a gin-waiter. Ignored; run with
//! `cargo test --release --lib marjj_diagnosis -- --ignored --nocapture`, tuned by the
//! environment (PROBE_MATCHES, PROBE_SAMPLES, and the tuning: PROBE_WAITER, PROBE_ODDS,
//! PROBE_ACCEPT, PROBE_WACCEPT, PROBE_TILT, PROBE_RAMP_FROM/FULL, PROBE_MELDED, PROBE_MARGIN,
//! PROBE_AHEAD=1), each defaulting to `HardConfig::default()` but for 300 samples.

use super::eval::without;
use super::hard::{candidates, values};
use super::knowledge::Knowledge;
use super::rollout::{sample_worlds_melded, Step, Table, World};
use super::{decide_with, HardConfig, Random, Strategy};
use crate::card::CardSet;
use crate::hand::{Action, HandEnd, Phase};
use crate::rules::{Preset, Rules};
use crate::showdown::{solve_showdown, ShowdownKind};
use crate::solver::min_deadwood;
use crate::Match;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Counts by a small key, printed as rows.
#[derive(Default)]
struct Bins(std::collections::BTreeMap<String, [f64; 6]>);

impl Bins {
    fn add(&mut self, key: String, row: [f64; 6]) {
        let e = self.0.entry(key).or_insert([0.0; 6]);
        for (a, b) in e.iter_mut().zip(row) {
            *a += b;
        }
    }
}

#[test]
#[ignore]
fn marjj_diagnosis() {
    let matches: u8 = env("PROBE_MATCHES", 20);
    let base = HardConfig::default();
    let mut config = HardConfig {
        samples: env("PROBE_SAMPLES", 300),
        gin_waiter: env("PROBE_WAITER", base.gin_waiter),
        waiter_tilt: env("PROBE_TILT", base.waiter_tilt),
        waiter_tilt_ramp: [
            env("PROBE_RAMP_FROM", base.waiter_tilt_ramp[0]),
            env("PROBE_RAMP_FULL", base.waiter_tilt_ramp[1]),
        ],
        waiter_melded: env("PROBE_MELDED", base.waiter_melded),
        contradiction_accept: env("PROBE_ACCEPT", base.contradiction_accept),
        waiter_accept: std::env::var("PROBE_WACCEPT")
            .ok()
            .and_then(|v| v.parse().ok())
            .or(base.waiter_accept),
        knock_margin: env("PROBE_MARGIN", base.knock_margin),
        ahead_against_waiter: env("PROBE_AHEAD", 0) == 1,
        ..base.clone()
    };
    config.waiter_evidence.waited = env("PROBE_ODDS", base.waiter_evidence.waited);
    let rules = Rules::from_preset_and_overrides(
        Preset::Classic,
        "gin_bonus=25, undercut_bonus=25, target=100, allow_rediscard=false, dealer_rule=alternate",
    )
    .unwrap();
    let mut rng = ChaCha20Rng::from_seed([7; 32]);
    // Knock decisions: [count, hard knocked, oracle knocked, both, predicted undercut, truth].
    let mut decisions = Bins::default();
    // Hard's knocks: [count, undercut, predicted undercut, knock dw, opp true dw, sampled dw].
    let mut knocks = Bins::default();
    // Hands: [count, points to hard, points to marjj, ...] by how they ended.
    let mut hands = Bins::default();
    let mut belief = Bins::default();
    let mut layoffs = Bins::default();
    let (mut won, mut played) = (0, 0);
    for j in 0..matches {
        let hard_at = usize::from(j % 2);
        let mut m = Match::new(rules.clone(), 2, [j / 2; 32]).unwrap();
        let hard_seat = m.hand.players[hard_at];
        while let Some(seat) = m.to_act() {
            let view = m.view_for(seat);
            if seat != hard_seat {
                let action = decide_with(&Strategy::Marjj, &[seat; 32], &view);
                m.apply(seat, action).unwrap();
                continue;
            }
            let know = Knowledge::from_view(&view).unwrap();
            let knockable = view
                .legal_actions
                .iter()
                .any(|a| matches!(a, Action::Knock(c) if min_deadwood(without(know.hand, *c)) > 0));
            let gin = view.legal_actions.iter().any(
                |a| matches!(a, Action::Knock(c) if min_deadwood(without(know.hand, *c)) == 0),
            );
            if !knockable || gin || !matches!(view.table.phase, Phase::Discard { .. }) {
                let action = decide_with(&Strategy::Hard(config.clone()), &[seat; 32], &view);
                m.apply(seat, action).unwrap();
                continue;
            }
            let me = m.hand.players.iter().position(|&s| s == seat).unwrap();
            let truth = m.hand.hands[1 - me];
            let opp_seat = m.hand.players[1 - me];
            let opp_turn = view
                .table
                .actions
                .iter()
                .filter(|(s, a)| *s == opp_seat && matches!(a, Action::Discard(_)))
                .count()
                + 1;
            let my_turn = view
                .table
                .actions
                .iter()
                .filter(|(s, a)| *s == seat && matches!(a, Action::Discard(_)))
                .count()
                + 1;
            let step = Step::from_view(&view, &know).unwrap();
            let mut table = Table::new(&view, &know, config.match_bonus).unwrap();
            table.me_ahead_against_waiter = config.ahead_against_waiter;
            table.waiter_knock_turns = config.waiter_knock_turns;
            let cands = candidates(&config, &know, &view);
            let worlds = sample_worlds_melded(
                &know,
                config.samples,
                config.contradiction_accept,
                know.waiter_chance(config.gin_waiter, &config.waiter_evidence),
                config.tilt(&know),
                config.melded(&know),
                config.waiter_accept,
                config.gin_waiter(),
                &mut rng,
            );
            let best = |vals: Vec<(Action, f64)>| {
                let mut best = (f64::NEG_INFINITY, Action::Pass);
                for (a, v) in vals {
                    if v > best.0 {
                        best = (v, a);
                    }
                }
                best.1
            };
            let vals = values(&config, &know, step, &table, &worlds, &cands);
            let best_knock = vals
                .iter()
                .filter(|(a, _)| matches!(a, Action::Knock(_)))
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(a, _)| *a)
                .unwrap();
            let action = best(vals);
            // The oracle: the same candidates, the opponent's true hand and kind in every world.
            let pool: Vec<_> = CardSet(know.unseen.0 & !truth.0).iter().collect();
            let oracle_worlds: Vec<World> = worlds
                .iter()
                .map(|w| {
                    let mut stock = pool.clone();
                    for i in (1..stock.len()).rev() {
                        let k = rng.below(i + 1);
                        stock.swap(i, k);
                    }
                    stock.truncate(know.stock_count);
                    World {
                        opp: truth,
                        stock,
                        seed: w.seed,
                        waiter: opp_turn > 3,
                    }
                })
                .collect();
            let oracle = best(values(&config, &know, step, &table, &oracle_worlds, &cands));
            let Action::Knock(kc) = best_knock else {
                unreachable!()
            };
            let ten = without(know.hand, kc);
            let undercut = |opp: CardSet| {
                solve_showdown(ten, opp, know.knock_limit)
                    .is_ok_and(|s| s.kind == ShowdownKind::Undercut)
            };
            let predicted =
                worlds.iter().filter(|w| undercut(w.opp)).count() as f64 / worlds.len() as f64;
            let true_under = f64::from(u8::from(undercut(truth)));
            let hk = f64::from(u8::from(matches!(action, Action::Knock(_))));
            let ok = f64::from(u8::from(matches!(oracle, Action::Knock(_))));
            let dw = min_deadwood(ten);
            let dwbin = match dw {
                1..=3 => "dw1-3",
                4..=6 => "dw4-6",
                _ => "dw7-10",
            };
            let turn_bin = match my_turn {
                1..=3 => "t1-3",
                4..=6 => "t4-6",
                7..=9 => "t7-9",
                _ => "t10+",
            };
            let row = [1.0, hk, ok, hk * ok, predicted, true_under];
            decisions.add("all".to_string(), row);
            decisions.add(dwbin.to_string(), row);
            decisions.add(turn_bin.to_string(), row);
            decisions.add(format!("opp_waits={}", opp_turn > 3), row);
            if hk > 0.0 {
                let after = |opp: CardSet| {
                    solve_showdown(ten, opp, know.knock_limit)
                        .map_or(0.0, |s| f64::from(s.defender_deadwood))
                };
                let n = worlds.len() as f64;
                let s_before = worlds
                    .iter()
                    .map(|w| min_deadwood(w.opp) as f64)
                    .sum::<f64>()
                    / n;
                let s_after = worlds.iter().map(|w| after(w.opp)).sum::<f64>() / n;
                let s_low = worlds.iter().filter(|w| min_deadwood(w.opp) <= dw).count() as f64 / n;
                layoffs.add(
                    "knocks".to_string(),
                    [
                        1.0,
                        f64::from(min_deadwood(truth)),
                        after(truth),
                        s_before,
                        s_after,
                        f64::from(u8::from(min_deadwood(truth) <= dw)) - s_low,
                    ],
                );
                let sampled = worlds
                    .iter()
                    .map(|w| min_deadwood(w.opp) as f64)
                    .sum::<f64>()
                    / worlds.len() as f64;
                let row = [
                    1.0,
                    true_under,
                    predicted,
                    f64::from(dw),
                    f64::from(min_deadwood(truth)),
                    sampled,
                ];
                knocks.add("all".to_string(), row);
                knocks.add(dwbin.to_string(), row);
                knocks.add(turn_bin.to_string(), row);
                let pbin = (predicted * 10.0).floor().min(5.0);
                knocks.add(format!("pred{:.1}", pbin / 10.0), row);
                knocks.add(format!("oracle_knocks={}", ok > 0.0), row);
            }
            // Opponent deadwood by its turn: [count, true, sampled].
            let sampled = worlds
                .iter()
                .map(|w| min_deadwood(w.opp) as f64)
                .sum::<f64>()
                / worlds.len() as f64;
            let tb = format!("opp_turn{:02}", opp_turn.min(12));
            belief.add(
                tb,
                [1.0, f64::from(min_deadwood(truth)), sampled, 0.0, 0.0, 0.0],
            );
            let play = if env("PROBE_PLAY_ORACLE", 0) == 1 {
                oracle
            } else {
                action
            };
            m.apply(seat, play).unwrap();
        }
        played += 1;
        if m.settlement().is_some_and(|s| s.winner == hard_seat) {
            won += 1;
        }
        for r in &m.history {
            let key = match (&r.end, r.end.winner(r.players)) {
                (
                    HandEnd::Knocked {
                        knocker, showdown, ..
                    },
                    Some((w, s)),
                ) => {
                    let who = if *knocker == hard_seat {
                        "hard"
                    } else {
                        "marjj"
                    };
                    let row = if w == hard_seat {
                        [1.0, f64::from(s.points), 0.0, 0.0, 0.0, 0.0]
                    } else {
                        [1.0, 0.0, f64::from(s.points), 0.0, 0.0, 0.0]
                    };
                    (format!("{who} knocks: {:?}", showdown.kind), row)
                }
                _ => ("dead".to_string(), [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
            };
            hands.add(key.0, key.1);
        }
    }
    eprintln!("matches {played}, hard won {won}");
    eprintln!("config {config:?}");
    eprintln!("opp deadwood at knock decisions: key n true sampled");
    for (k, v) in &belief.0 {
        eprintln!("  {k:12} {:5} {:.2} {:.2}", v[0], v[1] / v[0], v[2] / v[0]);
    }
    eprintln!("layoffs at hard's knocks: n true_before true_after sampled_before sampled_after low_true-low_sampled");
    for (k, v) in &layoffs.0 {
        let n = v[0];
        eprintln!(
            "  {k} {n} {:.2} {:.2} {:.2} {:.2} {:.3}",
            v[1] / n,
            v[2] / n,
            v[3] / n,
            v[4] / n,
            v[5] / n
        );
    }
    eprintln!("hands: key n pts_hard pts_marjj");
    for (k, v) in &hands.0 {
        eprintln!("  {k:28} {:5} {:6} {:6}", v[0], v[1], v[2]);
    }
    eprintln!("knock decisions: key n hard_knock% oracle_knock% both% pred_undercut true_undercut");
    for (k, v) in &decisions.0 {
        let n = v[0];
        eprintln!(
            "  {k:16} {n:5} {:.3} {:.3} {:.3} {:.3} {:.3}",
            v[1] / n,
            v[2] / n,
            v[3] / n,
            v[4] / n,
            v[5] / n
        );
    }
    eprintln!(
        "hard's knocks: key n true_undercut pred_undercut knock_dw opp_true_dw opp_sampled_dw"
    );
    for (k, v) in &knocks.0 {
        let n = v[0];
        eprintln!(
            "  {k:20} {n:5} {:.3} {:.3} {:.2} {:.2} {:.2}",
            v[1] / n,
            v[2] / n,
            v[3] / n,
            v[4] / n,
            v[5] / n
        );
    }
}
