//! Single elimination, seeded by rating. The bracket has a power-of-two number of slots;
//! the seeds are placed in the standard order (seed s meets seed size+1-s in round 1, and
//! each half of the bracket is seeded the same way again), so seeds 1 and 2 can only meet in
//! the final, 1 to 4 only in the semi-finals, and so on. The seeds beyond the field are byes,
//! so the byes fall to the top seeds. Each round pairs the winners of the one before, the
//! upper slot's winner listed first.

use super::{seed_order, Decision, EntrantId, Pairing, Round, Tournament};
use serde::Serialize;
use std::collections::BTreeMap;

/// The seeds (1-based) in slot order of a bracket of `size` slots, a power of two.
pub fn bracket_order(size: usize) -> Vec<usize> {
    debug_assert!(size.is_power_of_two());
    let mut order = vec![1];
    while order.len() < size {
        let next = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, next + 1 - s]).collect();
    }
    order
}

/// The number of rounds of a bracket for a field of `n`.
pub(super) fn rounds(n: usize) -> usize {
    n.next_power_of_two().trailing_zeros() as usize
}

/// The next round: the seeded first round, or the winners of the last one two by two.
pub(super) fn next_round(t: &Tournament) -> Round {
    let Some(last) = t.rounds.last() else {
        let seeds = seed_order(&t.entrants);
        let order = bracket_order(seeds.len().next_power_of_two());
        let id = |seed: usize| t.entrants[seeds[seed - 1]].id;
        let pairings = order
            .chunks(2)
            .map(|slots| match slots[1] {
                s if s > seeds.len() => Pairing::Bye {
                    entrant: id(slots[0]),
                },
                s => t.meeting(id(slots[0]), id(s)),
            })
            .collect();
        return Round { pairings };
    };
    let winners: Vec<EntrantId> = last.pairings.iter().filter_map(Pairing::winner).collect();
    Round {
        pairings: winners.chunks(2).map(|w| t.meeting(w[0], w[1])).collect(),
    }
}

/// The whole bracket, for drawing: every round, played or not, as pairs of slots.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bracket {
    /// From the first round to the final; round k has half the matches of round k-1.
    pub rounds: Vec<Vec<BracketMatch>>,
}

/// One match of the bracket.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BracketMatch {
    pub top: Slot,
    pub bottom: Slot,
    /// Known once decided (for a bye, from the start).
    pub winner: Option<EntrantId>,
    pub decision: Option<Decision>,
}

/// One side of a bracket match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Slot {
    /// An entrant, with its seed (1 the best).
    Entrant { id: EntrantId, seed: u32 },
    /// No opponent in the first round: the other side advances.
    Bye,
    /// The winner of a match not yet decided.
    Open,
}

pub(super) fn bracket(t: &Tournament) -> Bracket {
    let seeds = seed_order(&t.entrants);
    let seed_of: BTreeMap<EntrantId, u32> = seeds
        .iter()
        .enumerate()
        .map(|(rank, &i)| (t.entrants[i].id, rank as u32 + 1))
        .collect();
    let slot = |id: Option<EntrantId>| match id {
        Some(id) => Slot::Entrant {
            id,
            seed: seed_of[&id],
        },
        None => Slot::Open,
    };
    let order = bracket_order(seeds.len().next_power_of_two());
    let mut rounds: Vec<Vec<BracketMatch>> = Vec::new();
    let first = order
        .chunks(2)
        .enumerate()
        .map(|(k, s)| {
            let top = slot(Some(t.entrants[seeds[s[0] - 1]].id));
            let bye = s[1] > seeds.len();
            let bottom = if bye {
                Slot::Bye
            } else {
                slot(Some(t.entrants[seeds[s[1] - 1]].id))
            };
            played(t, 0, k, top, bottom, bye)
        })
        .collect();
    rounds.push(first);
    for r in 1..self::rounds(seeds.len()) {
        let before = &rounds[r - 1];
        let next = before
            .chunks(2)
            .enumerate()
            .map(|(k, m)| played(t, r, k, slot(m[0].winner), slot(m[1].winner), false))
            .collect();
        rounds.push(next);
    }
    Bracket { rounds }
}

/// A bracket match with its result, if the round is paired and the match decided.
fn played(t: &Tournament, r: usize, k: usize, top: Slot, bottom: Slot, bye: bool) -> BracketMatch {
    let pairing = t.rounds.get(r).and_then(|round| round.pairings.get(k));
    let decision = match pairing {
        Some(Pairing::Match { decision, .. }) => *decision,
        _ => None,
    };
    let winner = match top {
        Slot::Entrant { id, .. } if bye => Some(id),
        _ => decision.map(|d| d.winner),
    };
    BracketMatch {
        top,
        bottom,
        winner,
        decision,
    }
}
