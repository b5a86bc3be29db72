//! A token bucket per user over commands and button presses: a player who sends too many in
//! a short time gets a friendly private answer and nothing is done, so that one user cannot
//! keep the bot (and its database) busy for everyone else. The web table keeps buckets of the
//! same kind per player, per source address and in all.

use crate::config::Limits;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::Instant;

/// Buckets kept before the full ones (users idle long enough) are let go.
const KEPT: usize = 10_000;
/// The least time between two such sweeps: a flood of new keys costs one scan a second, not
/// one per key.
const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// One user's bucket.
struct Bucket {
    tokens: f64,
    at: Instant,
    /// The last interaction decided, and how: poise runs its checks several times for one
    /// command, which must cost one token and get one answer.
    last: Option<(u64, bool)>,
}

/// The buckets of every key (a user, a source address) that sent something lately.
pub(crate) struct Limiter<K = u64> {
    burst: f64,
    per_second: f64,
    users: Mutex<HashMap<K, Bucket>>,
    /// When the full buckets were last let go.
    swept: Mutex<Option<Instant>>,
}

impl<K: Hash + Eq + Copy> Limiter<K> {
    pub fn new(limits: &Limits) -> Limiter<K> {
        Limiter {
            burst: f64::from(limits.burst),
            per_second: f64::from(limits.per_minute) / 60.0,
            users: Mutex::new(HashMap::new()),
            swept: Mutex::new(None),
        }
    }

    /// Whether `user` may go on with `interaction` (Discord's id of it) at `now`, taking a
    /// token if so. Asked again about the same interaction, the same answer, at no further
    /// cost.
    pub fn admit(&self, user: K, interaction: u64, now: Instant) -> bool {
        self.decide(user, Some(interaction), 0.0, now)
    }

    /// Whether `key` may go on at `now`, taking a token if so: every call is a request of
    /// its own (a frame, a sign-in), never taken for one asked before.
    pub fn spend(&self, key: K, now: Instant) -> bool {
        self.decide(key, None, 0.0, now)
    }

    /// [`Limiter::spend`] for work that can wait: it takes a token only while at least half
    /// the burst stays for the rest.
    pub fn spend_from_upper_half(&self, key: K, now: Instant) -> bool {
        self.decide(key, None, (self.burst / 2.0).floor(), now)
    }

    fn decide(&self, user: K, interaction: Option<u64>, keep: f64, now: Instant) -> bool {
        let mut users = self.users.lock().expect("limiter lock");
        if users.len() >= KEPT && !users.contains_key(&user) {
            let mut swept = self.swept.lock().expect("limiter lock");
            if swept.is_none_or(|at| now.saturating_duration_since(at) >= SWEEP_EVERY) {
                users.retain(|_, b| self.refilled(b, now) < self.burst);
                *swept = Some(now);
            }
        }
        let burst = self.burst;
        let bucket = users.entry(user).or_insert(Bucket {
            tokens: burst,
            at: now,
            last: None,
        });
        if let Some((asked, answer)) = bucket.last {
            if interaction == Some(asked) {
                return answer;
            }
        }
        bucket.tokens = self.refilled(bucket, now);
        bucket.at = now;
        let admitted = bucket.tokens >= 1.0 + keep;
        if admitted {
            bucket.tokens -= 1.0;
        }
        if let Some(asked) = interaction {
            bucket.last = Some((asked, admitted));
        }
        admitted
    }

    /// The bucket's tokens at `now`.
    fn refilled(&self, b: &Bucket, now: Instant) -> f64 {
        let secs = now.saturating_duration_since(b.at).as_secs_f64();
        (b.tokens + secs * self.per_second).min(self.burst)
    }

    /// How many users have a bucket.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.users.lock().expect("limiter lock").len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn limiter(burst: u32, per_minute: u32) -> Limiter<u64> {
        Limiter::new(&Limits { burst, per_minute })
    }

    /// A burst is let through, the next is not; tokens come back with time, and only for the
    /// user who spent them.
    #[test]
    fn a_burst_is_admitted_then_the_bucket_refills() {
        let l = limiter(3, 60);
        let t = Instant::now();
        for i in 1..=3 {
            assert!(l.admit(7, i, t), "{i}");
        }
        assert!(!l.admit(7, 4, t));
        assert!(l.admit(8, 5, t), "another user has their own bucket");
        assert!(!l.admit(7, 6, t + Duration::from_millis(500)));
        assert!(l.admit(7, 7, t + Duration::from_millis(1600)));
        assert!(!l.admit(7, 8, t + Duration::from_millis(1700)));
        // Never more than the burst, however long the wait.
        let later = t + Duration::from_secs(3600);
        assert_eq!((9..13).filter(|&i| l.admit(7, i, later)).count(), 3);
    }

    /// Asking again about one interaction costs nothing and answers the same.
    #[test]
    fn one_interaction_costs_one_token() {
        let l = limiter(2, 1);
        let t = Instant::now();
        for _ in 0..4 {
            assert!(l.admit(7, 100, t));
        }
        assert!(l.admit(7, 101, t));
        for _ in 0..3 {
            assert!(!l.admit(7, 102, t));
        }
    }

    /// Users who went quiet are let go once many are kept.
    #[test]
    fn idle_users_are_let_go() {
        let l = limiter(2, 60);
        let t = Instant::now();
        for user in 0..KEPT as u64 {
            l.admit(user, user, t);
        }
        assert_eq!(l.len(), KEPT);
        l.admit(u64::MAX, 1, t + Duration::from_secs(5));
        assert_eq!(l.len(), 1, "only the newcomer is left");
    }

    /// Work that can wait leaves half the burst to the rest.
    #[test]
    fn the_upper_half_leaves_the_lower_half() {
        let l = limiter(4, 1);
        let t = Instant::now();
        assert!(l.spend_from_upper_half(1, t));
        assert!(l.spend_from_upper_half(1, t));
        assert!(!l.spend_from_upper_half(1, t), "two of four kept");
        assert!(l.spend(1, t) && l.spend(1, t));
        assert!(!l.spend(1, t));
    }

    /// A flood of new keys past the bound costs one sweep a second, not a scan per key.
    #[test]
    fn full_buckets_are_swept_at_most_once_a_second() {
        let l = limiter(2, 60);
        let t = Instant::now();
        for key in 0..KEPT as u64 {
            l.spend(key, t);
        }
        let later = t + Duration::from_secs(5);
        l.spend(u64::MAX, later);
        assert_eq!(l.len(), 1, "swept: only the newcomer is left");
        let soon = later + Duration::from_millis(100);
        for key in 0..KEPT as u64 {
            l.spend(key, soon);
        }
        l.spend(u64::MAX - 1, soon + Duration::from_millis(100));
        assert_eq!(l.len(), KEPT + 2, "no second sweep within the second");
        l.spend(u64::MAX - 2, later + Duration::from_secs(5));
        assert_eq!(l.len(), 1, "swept again a second later");
    }

    /// Requests that are not interactions each cost a token, whatever was asked before: one
    /// numbered like an earlier interaction is not taken for it.
    #[test]
    fn every_spend_costs_a_token() {
        let l = limiter(3, 1);
        let t = Instant::now();
        assert!(l.admit(7, 1, t));
        assert!(l.spend(7, t));
        assert!(l.spend(7, t));
        assert!(!l.spend(7, t), "three tokens, three spent");
        assert!(
            l.admit(7, 1, t),
            "the interaction asked before keeps its answer"
        );
        let sources: Limiter<std::net::IpAddr> = Limiter::new(&Limits {
            burst: 1,
            per_minute: 1,
        });
        let (a, b) = ([127, 0, 0, 2].into(), [127, 0, 0, 3].into());
        assert!(sources.spend(a, t) && !sources.spend(a, t));
        assert!(sources.spend(b, t), "another source has its own bucket");
    }
}
