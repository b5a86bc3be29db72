//! News that may have been missed, and whose matches it concerns: a lost listener concerns
//! every match this process shows but does not own; another process's start only the
//! servers of the shards it took. A page reads its match again only if concerned.

use crate::store::Shards;
use std::collections::VecDeque;
use tokio::sync::watch;

/// The most recent misses kept for a follower that has not looked yet; one that is further
/// behind reads its match again whatever they were.
const KEPT: usize = 16;

/// What news may have been missed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missed {
    /// The bus's listener was lost: news of every match owned elsewhere.
    All,
    /// Another process took these shards: news of their servers' matches.
    Shards(Shards),
}

impl Missed {
    /// Whether a match of `guild` (0: none) is concerned, on a process running `own`.
    fn concerns(self, own: Shards, guild: u64) -> bool {
        !own.owns(guild)
            && match self {
                Missed::All => true,
                Missed::Shards(s) => s.owns(guild),
            }
    }
}

/// The misses so far: how many, and the newest of them.
#[derive(Debug, Default)]
pub(super) struct Log {
    count: u64,
    recent: VecDeque<Missed>,
}

impl Log {
    pub(super) fn add(&mut self, missed: Missed) {
        self.count += 1;
        if self.recent.len() == KEPT {
            self.recent.pop_front();
        }
        self.recent.push_back(missed);
    }
}

/// One follower's end of the misses.
pub struct Resyncs {
    log: watch::Receiver<Log>,
    own: Shards,
    seen: u64,
}

impl Resyncs {
    pub(super) fn new(log: watch::Receiver<Log>, own: Shards) -> Resyncs {
        let seen = log.borrow().count;
        Resyncs { log, own, seen }
    }

    /// Waits for a miss after those seen; an error once the games are gone.
    pub async fn changed(&mut self) -> Result<(), watch::error::RecvError> {
        self.log.changed().await
    }

    /// Whether a miss since the last look concerns a match of `guild` (0: none); every miss
    /// so far counts as seen.
    pub fn concerns(&mut self, guild: u64) -> bool {
        let log = self.log.borrow_and_update();
        let unseen = (log.count - self.seen) as usize;
        self.seen = log.count;
        if unseen > log.recent.len() {
            return Missed::All.concerns(self.own, guild);
        }
        log.recent
            .iter()
            .rev()
            .take(unseen)
            .any(|m| m.concerns(self.own, guild))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shards(s: &str) -> Shards {
        s.parse().unwrap()
    }

    /// Servers of shard 0 and shard 1 of two.
    const ZERO: u64 = 0;
    const ONE: u64 = 1 << 22;

    /// A lost listener concerns every server owned elsewhere; a start only those of its
    /// shards; neither concerns this process's own servers; a miss is seen once.
    #[test]
    fn a_miss_concerns_the_servers_owned_elsewhere_that_it_names() {
        let (tell, log) = watch::channel(Log::default());
        let mut here = Resyncs::new(log.clone(), shards("1-1/2"));
        tell.send_modify(|l| l.add(Missed::Shards(shards("1-1/2"))));
        assert!(!here.concerns(ZERO), "a start elsewhere of other shards");
        tell.send_modify(|l| l.add(Missed::Shards(shards("0-0/2"))));
        assert!(here.concerns(ZERO));
        assert!(!here.concerns(ZERO), "seen already");
        tell.send_modify(|l| l.add(Missed::All));
        assert!(!here.concerns(ONE), "its own server");
        tell.send_modify(|l| l.add(Missed::All));
        assert!(here.concerns(ZERO));
    }

    /// A follower behind by more than is kept reads again whatever was missed.
    #[test]
    fn a_follower_far_behind_reads_again() {
        let (tell, log) = watch::channel(Log::default());
        let mut here = Resyncs::new(log, shards("1-1/2"));
        tell.send_modify(|l| l.add(Missed::All));
        for _ in 0..KEPT {
            tell.send_modify(|l| l.add(Missed::Shards(shards("1-1/2"))));
        }
        assert!(here.concerns(ZERO));
    }
}
