//! Maximum matchings in small general graphs: the oracle the Swiss pairing asks whether a
//! round can still be completed. Anyone may meet anyone, so the graph is not bipartite and an
//! augmenting search must shrink odd cycles (Edmonds' blossoms); with at most 257 vertices a
//! plain breadth-first search over an adjacency test is fast enough.

use std::collections::VecDeque;

/// No partner, no parent.
pub(super) const NONE: usize = usize::MAX;

/// The graph a search runs on: vertices `0..len()`, of which those `alive` take part.
pub(super) trait Graph {
    fn len(&self) -> usize;
    fn alive(&self, v: usize) -> bool;
    /// Whether `u` and `v` may be matched (both alive, `u != v`).
    fn edge(&self, u: usize, v: usize) -> bool;
}

/// A matching: `mate[v]` is `v`'s partner or [`NONE`]; `size` counts its pairs.
#[derive(Clone, Debug)]
pub(super) struct Matching {
    pub mate: Vec<usize>,
    pub size: usize,
}

impl Matching {
    /// A maximum matching of `g`: greedy pairs, then one augmenting search from each vertex
    /// left free (a vertex with no augmenting path now never gets one later).
    pub fn maximum(g: &impl Graph, search: &mut Search) -> Matching {
        let n = g.len();
        let mut m = Matching {
            mate: vec![NONE; n],
            size: 0,
        };
        for v in 0..n {
            if !g.alive(v) || m.mate[v] != NONE {
                continue;
            }
            if let Some(u) = (v + 1..n).find(|&u| g.alive(u) && m.mate[u] == NONE && g.edge(v, u)) {
                m.mate[v] = u;
                m.mate[u] = v;
                m.size += 1;
            }
        }
        for v in 0..n {
            if g.alive(v) && m.mate[v] == NONE {
                search.augment(&mut m, g, v);
            }
        }
        m
    }

    /// Takes `v` out of its pair; returns the partner it leaves free.
    pub fn unpair(&mut self, v: usize) -> Option<usize> {
        let p = self.mate[v];
        if p == NONE {
            return None;
        }
        self.mate[p] = NONE;
        self.mate[v] = NONE;
        self.size -= 1;
        Some(p)
    }

    /// After vertices left `g` (unpaired first): augments from each of `freed` still free and
    /// alive. Maximum again if it was before the removal (an augmenting path then has to
    /// start at a vertex the removal freed).
    pub fn repair(&mut self, g: &impl Graph, freed: &[usize], search: &mut Search) {
        for &f in freed {
            if g.alive(f) && self.mate[f] == NONE {
                search.augment(self, g, f);
            }
        }
    }
}

/// The working arrays of an augmenting search, reused between searches.
#[derive(Default)]
pub(super) struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    even: Vec<bool>,
    mark: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Search {
    /// Grows an alternating tree from the free vertex `root`; on reaching another free vertex,
    /// flips the path (the matching gains a pair) and returns true.
    pub fn augment(&mut self, m: &mut Matching, g: &impl Graph, root: usize) -> bool {
        let n = g.len();
        self.parent.clear();
        self.parent.resize(n, NONE);
        self.base.clear();
        self.base.extend(0..n);
        self.even.clear();
        self.even.resize(n, false);
        self.queue.clear();
        self.even[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            // A free neighbour ends the search at once: in dense graphs it usually is near.
            if let Some(u) =
                (0..n).find(|&u| u != root && g.alive(u) && m.mate[u] == NONE && g.edge(v, u))
            {
                self.parent[u] = v;
                self.flip(m, u);
                return true;
            }
            for u in 0..n {
                if u == v || !g.alive(u) || self.base[v] == self.base[u] || m.mate[v] == u {
                    continue;
                }
                if !g.edge(v, u) {
                    continue;
                }
                let u_even = u == root || (m.mate[u] != NONE && self.parent[m.mate[u]] != NONE);
                if u_even {
                    self.shrink(m, v, u);
                } else if self.parent[u] == NONE {
                    self.parent[u] = v;
                    let w = m.mate[u];
                    if w == NONE {
                        self.flip(m, u);
                        return true;
                    }
                    self.even[w] = true;
                    self.queue.push_back(w);
                }
            }
        }
        false
    }

    /// An edge between two even vertices closes an odd cycle: its vertices take the cycle's
    /// base, and the odd ones among them become even (searchable from) too.
    fn shrink(&mut self, m: &Matching, v: usize, u: usize) {
        let b = self.common_base(m, v, u);
        self.mark.clear();
        self.mark.resize(self.base.len(), false);
        self.mark_path(m, v, b, u);
        self.mark_path(m, u, b, v);
        for i in 0..self.base.len() {
            if self.mark[self.base[i]] {
                self.base[i] = b;
                if !self.even[i] {
                    self.even[i] = true;
                    self.queue.push_back(i);
                }
            }
        }
    }

    /// The first base the tree paths from `a` and `b` to the root share.
    fn common_base(&mut self, m: &Matching, a: usize, b: usize) -> usize {
        self.mark.clear();
        self.mark.resize(self.base.len(), false);
        let mut a = a;
        loop {
            a = self.base[a];
            self.mark[a] = true;
            if m.mate[a] == NONE {
                break;
            }
            a = self.parent[m.mate[a]];
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if self.mark[b] {
                return b;
            }
            b = self.parent[m.mate[b]];
        }
    }

    /// Marks the blossoms on the path from `v` down to base `b`, pointing the odd vertices'
    /// parents across the new cycle so a later flip can run around it.
    fn mark_path(&mut self, m: &Matching, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            let w = m.mate[v];
            self.mark[self.base[v]] = true;
            self.mark[self.base[w]] = true;
            self.parent[v] = child;
            child = w;
            v = self.parent[w];
        }
    }

    /// Flips the alternating path that ends at the free vertex `u`.
    fn flip(&self, m: &mut Matching, mut u: usize) {
        while u != NONE {
            let p = self.parent[u];
            let next = m.mate[p];
            m.mate[u] = p;
            m.mate[p] = u;
            u = next;
        }
        m.size += 1;
    }
}

/// A symmetric adjacency matrix of bits.
#[derive(Clone, Debug)]
pub(super) struct Bits {
    stride: usize,
    words: Vec<u64>,
}

impl Bits {
    pub fn new(n: usize) -> Bits {
        let stride = n.div_ceil(64);
        Bits {
            stride,
            words: vec![0; n * stride],
        }
    }

    pub fn set(&mut self, u: usize, v: usize) {
        self.words[u * self.stride + v / 64] |= 1 << (v % 64);
        self.words[v * self.stride + u / 64] |= 1 << (u % 64);
    }

    pub fn get(&self, u: usize, v: usize) -> bool {
        self.words[u * self.stride + v / 64] >> (v % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Plain<'a>(&'a Bits, usize);

    impl Graph for Plain<'_> {
        fn len(&self) -> usize {
            self.1
        }
        fn alive(&self, _: usize) -> bool {
            true
        }
        fn edge(&self, u: usize, v: usize) -> bool {
            self.0.get(u, v)
        }
    }

    fn graph(n: usize, edges: &[(usize, usize)]) -> Bits {
        let mut b = Bits::new(n);
        for &(u, v) in edges {
            b.set(u, v);
        }
        b
    }

    /// Two triangles joined by one edge: a greedy start (0-1, 3-4) must augment through a
    /// blossom to match all six.
    #[test]
    fn an_odd_cycle_is_shrunk_to_reach_a_perfect_matching() {
        let g = graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3)]);
        let m = Matching::maximum(&Plain(&g, 6), &mut Search::default());
        assert_eq!(m.size, 3);
        for v in 0..6 {
            assert!(g.get(v, m.mate[v]) && m.mate[m.mate[v]] == v);
        }
    }

    /// A star has one pair at most, however the search starts.
    #[test]
    fn a_star_has_one_pair() {
        let g = graph(5, &[(0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(
            Matching::maximum(&Plain(&g, 5), &mut Search::default()).size,
            1
        );
    }

    /// Random graphs against a brute force of every matching.
    #[test]
    fn sizes_agree_with_brute_force_on_random_graphs() {
        fn best(g: &Bits, n: usize, used: u32, from: usize) -> usize {
            let Some(v) = (from..n).find(|v| used & 1 << v == 0) else {
                return 0;
            };
            let mut top = best(g, n, used | 1 << v, v + 1);
            for u in v + 1..n {
                if used & 1 << u == 0 && g.get(v, u) {
                    top = top.max(1 + best(g, n, used | 1 << v | 1 << u, v + 1));
                }
            }
            top
        }
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for case in 0..400 {
            let n = 2 + case % 11;
            let mut g = Bits::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if x % 100 < 25 + (case % 4) as u64 * 15 {
                        g.set(u, v);
                    }
                }
            }
            let m = Matching::maximum(&Plain(&g, n), &mut Search::default());
            assert_eq!(m.size, best(&g, n, 0, 0), "case {case}");
        }
    }
}
