//! The top-down pass: each player left, from the best placed, takes the first candidate
//! that keeps the fewest repeats possible (a repeat that cannot be avoided, or what the
//! score-group search left when it ran out of budget).

use super::super::matching::Matching;
use super::views::{remaining, Status};
use super::{fold, Draw, Field};

impl Draw<'_> {
    /// Pairs everyone left from the top, each player with the first candidate that keeps
    /// the fewest repeats possible.
    pub(super) fn top_down(&mut self, field: &Field) {
        if self.status.iter().all(|&s| s == Status::Gone) {
            return;
        }
        for s in self.status.iter_mut() {
            if *s != Status::Gone {
                *s = Status::Lower;
            }
        }
        let mut whole = Matching::maximum(&remaining(self.allowed, &self.status), &mut self.search);
        while let Some(x) = (0..field.points.len()).find(|&v| self.status[v] != Status::Gone) {
            let candidates = self.candidates(field, x);
            let mut chosen = None;
            for &y in &candidates {
                let mut gone = self.status.clone();
                gone[x] = Status::Gone;
                gone[y] = Status::Gone;
                let mut trial = whole.clone();
                let freed: Vec<usize> = [x, y].iter().filter_map(|&v| trial.unpair(v)).collect();
                trial.repair(&remaining(self.allowed, &gone), &freed, &mut self.search);
                if trial.size + usize::from(self.allowed.get(x, y)) == whole.size {
                    chosen = Some((y, trial));
                    break;
                }
            }
            // Some candidate always keeps the count (the partner x has in a best completion).
            let (y, next) = chosen.unwrap_or_else(|| {
                debug_assert!(false, "no candidate kept the fewest repeats");
                let y = candidates[0];
                self.status[y] = Status::Gone;
                self.status[x] = Status::Gone;
                let g = remaining(self.allowed, &self.status);
                (y, Matching::maximum(&g, &mut self.search))
            });
            self.status[x] = Status::Gone;
            self.status[y] = Status::Gone;
            self.tables.push((x, y));
            whole = next;
        }
    }

    /// `x`'s opponents in order of preference, `x` being the best placed left: its score
    /// group folded, then the lower groups from the top.
    fn candidates(&self, field: &Field, x: usize) -> Vec<usize> {
        let left: Vec<usize> = (x + 1..field.points.len())
            .filter(|&v| self.status[v] != Status::Gone)
            .collect();
        let same = left
            .iter()
            .take_while(|&&v| field.points[v] == field.points[x])
            .count();
        let mut order = fold(&left[..same]);
        order.extend_from_slice(&left[same..]);
        order
    }
}
