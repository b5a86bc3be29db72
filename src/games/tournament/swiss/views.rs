//! Where each player stands while a round is paired, and the graphs the matching oracle
//! sees from there: everyone left, the pool alone, the groups below alone.

use super::super::matching::{Bits, Graph};

/// Where a player stands while a round is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    /// Paired, or the bye.
    Gone,
    /// In the score group's pool being paired.
    InPool,
    /// Leaving the pool for a lower one: not to be paired with the pool any more.
    Float,
    /// In a lower score group.
    Lower,
}

/// Everyone still to pair; a floater may not meet its own pool.
pub(super) struct Remaining<'a> {
    pub allowed: &'a Bits,
    pub status: &'a [Status],
}

impl Graph for Remaining<'_> {
    fn len(&self) -> usize {
        self.status.len()
    }
    fn alive(&self, v: usize) -> bool {
        self.status[v] != Status::Gone
    }
    fn edge(&self, u: usize, v: usize) -> bool {
        use Status::{Float, InPool};
        let apart = matches!(
            (self.status[u], self.status[v]),
            (Float, Float) | (Float, InPool) | (InPool, Float)
        );
        !apart && self.allowed.get(u, v)
    }
}

/// The pool being paired, alone.
pub(super) struct PoolOnly<'a>(pub Remaining<'a>);

impl Graph for PoolOnly<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn alive(&self, v: usize) -> bool {
        self.0.status[v] == Status::InPool
    }
    fn edge(&self, u: usize, v: usize) -> bool {
        self.0.allowed.get(u, v)
    }
}

/// The score groups below the pool, alone.
pub(super) struct Below<'a>(pub Remaining<'a>);

impl Graph for Below<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn alive(&self, v: usize) -> bool {
        self.0.status[v] == Status::Lower
    }
    fn edge(&self, u: usize, v: usize) -> bool {
        self.0.allowed.get(u, v)
    }
}

pub(super) fn remaining<'a>(allowed: &'a Bits, status: &'a [Status]) -> Remaining<'a> {
    Remaining { allowed, status }
}
