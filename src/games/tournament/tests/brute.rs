//! An independent check of a Swiss round on a small field: every possible pairing of the
//! round is listed, and the one made must be among the best by the documented priorities
//! (fewest repeats; the bye to the lowest-placed of those with the fewest byes; each score
//! group, top down, keeping as many pairs inside as any completion allows). It shares only
//! the standings order with the code under test.

use super::super::{EntrantId, Pairing, Round, Tournament};
use std::collections::BTreeSet;

/// The round's question as plain data, by position (best placed first).
struct Question {
    ids: Vec<EntrantId>,
    points: Vec<u32>,
    byes: Vec<u32>,
    met: BTreeSet<(usize, usize)>,
}

/// One way to play the round.
#[derive(Clone, Debug)]
struct Option_ {
    bye: Option<usize>,
    pairs: Vec<(usize, usize)>,
}

fn question(before: &Tournament) -> Question {
    let active: Vec<_> = before
        .standings()
        .into_iter()
        .filter(|s| !s.withdrawn)
        .collect();
    let ids: Vec<EntrantId> = active.iter().map(|s| s.entrant).collect();
    let at = |id: EntrantId| ids.iter().position(|&x| x == id);
    let mut met = BTreeSet::new();
    for p in before.rounds().iter().flat_map(|r| &r.pairings) {
        if let Pairing::Match { first, second, .. } = *p {
            if let (Some(a), Some(b)) = (at(first), at(second)) {
                met.insert((a.min(b), a.max(b)));
            }
        }
    }
    Question {
        points: active.iter().map(|s| s.points).collect(),
        byes: active.iter().map(|s| s.byes).collect(),
        ids,
        met,
    }
}

/// Every perfect pairing of `players`.
fn pairings(players: &[usize]) -> Vec<Vec<(usize, usize)>> {
    let Some((&a, rest)) = players.split_first() else {
        return vec![Vec::new()];
    };
    let mut all = Vec::new();
    for (k, &b) in rest.iter().enumerate() {
        let mut others = rest.to_vec();
        others.remove(k);
        for mut p in pairings(&others) {
            p.push((a, b));
            all.push(p);
        }
    }
    all
}

fn options(q: &Question) -> Vec<Option_> {
    let m = q.ids.len();
    let everyone: Vec<usize> = (0..m).collect();
    if m % 2 == 0 {
        return pairings(&everyone)
            .into_iter()
            .map(|pairs| Option_ { bye: None, pairs })
            .collect();
    }
    let fewest = q.byes.iter().copied().min().unwrap_or(0);
    let mut all = Vec::new();
    for c in (0..m).filter(|&c| q.byes[c] == fewest) {
        let rest: Vec<usize> = (0..m).filter(|&v| v != c).collect();
        for pairs in pairings(&rest) {
            all.push(Option_ {
                bye: Some(c),
                pairs,
            });
        }
    }
    all
}

fn repeats(q: &Question, pairs: &[(usize, usize)]) -> usize {
    pairs
        .iter()
        .filter(|&&(a, b)| q.met.contains(&(a.min(b), a.max(b))))
        .count()
}

/// Checks `round`, paired from `before`, against every alternative. Returns the number of
/// repeats it made (the fewest possible).
pub(super) fn check_swiss_round(before: &Tournament, round: &Round) -> usize {
    let q = question(before);
    let at = |id: EntrantId| q.ids.iter().position(|&x| x == id).expect("active");
    let mut mine = Option_ {
        bye: None,
        pairs: Vec::new(),
    };
    for p in &round.pairings {
        match *p {
            Pairing::Match { first, second, .. } => mine.pairs.push((at(first), at(second))),
            Pairing::Bye { entrant } => mine.bye = Some(at(entrant)),
        }
    }
    let all = options(&q);
    let fewest = all
        .iter()
        .map(|o| repeats(&q, &o.pairs))
        .min()
        .expect("some");
    assert_eq!(repeats(&q, &mine.pairs), fewest, "fewest repeats: {mine:?}");
    let best: Vec<&Option_> = all
        .iter()
        .filter(|o| repeats(&q, &o.pairs) == fewest)
        .collect();
    let lowest_bye = best.iter().map(|o| o.bye).max().expect("some");
    assert_eq!(
        mine.bye, lowest_bye,
        "the bye to the lowest-placed eligible"
    );
    if fewest == 0 {
        let same_bye: Vec<&Option_> = best.into_iter().filter(|o| o.bye == mine.bye).collect();
        check_score_groups(&q, &mine, &same_bye);
    }
    fewest
}

/// Top down: each pool (floaters from above, then the group) keeps as many pairs inside as
/// the best alternative that agrees with the pairs kept by the pools above.
fn check_score_groups(q: &Question, mine: &Option_, alternatives: &[&Option_]) {
    let m = q.ids.len();
    let norm = |&(a, b): &(usize, usize)| (a.min(b), a.max(b));
    let my_pairs: BTreeSet<(usize, usize)> = mine.pairs.iter().map(norm).collect();
    let mut kept: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut floaters: Vec<usize> = Vec::new();
    let mut start = 0;
    while start < m {
        let end = (start..m)
            .find(|&v| q.points[v] != q.points[start])
            .unwrap_or(m);
        let mut pool: BTreeSet<usize> = floaters.drain(..).collect();
        pool.extend((start..end).filter(|&v| Some(v) != mine.bye));
        start = end;
        let inside = |pairs: &mut dyn Iterator<Item = (usize, usize)>| {
            pairs
                .filter(|(a, b)| pool.contains(a) && pool.contains(b))
                .count()
        };
        let best = alternatives
            .iter()
            .filter(|o| {
                let theirs: BTreeSet<_> = o.pairs.iter().map(norm).collect();
                kept.is_subset(&theirs)
            })
            .map(|o| inside(&mut o.pairs.iter().map(norm)))
            .max()
            .expect("mine agrees with itself");
        let ours = inside(&mut my_pairs.iter().copied());
        assert_eq!(ours, best, "pool {pool:?} keeps as many pairs as it can");
        for &(a, b) in &my_pairs {
            if pool.contains(&a) && pool.contains(&b) {
                kept.insert((a, b));
            }
        }
        floaters = pool
            .iter()
            .copied()
            .filter(|v| !kept.iter().any(|&(a, b)| a == *v || b == *v))
            .collect();
    }
    assert!(floaters.is_empty(), "everyone is paired");
}
