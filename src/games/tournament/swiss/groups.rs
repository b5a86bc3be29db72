//! Priority 3: the score groups, top down, each pool keeping as many pairs inside as any
//! completion of the round allows, found by a depth-first search bounded by matchings.

use super::super::matching::{Bits, Graph, Matching, Search, NONE};
use super::views::{remaining, Below, PoolOnly, Remaining, Status};
use super::{fold, Draw, Field};

/// A pool's search, at one node: what is decided and the two matchings that bound the rest.
#[derive(Clone)]
struct Node {
    status: Vec<Status>,
    /// A perfect matching of everyone still to pair (else the node is dropped).
    whole: Matching,
    /// A maximum matching of the pool's players still to pair.
    pool: Matching,
    alive: usize,
    pairs: Vec<(usize, usize)>,
    floats: Vec<usize>,
}

/// The search ran out of budget.
struct Exhausted;

impl Draw<'_> {
    /// Pairs the score groups top down (priority 3), as far as the search budget goes: the
    /// groups paired by then stay paired, the rest is left to [`Draw::top_down`].
    pub(super) fn by_score_groups(&mut self, field: &Field, whole: Matching, mut budget: usize) {
        let m = field.points.len();
        let mut node = Node {
            alive: self.status.iter().filter(|&&s| s != Status::Gone).count(),
            status: self.status.clone(),
            whole,
            pool: Matching {
                mate: Vec::new(),
                size: 0,
            },
            pairs: Vec::new(),
            floats: Vec::new(),
        };
        let mut start = 0;
        while start < m {
            let end = (start..m)
                .find(|&v| field.points[v] != field.points[start])
                .unwrap_or(m);
            let mut members = std::mem::take(&mut node.floats);
            let floaters = members.len();
            members.extend((start..end).filter(|&v| node.status[v] != Status::Gone));
            start = end;
            for &v in &members {
                node.status[v] = Status::InPool;
            }
            let g = remaining(self.allowed, &node.status);
            node.pool = Matching::maximum(&PoolOnly(g), &mut self.search);
            let below = node.status.iter().filter(|&&s| s == Status::Lower).count();
            let g = remaining(self.allowed, &node.status);
            let paired_below = Matching::maximum(&Below(g), &mut self.search).size;
            let pool = Pool {
                allowed: self.allowed,
                members: &members,
                floaters,
                paired_before: node.pairs.len(),
                needed_below: below - 2 * paired_below,
            };
            let most = node
                .pool
                .size
                .min((members.len().saturating_sub(pool.needed_below)) / 2);
            let mut found = None;
            for target in (0..=most).rev() {
                let most_floats = members.len() - 2 * target;
                match pool.search(
                    node.clone(),
                    target,
                    most_floats,
                    &mut budget,
                    &mut self.search,
                ) {
                    Ok(Some(done)) => {
                        found = Some(done);
                        break;
                    }
                    Ok(None) => {}
                    Err(Exhausted) => break,
                }
            }
            let Some(done) = found else {
                // Out of budget (or, were the matching wrong, out of options): this pool and
                // those below are left to the top-down pass.
                for &v in &members {
                    node.status[v] = Status::Lower;
                }
                break;
            };
            node = done;
        }
        self.status = node.status;
        self.tables.extend(node.pairs);
    }
}

/// One score group's pool.
struct Pool<'a> {
    allowed: &'a Bits,
    /// Floaters from above first, then the group's own players, each best placed first.
    members: &'a [usize],
    floaters: usize,
    /// Pairs of the pools above, made before this one's.
    paired_before: usize,
    /// How many of the lower groups' players cannot be paired among themselves: at least
    /// as many of the pool's must float down to them.
    needed_below: usize,
}

impl Pool<'_> {
    /// Depth first from the pool's best-placed player left: each of its candidates, then
    /// floating it. A node lives only while everyone left can still be paired without a
    /// repeat and the pool can still keep `target` pairs.
    fn search(
        &self,
        node: Node,
        target: usize,
        most_floats: usize,
        budget: &mut usize,
        search: &mut Search,
    ) -> Result<Option<Node>, Exhausted> {
        let Some(at) = self
            .members
            .iter()
            .position(|&v| node.status[v] == Status::InPool)
        else {
            return Ok(Some(node));
        };
        let x = self.members[at];
        let mut tries: Vec<Option<usize>> =
            self.candidates(&node, at).into_iter().map(Some).collect();
        if node.floats.len() < most_floats {
            tries.push(None);
        }
        for y in tries {
            if *budget == 0 {
                return Err(Exhausted);
            }
            *budget -= 1;
            let mut child = node.clone();
            let lives = match y {
                Some(y) => self.pair(&mut child, x, y, search),
                None => self.float(&mut child, x, search),
            };
            if lives && self.can_keep(&child) >= target {
                if let Some(done) = self.search(child, target, most_floats, budget, search)? {
                    return Ok(Some(done));
                }
            }
        }
        Ok(None)
    }

    /// The most pairs the pool can still keep at `node`: its players left pair at most as
    /// the pool's matching says, and enough of them must float for the groups below.
    fn can_keep(&self, node: &Node) -> usize {
        let kept = node.pairs.len() - self.paired_before;
        let left = self
            .members
            .iter()
            .filter(|&&v| node.status[v] == Status::InPool)
            .count();
        let must_float = (left - 2 * node.pool.size)
            .max(self.needed_below.saturating_sub(node.floats.len()))
            .min(left);
        kept + (left - must_float) / 2
    }

    /// The pool's opponents for the member at `at`, by preference: a floater takes the next
    /// players down the pool; a resident (all floaters placed) the fold of the residents.
    fn candidates(&self, node: &Node, at: usize) -> Vec<usize> {
        let x = self.members[at];
        let left: Vec<usize> = self.members[at + 1..]
            .iter()
            .copied()
            .filter(|&v| node.status[v] == Status::InPool && self.allowed.get(x, v))
            .collect();
        if at < self.floaters {
            return left;
        }
        let residents: Vec<usize> = self.members[at + 1..]
            .iter()
            .copied()
            .filter(|&v| node.status[v] == Status::InPool)
            .collect();
        fold(&residents)
            .into_iter()
            .filter(|&v| self.allowed.get(x, v))
            .collect()
    }

    fn pair(&self, node: &mut Node, x: usize, y: usize, search: &mut Search) -> bool {
        node.status[x] = Status::Gone;
        node.status[y] = Status::Gone;
        node.alive -= 2;
        node.pairs.push((x, y));
        let freed: Vec<usize> = [x, y]
            .iter()
            .filter_map(|&v| node.whole.unpair(v))
            .collect();
        let g = Remaining {
            allowed: self.allowed,
            status: &node.status,
        };
        node.whole.repair(&g, &freed, search);
        let freed: Vec<usize> = [x, y].iter().filter_map(|&v| node.pool.unpair(v)).collect();
        node.pool.repair(&PoolOnly(g), &freed, search);
        node.whole.size * 2 == node.alive
    }

    fn float(&self, node: &mut Node, x: usize, search: &mut Search) -> bool {
        node.status[x] = Status::Float;
        node.floats.push(x);
        let g = Remaining {
            allowed: self.allowed,
            status: &node.status,
        };
        let partner = node.whole.mate[x];
        if partner != NONE && !g.edge(x, partner) {
            node.whole.unpair(x);
            node.whole.repair(&g, &[x, partner], search);
        }
        let freed: Vec<usize> = node.pool.unpair(x).into_iter().collect();
        node.pool.repair(&PoolOnly(g), &freed, search);
        node.whole.size * 2 == node.alive
    }
}
