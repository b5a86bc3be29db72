//! Checks the engine against the shared test vectors (`tests/vectors/README.md`).
//!
//! The `vectors` example and the test suite both go through [`check_record`], so what the
//! tests prove is what the example prints.

use crate::engine::{knock_deadwood, min_deadwood, solve_showdown, solve_team_showdown};
use crate::engine::{scoring::score_showdown, Card};
use crate::engine::{CardSet, Rules};
use serde_json::{json, Value};

/// A record the checker could not read.
#[derive(Debug, thiserror::Error)]
pub enum VectorError {
    #[error("not JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("record {index}: {reason}")]
    Record { index: usize, reason: String },
}

/// The engine's answer to one record and whether it agrees with the expected one.
#[derive(Debug, Clone)]
pub struct Verdict {
    pub agree: bool,
    /// One line of output: the record's index, what was expected and what the engine said.
    pub line: Value,
}

/// Checks every record of a vector file's text (a JSON array).
pub fn check_file(text: &str) -> Result<Vec<Verdict>, VectorError> {
    let records: Vec<Value> = serde_json::from_str(text)?;
    records
        .iter()
        .enumerate()
        .map(|(index, r)| check_record(r).map_err(|reason| VectorError::Record { index, reason }))
        .collect()
}

fn cards(v: &Value, key: &str) -> Result<CardSet, String> {
    let list = v
        .get(key)
        .and_then(Value::as_array)
        .ok_or(format!("`{key}` missing"))?;
    let mut set = CardSet::EMPTY;
    for c in list {
        let card: Card = c
            .as_str()
            .ok_or("card not a string")?
            .parse()
            .map_err(|e| format!("{e}"))?;
        if set.contains(card) {
            return Err(format!("{card} appears twice"));
        }
        set.insert(card);
    }
    Ok(set)
}

/// Checks one record of any of the vector formats.
pub fn check_record(r: &Value) -> Result<Verdict, String> {
    if let Some(expected) = r.get("min_deadwood") {
        let engine = min_deadwood(cards(r, "hand")?);
        return Ok(verdict(r, expected, json!(engine)));
    }
    if let Some(expected) = r.get("knock_deadwood") {
        let engine = knock_deadwood(cards(r, "hand")?);
        return Ok(verdict(r, expected, json!(engine)));
    }
    let expected = r.get("result").ok_or("record has no expected answer")?;
    let rules = record_rules(r)?;
    if r.get("partner").is_some() {
        return check_team(r, expected, &rules);
    }
    let (knocker, defender) = (cards(r, "knocker")?, cards(r, "defender")?);
    let engine = match solve_showdown(knocker, defender, rules.knock_limit) {
        Ok(s) => {
            let score = score_showdown(&s, &rules, None);
            json!({
                "kind": s.kind,
                "knocker_deadwood": s.knocker_deadwood,
                "defender_deadwood": s.defender_deadwood,
                "winner": if score.knocker_won { "knocker" } else { "defender" },
                "points": score.points,
            })
        }
        Err(e) => json!({ "error": e.to_string() }),
    };
    Ok(verdict(r, expected, engine))
}

/// The record's `rules` over the defaults.
fn record_rules(r: &Value) -> Result<Rules, String> {
    let mut rules = Rules::default();
    if let Some(obj) = r.get("rules").and_then(Value::as_object) {
        for (k, v) in obj {
            rules.set(k, &v.to_string()).map_err(|e| e.to_string())?;
        }
    }
    Ok(rules)
}

/// A Team Gin showdown record (`team_knock.json`, RULES.md section 11b).
fn check_team(r: &Value, expected: &Value, rules: &Rules) -> Result<Verdict, String> {
    let (knocker, partner) = (cards(r, "knocker")?, cards(r, "partner")?);
    let defenders = [cards(r, "defender1")?, cards(r, "defender2")?];
    let engine = match solve_team_showdown(knocker, partner, defenders, rules.knock_limit) {
        Ok(s) => {
            let score = s.score(rules);
            json!({
                "kind": s.kind,
                "knocking_team_deadwood": s.knocking_deadwood,
                "defending_team_deadwood": s.defending_deadwood,
                "winner": if score.knocking_team_won { "knocking_team" } else { "defending_team" },
                "points": score.points,
            })
        }
        Err(e) => json!({ "error": e.to_string() }),
    };
    Ok(verdict(r, expected, engine))
}

fn verdict(record: &Value, expected: &Value, engine: Value) -> Verdict {
    let agree = &engine == expected;
    let mut line = json!({ "agree": agree, "expected": expected, "engine": engine });
    for key in [
        "hand",
        "knocker",
        "defender",
        "partner",
        "defender1",
        "defender2",
    ] {
        if let Some(v) = record.get(key) {
            line[key] = v.clone();
        }
    }
    Verdict { agree, line }
}

/// Hands of `bench_hands.txt`: comment lines skipped, each line a hand.
pub fn bench_hands(text: &str) -> Vec<CardSet> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            CardSet::parse(l)
                .expect("benchmark hands are well formed")
                .into_iter()
                .collect()
        })
        .collect()
}

/// The two checksums of `bench_hands.txt`: minimum deadwood summed over the 10-card block and
/// knock deadwood (best discard) over the 11-card block.
pub fn bench_checksums(hands: &[CardSet]) -> (u64, u64) {
    let ten: u64 = hands
        .iter()
        .filter(|h| h.len() == 10)
        .take(10_000)
        .map(|&h| min_deadwood(h) as u64)
        .sum();
    let eleven: u64 = hands
        .iter()
        .filter(|h| h.len() == 11)
        .take(10_000)
        .map(|&h| knock_deadwood(h) as u64)
        .sum();
    (ten, eleven)
}
