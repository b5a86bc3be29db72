//! The standings: each entrant's record and place.
//!
//! A win scores 1 point, whatever decided it; a bye or a walkover is a win too. Swiss and
//! round robin places go by points, then Buchholz (the sum of the points of everyone met:
//! a bye has no opponent and adds nothing), then net points (each match's margin, won or
//! lost; a bye adds the event's `bye_points`), then the direct encounter (among entrants
//! tied on all three, the wins between them), then the seed (rating, then registration). A
//! knockout goes by points (the rounds won, so the round reached), then the seed.

use super::{seed_order, EntrantId, Pairing, Tournament, TournamentFormat};
use serde::Serialize;
use std::collections::BTreeMap;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// 1 for the leader; every place is distinct (ties are broken down to the seed).
    pub place: u32,
    pub entrant: EntrantId,
    pub points: u32,
    pub buchholz: u32,
    pub net: i64,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
    pub withdrawn: bool,
}

#[derive(Clone, Default)]
struct Tally {
    points: u32,
    net: i64,
    wins: u32,
    losses: u32,
    byes: u32,
    opponents: Vec<usize>,
}

/// Every entrant's line, best placed first.
pub(super) fn standings(t: &Tournament) -> Vec<Standing> {
    let index: BTreeMap<EntrantId, usize> = t
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let tally = tallies(t, &index);
    let buchholz: Vec<u32> = tally
        .iter()
        .map(|e| e.opponents.iter().map(|&o| tally[o].points).sum())
        .collect();
    let mut seed = vec![0; t.entrants.len()];
    for (rank, i) in seed_order(&t.entrants).into_iter().enumerate() {
        seed[i] = rank;
    }
    let mut order: Vec<usize> = (0..t.entrants.len()).collect();
    if t.settings.format == TournamentFormat::Knockout {
        order.sort_by_key(|&i| (std::cmp::Reverse(tally[i].points), seed[i]));
    } else {
        let key = |i: usize| (tally[i].points, buchholz[i], tally[i].net);
        order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(seed[a].cmp(&seed[b])));
        let mut start = 0;
        while start < order.len() {
            let end = (start..order.len())
                .find(|&k| key(order[k]) != key(order[start]))
                .unwrap_or(order.len());
            direct_encounter(t, &index, &mut order[start..end]);
            start = end;
        }
    }
    order
        .into_iter()
        .enumerate()
        .map(|(place, i)| {
            let e = &tally[i];
            let id = t.entrants[i].id;
            Standing {
                place: place as u32 + 1,
                entrant: id,
                points: e.points,
                buchholz: buchholz[i],
                net: e.net,
                wins: e.wins,
                losses: e.losses,
                byes: e.byes,
                withdrawn: t.withdrawn.contains(&id),
            }
        })
        .collect()
}

fn tallies(t: &Tournament, index: &BTreeMap<EntrantId, usize>) -> Vec<Tally> {
    let mut tally = vec![Tally::default(); t.entrants.len()];
    for pairing in t.rounds.iter().flat_map(|r| &r.pairings) {
        match *pairing {
            Pairing::Bye { entrant } => {
                let Some(&i) = index.get(&entrant) else {
                    continue;
                };
                tally[i].points += 1;
                tally[i].byes += 1;
                tally[i].net += i64::from(t.settings.bye_points);
            }
            Pairing::Match {
                first,
                second,
                decision,
            } => {
                let (Some(&a), Some(&b)) = (index.get(&first), index.get(&second)) else {
                    continue;
                };
                tally[a].opponents.push(b);
                tally[b].opponents.push(a);
                let Some(d) = decision else { continue };
                let (w, l) = if d.winner == first { (a, b) } else { (b, a) };
                tally[w].points += 1;
                tally[w].wins += 1;
                tally[w].net += i64::from(d.margin);
                tally[l].losses += 1;
                tally[l].net -= i64::from(d.margin);
            }
        }
    }
    tally
}

/// Reorders entrants tied on points, Buchholz and net points by their wins against each
/// other; the sort is stable, so the seed order stays among those still tied.
fn direct_encounter(t: &Tournament, index: &BTreeMap<EntrantId, usize>, tied: &mut [usize]) {
    if tied.len() < 2 {
        return;
    }
    let mut wins: BTreeMap<usize, u32> = tied.iter().map(|&i| (i, 0)).collect();
    for pairing in t.rounds.iter().flat_map(|r| &r.pairings) {
        let Pairing::Match {
            first,
            second,
            decision: Some(d),
        } = *pairing
        else {
            continue;
        };
        let (Some(a), Some(b)) = (index.get(&first), index.get(&second)) else {
            continue;
        };
        let winner = if d.winner == first { a } else { b };
        if wins.contains_key(a) && wins.contains_key(b) {
            *wins.entry(*winner).or_default() += 1;
        }
    }
    tied.sort_by_key(|i| std::cmp::Reverse(wins[i]));
}
