//! One way to hold a match: [`Games::hold`] locks its slot (loading it if needed) and gives a
//! [`Held`]; dropping the `Held` lets go, and a match that has ended leaves memory then. Callers
//! cannot forget the bookkeeping: unknown ids leave no slot, finished matches no state.

use super::{Failure, Games, Live, Refusal};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard};

/// A match's place in memory: the lock that makes one caller at a time its owner.
#[derive(Clone, Default)]
pub(crate) struct Slot(Arc<Mutex<Option<Live>>>);

impl Slot {
    pub(crate) fn loaded(live: Live) -> Slot {
        Slot(Arc::new(Mutex::new(Some(live))))
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
    /// Holds a match (waiting for its current owner), loading it if needed;
    /// [`Refusal::UnknownMatch`] if it never existed.
    pub(crate) async fn hold(&self, match_id: i64) -> Result<Held<'_>, Failure> {
        let slot = self.slot(match_id);
        let mut guard = slot.clone().lock_owned().await;
        if guard.is_none() {
            self.touched(match_id);
            let loaded = match self.db.load_match(match_id).await {
                Ok(Some(row)) => Live::from_row(row).map_err(Failure::from),
                Ok(None) => Err(Failure::User(Refusal::UnknownMatch)),
                Err(e) => Err(Failure::from(e)),
            };
            match loaded {
                Ok(live) => *guard = Some(live),
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

    /// Id and version of the matches in memory, not in use right now, for which `f` holds.
    pub(crate) fn loaded_where(&self, f: impl Fn(&Live) -> bool) -> Vec<(i64, i64)> {
        let slots: Vec<Arc<Mutex<Option<Live>>>> = self
            .slots
            .lock()
            .expect("slot map lock")
            .values()
            .map(|s| s.0.clone())
            .collect();
        slots
            .iter()
            .filter_map(|slot| {
                let guard = slot.try_lock().ok()?;
                let live = guard.as_ref()?;
                f(live).then_some((live.id, live.version))
            })
            .collect()
    }

    /// A match just stored and dealt, into memory; its followers hear of it.
    pub(crate) async fn put_live(&self, live: Live) {
        let (id, channel) = (live.id, live.channel_id);
        *self.slot(id).lock().await = Some(live);
        self.changed(id, channel);
    }

    fn slot(&self, match_id: i64) -> Arc<Mutex<Option<Live>>> {
        self.slots
            .lock()
            .expect("slot map lock")
            .entry(match_id)
            .or_default()
            .0
            .clone()
    }

    /// Drops the slot of a match that could not be loaded, unless someone else uses it.
    fn evict_if_empty(&self, match_id: i64, slot: &Arc<Mutex<Option<Live>>>) {
        let mut slots = self.slots.lock().expect("slot map lock");
        if let Some(current) = slots.get(&match_id) {
            // Ours, plus the map's: nobody else waits on it.
            if Arc::ptr_eq(&current.0, slot)
                && Arc::strong_count(slot) == 2
                && slot.try_lock().is_ok_and(|g| g.is_none())
            {
                slots.remove(&match_id);
            }
        }
    }

    /// Forgets an ended match's in-memory state (the database keeps it). Only the slot this
    /// holder had: a newer slot of the same id is someone else's.
    fn evict(&self, match_id: i64, slot: &Arc<Mutex<Option<Live>>>) {
        self.touched(match_id);
        let mut slots = self.slots.lock().expect("slot map lock");
        if slots
            .get(&match_id)
            .is_some_and(|s| Arc::ptr_eq(&s.0, slot))
        {
            slots.remove(&match_id);
        }
    }
}
