//! What a process shows of matches it does not own: each as last read from the database,
//! never held (its owner holds it), and read again once the bus says it changed. Many pages
//! on one match cost one read per version.

use super::Live;
use std::collections::HashMap;
use std::sync::Arc;

/// The most matches whose view is kept; past it, all are forgotten (each is read again).
const VIEWS_KEPT: usize = 2048;

/// The views, by match.
#[derive(Default)]
pub(super) struct Views {
    map: HashMap<i64, View>,
    /// Counts the times every view was forgotten: a read begun before is not kept.
    era: u64,
}

/// One match's view, and the newest version heard of it since it was first looked at.
#[derive(Default)]
struct View {
    heard: i64,
    live: Option<Arc<Live>>,
}

impl Views {
    /// The view of `match_id` if none newer was heard of since it was read; else the era to
    /// hand [`Views::keep`] with the read about to be made.
    pub(super) fn fresh(&mut self, match_id: i64) -> Result<Arc<Live>, u64> {
        if let Some(live) = self
            .map
            .get(&match_id)
            .and_then(|v| v.live.as_ref().filter(|l| l.version >= v.heard))
        {
            return Ok(live.clone());
        }
        if !self.map.contains_key(&match_id) && self.map.len() >= VIEWS_KEPT {
            self.forget_all();
        }
        self.map.entry(match_id).or_default();
        Err(self.era)
    }

    /// Keeps `live`, read in `era`, unless the views were forgotten since or a newer version
    /// was heard of or read meanwhile.
    pub(super) fn keep(&mut self, live: Arc<Live>, era: u64) {
        if era != self.era {
            return;
        }
        if let Some(view) = self.map.get_mut(&live.id) {
            if live.version >= view.heard
                && view.live.as_ref().is_none_or(|l| l.version <= live.version)
            {
                view.live = Some(live);
            }
        }
    }

    /// A read of `match_id` failed (it may not exist): its place goes, unless it has a view.
    pub(super) fn unread(&mut self, match_id: i64) {
        if self.map.get(&match_id).is_some_and(|v| v.live.is_none()) {
            self.map.remove(&match_id);
        }
    }

    /// Version `version` of `match_id` was committed: an older view of it is read again.
    pub(super) fn heard(&mut self, match_id: i64, version: i64) {
        if let Some(view) = self.map.get_mut(&match_id) {
            view.heard = view.heard.max(version);
        }
    }

    /// What `match_id` shows changed at the same version: its view is read again (and no
    /// read begun before is kept).
    pub(super) fn forget(&mut self, match_id: i64) {
        self.map.remove(&match_id);
        self.era += 1;
    }

    /// News of the matches `concerned` may have been missed: their views are read again (and
    /// no read begun before is kept).
    pub(super) fn forget_of(&mut self, concerned: impl Fn(&Live) -> bool) {
        self.map
            .retain(|_, v| v.live.as_ref().is_some_and(|l| !concerned(l)));
        self.era += 1;
    }

    /// News may have been missed: every view is read again.
    pub(super) fn forget_all(&mut self) {
        self.map.clear();
        self.era += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(id: i64, version: i64) -> Arc<Live> {
        let mut live = Live::sample(id, true);
        live.version = version;
        Arc::new(live)
    }

    /// A view is served until a newer version is heard of; a read begun before a change that
    /// returns the older version is not kept.
    #[test]
    fn a_view_is_read_again_once_a_newer_version_is_heard() {
        let mut v = Views::default();
        let era = v.fresh(1).unwrap_err();
        v.keep(at(1, 3), era);
        assert_eq!(v.fresh(1).unwrap().version, 3);
        v.heard(1, 4);
        let era = v.fresh(1).unwrap_err();
        v.keep(at(1, 3), era);
        assert!(v.fresh(1).is_err(), "an older read is not kept");
        v.keep(at(1, 4), era);
        assert_eq!(v.fresh(1).unwrap().version, 4);
    }

    /// After everything is forgotten, a read begun before is not kept; a failed read leaves
    /// no place behind.
    #[test]
    fn forgetting_drops_reads_begun_before() {
        let mut v = Views::default();
        let era = v.fresh(1).unwrap_err();
        v.forget_all();
        let _ = v.fresh(1).unwrap_err();
        v.keep(at(1, 3), era);
        assert!(v.fresh(1).is_err());
        v.unread(1);
        v.unread(2);
        assert!(v.map.is_empty());
    }

    /// A touched match is read again though its version is the same; a read begun before is
    /// not kept.
    #[test]
    fn a_touched_view_is_read_again() {
        let mut v = Views::default();
        let era = v.fresh(1).unwrap_err();
        v.keep(at(1, 3), era);
        let early = v.fresh(2).unwrap_err();
        v.forget(1);
        let era = v.fresh(1).unwrap_err();
        v.keep(at(2, 3), early);
        assert!(v.fresh(2).is_err(), "a read begun before is not kept");
        v.keep(at(1, 3), era);
        assert_eq!(v.fresh(1).unwrap().version, 3);
    }

    /// Only the views concerned go.
    #[test]
    fn forgetting_some_keeps_the_others() {
        let mut v = Views::default();
        for id in [1, 2] {
            let era = v.fresh(id).unwrap_err();
            v.keep(at(id, 3), era);
        }
        v.forget_of(|live| live.id == 1);
        assert!(v.fresh(1).is_err());
        assert_eq!(v.fresh(2).unwrap().version, 3);
    }

    /// Past the bound every view goes.
    #[test]
    fn past_the_bound_all_views_go() {
        let mut v = Views::default();
        for id in 0..VIEWS_KEPT as i64 {
            let era = v.fresh(id).unwrap_err();
            v.keep(at(id, 1), era);
        }
        assert!(v.fresh(0).is_ok());
        let _ = v.fresh(-1);
        assert_eq!(v.map.len(), 1);
    }
}
