//! One Swiss round's pairing, as a search over the whole field, in this order of priority:
//!
//! 1. The fewest pairs that met before: none whenever the field allows it. A maximum
//!    matching over the pairs that have not met ([`super::matching`]) says how few, and
//!    every choice below is kept only if the round can still be completed with that few: so
//!    no early choice can strand a later player (a greedy pass could).
//! 2. The bye, when the field is odd: to the lowest-placed player who has had the fewest
//!    byes (none, unless disqualifications thinned the field), among those for whom (1) holds.
//! 3. Score groups, top down. A group's pool is its players plus the players floated down
//!    to it; the pool keeps as many of its pairs inside as any completion of the round
//!    allows (an exhaustive search with the matching as bound), and the players it cannot
//!    pair float to the next group, the lowest placed first.
//! 4. Inside a pool, the Dutch fold: the top half meets the bottom half (1st v the middle
//!    one, 2nd v the next, …), so round 1, one group ordered by rating, pairs 1 v N/2+1;
//!    a floater meets the highest-placed player of its new pool it can.
//!
//! When a repeat cannot be avoided (1 is not zero), the round is paired player by player
//! from the top, each taking the first candidate in the same preference order that keeps
//! (1): still the fewest repeats, with score groups by preference only. So are the groups
//! left when the search outgrows its budget (seen only late in events of about 30 rounds
//! on large fields, and then rarely): the groups above keep their pairs.

mod groups;
mod top_down;
mod views;

use super::matching::{Bits, Matching, Search};
use views::{remaining, Remaining, Status};

/// The question: the active field by position, best placed first (so points never rise).
pub(super) struct Field {
    pub points: Vec<u32>,
    pub byes: Vec<u32>,
    /// Which positions met before.
    pub met: Bits,
}

/// The answer, by position: each table best placed first, tables in the same order.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Pairs {
    pub tables: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Search steps (pairing or floating one player) one round may take before it stops
/// looking for the best score groups; real fields never come close.
const SEARCH_BUDGET: usize = 4_096;

/// Pairs one round.
pub(super) fn pair(field: &Field) -> Pairs {
    pair_within(field, SEARCH_BUDGET)
}

/// Pairs one round with a given search budget (tests force the top-down pass with 0).
pub(super) fn pair_within(field: &Field, budget: usize) -> Pairs {
    let m = field.points.len();
    let mut search = Search::default();
    // Position m is the bye, matched to whoever gets it.
    let mut allowed = Bits::new(m + 1);
    for u in 0..m {
        for v in u + 1..m {
            if !field.met.get(u, v) {
                allowed.set(u, v);
            }
        }
    }
    let mut status = vec![Status::Lower; m + 1];
    status[m] = Status::Gone;
    let bye = (m % 2 == 1).then(|| choose_bye(field, &mut allowed, &mut status, &mut search));
    let whole = Matching::maximum(&remaining(&allowed, &status), &mut search);
    let alive = status.iter().filter(|&&s| s != Status::Gone).count();
    let mut round = Draw {
        allowed: &allowed,
        status,
        tables: Vec::new(),
        search,
    };
    if whole.size * 2 == alive {
        round.by_score_groups(field, whole, budget);
    }
    round.top_down(field);
    let mut tables = round.tables;
    tables
        .iter_mut()
        .for_each(|t| *t = (t.0.min(t.1), t.0.max(t.1)));
    tables.sort_unstable();
    Pairs { tables, bye }
}

/// The lowest-placed player with the fewest byes whose bye leaves the fewest repeats.
fn choose_bye(
    field: &Field,
    allowed: &mut Bits,
    status: &mut [Status],
    search: &mut Search,
) -> usize {
    let m = field.points.len();
    let fewest = field.byes.iter().copied().min().unwrap_or(0);
    let eligible: Vec<usize> = (0..m).filter(|&v| field.byes[v] == fewest).collect();
    for &v in &eligible {
        allowed.set(v, m);
    }
    status[m] = Status::Lower;
    let g = Remaining { allowed, status };
    let all = Matching::maximum(&g, search);
    let mut chosen = *eligible.last().expect("an odd field has a player");
    for &c in eligible.iter().rev() {
        let mut trial = all.clone();
        let mut gone = status.to_vec();
        gone[c] = Status::Gone;
        gone[m] = Status::Gone;
        let freed: Vec<usize> = [c, m].iter().filter_map(|&v| trial.unpair(v)).collect();
        let g = Remaining {
            allowed,
            status: &gone,
        };
        trial.repair(&g, &freed, search);
        // A maximum matching with the bye in it loses exactly the bye's pair.
        if trial.size + 1 == all.size {
            chosen = c;
            break;
        }
    }
    status[chosen] = Status::Gone;
    status[m] = Status::Gone;
    chosen
}

/// The draw of a round: the pairs made so far.
struct Draw<'a> {
    allowed: &'a Bits,
    status: Vec<Status>,
    tables: Vec<(usize, usize)>,
    search: Search,
}

/// The fold of a group below its top player: the middle first, down to the last, then back
/// up from just above the middle (`others` excludes the top player).
fn fold(others: &[usize]) -> Vec<usize> {
    // The top half of the whole group (the top player included) is this many players.
    let top_half = others.len().div_ceil(2);
    let (upper, lower) = others.split_at(top_half.saturating_sub(1));
    lower.iter().chain(upper.iter().rev()).copied().collect()
}
