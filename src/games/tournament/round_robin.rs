//! Round robin by the circle method: the entrants sit at `seats` places (the field rounded up
//! to even; the extra seat is the bye); seat 0 stays, the others turn one place each round,
//! and each seat meets the one across. After `seats - 1` rounds every pair has met exactly
//! once, and with an odd field everyone has had the bye once. Seats are given by seed.

use super::{seed_order, Pairing, Round, Tournament};

/// Round `round` (from 0) of a field of `n`: pairs of seed positions (0 the top seed), the
/// upper row first; the position `n` (only when `n` is odd) stands for the bye.
pub fn circle(n: usize, round: usize) -> Vec<(usize, usize)> {
    let seats = n + n % 2;
    let turning = seats - 1;
    let at = |seat: usize| match seat {
        0 => 0,
        s => 1 + (s - 1 + round) % turning,
    };
    (0..seats / 2).map(|i| (at(i), at(seats - 1 - i))).collect()
}

/// The number of rounds for a field of `n`.
pub(super) fn rounds(n: usize) -> usize {
    n + n % 2 - 1
}

/// Round `round` of the event; the bye (an odd field) at the last table.
pub(super) fn round(t: &Tournament, round: usize) -> Round {
    let seeds = seed_order(&t.entrants);
    let n = seeds.len();
    let id = |p: usize| t.entrants[seeds[p]].id;
    let mut pairings: Vec<Pairing> = circle(n, round)
        .into_iter()
        .map(|(a, b)| match (a, b) {
            (a, b) if b == n => Pairing::Bye { entrant: id(a) },
            (a, b) if a == n => Pairing::Bye { entrant: id(b) },
            (a, b) => t.meeting(id(a), id(b)),
        })
        .collect();
    pairings.sort_by_key(|p| matches!(p, Pairing::Bye { .. }));
    Round { pairings }
}
