//! A token bucket per user over commands and button presses: a player who sends too many in
//! a short time gets a friendly private answer and nothing is done, so that one user cannot
//! keep the bot (and its database) busy for everyone else.

use crate::config::Limits;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Buckets kept before the full ones (users idle long enough) are let go.
const KEPT: usize = 10_000;

/// One user's bucket.
struct Bucket {
    tokens: f64,
    at: Instant,
    /// The last interaction decided, and how: poise runs its checks several times for one
    /// command, which must cost one token and get one answer.
    last: (u64, bool),
}

/// The buckets of every user who sent something lately.
pub(crate) struct Limiter {
    burst: f64,
    per_second: f64,
    users: Mutex<HashMap<u64, Bucket>>,
}

impl Limiter {
    pub fn new(limits: &Limits) -> Limiter {
        Limiter {
            burst: f64::from(limits.burst),
            per_second: f64::from(limits.per_minute) / 60.0,
            users: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `user` may go on with `interaction` at `now`, taking a token if so. Asked
    /// again about the same interaction, the same answer, at no further cost.
    pub fn admit(&self, user: u64, interaction: u64, now: Instant) -> bool {
        let mut users = self.users.lock().expect("limiter lock");
        if users.len() >= KEPT && !users.contains_key(&user) {
            users.retain(|_, b| self.refilled(b, now) < self.burst);
        }
        let burst = self.burst;
        let bucket = users.entry(user).or_insert(Bucket {
            tokens: burst,
            at: now,
            last: (0, false),
        });
        if bucket.last.0 == interaction {
            return bucket.last.1;
        }
        bucket.tokens = self.refilled(bucket, now);
        bucket.at = now;
        let admitted = bucket.tokens >= 1.0;
        if admitted {
            bucket.tokens -= 1.0;
        }
        bucket.last = (interaction, admitted);
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

    fn limiter(burst: u32, per_minute: u32) -> Limiter {
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
}
