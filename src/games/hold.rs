//! One way to hold a match: [`Games::hold`] locks its slot (loading it if needed) and gives a
//! [`Held`]; dropping the `Held` lets go, and a match that has ended leaves memory then. Callers
//! cannot forget the bookkeeping: unknown ids leave no slot, finished matches no state.
//!
//! Memory keeps the matches in play lately, [`HOT`] at most: a waiting match beyond those is
//! in the database only, and its next press loads it (with the other first presses of the
//! moment, see [`super::batch`]). Nothing of a match lives only in memory, except a coach's
//! answer, which keeps its match in memory while it answers the moment.

use super::{Failure, Games, Live, Refusal};
use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard};

/// The most matches memory keeps while nobody holds them; past it, the least lately held go
/// (down to three quarters of it, so that trimming is rare).
const HOT: usize = 2048;

/// Matches held at once when many are looked at together (the AI's due turns after a start,
/// the idle ones of a sweep).
pub(super) const AT_ONCE_HELD: usize = 64;

/// A match's place in memory: the lock that makes one caller at a time its owner, and when it
/// was last asked for (a tick of [`Slots`]).
#[derive(Clone, Default)]
struct Slot {
    live: Arc<Mutex<Option<Live>>>,
    used: u64,
}

/// The matches in memory (or being loaded), by id.
#[derive(Default)]
pub(crate) struct Slots {
    map: HashMap<i64, Slot>,
    /// Counts the asks, for [`Slot::used`].
    tick: u64,
}

impl Slots {
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }

    /// Past [`HOT`]: lets go of the least lately asked-for matches that nobody holds or waits
    /// for and that keep nothing of their own in memory (a coach's answer pins its match only
    /// while it still answers the moment; a slot left empty is garbage).
    fn trim(&mut self) {
        if self.map.len() <= HOT {
            return;
        }
        let mut idle: Vec<(u64, i64)> = self
            .map
            .iter()
            .filter(|(_, slot)| {
                // The map's own reference only: a holder or a waiter has another (and takes
                // it under the map's lock, which this holds).
                Arc::strong_count(&slot.live) == 1
                    && slot
                        .live
                        .try_lock()
                        .is_ok_and(|g| g.as_ref().is_none_or(|l| l.current_hint().is_none()))
            })
            .map(|(&id, slot)| (slot.used, id))
            .collect();
        let excess = self.map.len().saturating_sub(HOT * 3 / 4).min(idle.len());
        if excess == 0 {
            return;
        }
        idle.select_nth_unstable(excess - 1);
        for &(_, id) in &idle[..excess] {
            self.map.remove(&id);
        }
    }
}

/// A match held by one caller. Dereferences to the loaded [`Live`].
pub struct Held<'g> {
    games: &'g Games,
    match_id: i64,
    slot: Arc<Mutex<Option<Live>>>,
    guard: Option<OwnedMutexGuard<Option<Live>>>,
}

impl Deref for Held<'_> {
    type Target = Live;
    fn deref(&self) -> &Live {
        self.guard
            .as_ref()
            .and_then(|g| g.as_ref())
            .expect("a held match is loaded")
    }
}

impl DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut Live {
        self.guard
            .as_mut()
            .and_then(|g| g.as_mut())
            .expect("a held match is loaded")
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        let ended = self
            .guard
            .as_ref()
            .and_then(|g| g.as_ref())
            .is_some_and(|live| !live.is_active());
        // Let go first: a waiter may read the ended match before it leaves.
        self.guard.take();
        if ended {
            self.games.evict(self.match_id, &self.slot);
        }
    }
}

impl Games {
    /// Brings `ids` into memory, [`AT_ONCE_HELD`] held at a time, so that those not there yet
    /// are read together (see `batch`), not a round trip each.
    pub(crate) async fn read_together(&self, ids: impl Iterator<Item = i64>) {
        use futures_util::StreamExt;
        futures_util::stream::iter(ids)
            .for_each_concurrent(AT_ONCE_HELD, |id| async move {
                let _ = self.hold(id).await;
            })
            .await;
    }

    /// Holds a match (waiting for its current owner), loading it if needed;
    /// [`Refusal::UnknownMatch`] if it never existed.
    pub(crate) async fn hold(&self, match_id: i64) -> Result<Held<'_>, Failure> {
        let slot = self.slot(match_id);
        let mut guard = slot.clone().lock_owned().await;
        if guard.is_none() {
            self.loads
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            match self.read_live(match_id).await {
                Ok(live) => {
                    *guard = Some(live);
                    self.slots.lock().expect("slot map lock").trim();
                }
                Err(f) => {
                    // Forged or unknown ids must not leave a slot behind each.
                    drop(guard);
                    self.evict_if_empty(match_id, &slot);
                    return Err(f);
                }
            }
        }
        Ok(Held {
            games: self,
            match_id,
            slot,
            guard: Some(guard),
        })
    }

    /// Match `match_id` as stored (with the others asked for meanwhile, see `batch`);
    /// [`Refusal::UnknownMatch`] if it never existed.
    pub(super) async fn read_live(&self, match_id: i64) -> Result<Live, Failure> {
        match self.match_reads.get(match_id).await {
            Ok(Some(Ok(row))) => Live::from_row(row).map_err(Failure::from),
            Ok(Some(Err(why))) => Err(Failure::from(crate::store::StoreError::Corrupt(why))),
            Ok(None) => Err(Failure::User(Refusal::UnknownMatch)),
            Err(e) => Err(Failure::from(e)),
        }
    }

    /// A match just stored and dealt, into memory; its followers hear of it.
    pub(crate) async fn put_live(&self, live: Live) {
        let (id, channel, version) = (live.id, live.channel_id, live.version);
        *self.slot(id).lock().await = Some(live);
        self.slots.lock().expect("slot map lock").trim();
        self.changed(id, channel, version);
    }

    /// Another process committed `version` of a match: a copy of an older one in memory,
    /// held by nobody, goes (the next hold reads the match again).
    pub(super) fn drop_stale(&self, match_id: i64, version: i64) {
        let mut slots = self.slots.lock().expect("slot map lock");
        let stale = slots.map.get(&match_id).is_some_and(|slot| {
            Arc::strong_count(&slot.live) == 1
                && slot
                    .live
                    .try_lock()
                    .is_ok_and(|g| g.as_ref().is_none_or(|l| l.version < version))
        });
        if stale {
            slots.map.remove(&match_id);
        }
    }

    fn slot(&self, match_id: i64) -> Arc<Mutex<Option<Live>>> {
        let mut slots = self.slots.lock().expect("slot map lock");
        slots.tick += 1;
        let tick = slots.tick;
        let slot = slots.map.entry(match_id).or_default();
        slot.used = tick;
        slot.live.clone()
    }

    /// Drops the slot of a match that could not be loaded, unless someone else uses it.
    fn evict_if_empty(&self, match_id: i64, slot: &Arc<Mutex<Option<Live>>>) {
        let mut slots = self.slots.lock().expect("slot map lock");
        if let Some(current) = slots.map.get(&match_id) {
            // Ours, plus the map's: nobody else waits on it.
            if Arc::ptr_eq(&current.live, slot)
                && Arc::strong_count(slot) == 2
                && slot.try_lock().is_ok_and(|g| g.is_none())
            {
                slots.map.remove(&match_id);
            }
        }
    }

    /// Forgets an ended match's in-memory state (the database keeps it). Only the slot this
    /// holder had: a newer slot of the same id is someone else's.
    fn evict(&self, match_id: i64, slot: &Arc<Mutex<Option<Live>>>) {
        let mut slots = self.slots.lock().expect("slot map lock");
        if slots
            .map
            .get(&match_id)
            .is_some_and(|s| Arc::ptr_eq(&s.live, slot))
        {
            slots.map.remove(&match_id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::coach::{Hint, Why};
    use crate::engine::{Action, Card};

    /// A fresh two-player match; `hint` is the version a coach's answer was given at.
    fn live(id: i64, version: i64, hint: Option<i64>) -> Live {
        let mut live = Live::sample(id, true);
        live.version = version;
        let seat = live.game.to_act().unwrap();
        live.last_hint = hint.map(|v| {
            let why = Why::Leave {
                card: "AS".parse::<Card>().unwrap(),
                before: 50,
                after: 50,
            };
            (
                seat,
                v,
                Hint {
                    action: Action::Pass,
                    why,
                },
            )
        });
        live
    }

    fn slots(lives: impl IntoIterator<Item = (i64, Option<Live>)>) -> Slots {
        let mut s = Slots::default();
        for (id, live) in lives {
            s.tick += 1;
            let slot = Slot {
                live: Arc::new(Mutex::new(live)),
                used: s.tick,
            };
            s.map.insert(id, slot);
        }
        s
    }

    /// Past the cap, the least lately used go, down to three quarters of it; a coach's
    /// answer that still answers the moment keeps its match, a stale one does not, and an
    /// empty slot nobody waits on goes too.
    #[test]
    fn trimming_keeps_held_matches_and_current_hints_only() {
        let mut s = slots((0..HOT as i64 + 10).map(|id| {
            let live = match id {
                0 => Some(live(id, 4, Some(4))), // current hint: pinned
                1 => Some(live(id, 5, Some(4))), // stale hint
                2 => None,                       // empty
                _ => Some(live(id, 0, None)),
            };
            (id, live)
        }));
        let held = s.map[&3].live.clone();
        s.trim();
        assert_eq!(s.len(), HOT * 3 / 4);
        assert!(s.map.contains_key(&0), "a current hint pins its match");
        assert!(s.map.contains_key(&3), "a held match stays");
        for gone in [1, 2, 4] {
            assert!(!s.map.contains_key(&gone), "{gone} trimmed");
        }
        assert!(s.map.contains_key(&(HOT as i64 + 9)), "the latest stay");
        drop(held);
    }
}
