//! Where a player's page runs, as Discord says: Activity instances looked up with the bot's
//! token, their last answers kept a while for every socket of the instance. Only a definite
//! answer puts a player out; a lookup that failed, or one not made (Discord asked for a pause,
//! or too many lookups lately, in all or by the player), leaves the player's place unknown.
//! Serenity's ratelimiter has no route for these lookups, so they are bounded here.

use super::auth::{Answer, Exchange, Instance, Unanswered};
use crate::config::Activity;
use crate::limit::Limiter;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Instances kept before the old ones are let go.
const KEPT: usize = 10_000;
/// How soon an instance whose lookup failed is asked about again (at most the trust).
const AFTER_FAILURE: Duration = Duration::from_secs(5);

/// A player's place, as far as is known now.
#[derive(Clone, Debug)]
pub(super) enum Place {
    /// Discord says the player is in this instance.
    In(Instance),
    /// Discord says the player is not in it, or that it does not exist.
    Out,
    /// Discord could not be asked, or did not answer.
    Unknown,
}

/// One instance's last definite answer, and when the last lookup failed.
struct Known {
    answer: Option<(Answer, Instant)>,
    failed: Option<Instant>,
}

/// The instances asked about lately, and the bounds on asking.
pub(super) struct Instances {
    known: Mutex<HashMap<String, Known>>,
    /// How long an answer is trusted: also how often a live socket's player is checked.
    trust: Duration,
    per_player: Limiter,
    in_all: Limiter<()>,
    /// No lookup before this: Discord asked for a pause.
    paused_until: Mutex<Option<Instant>>,
}

impl Instances {
    pub fn new(config: &Activity) -> Instances {
        Instances {
            known: Mutex::default(),
            trust: Duration::from_secs(config.instance_recheck_secs.max(1)),
            per_player: Limiter::new(&config.instance_lookups),
            in_all: Limiter::new(&config.instance_lookups_in_all),
            paused_until: Mutex::default(),
        }
    }

    /// How often a live socket's player is checked again.
    pub fn recheck(&self) -> Duration {
        self.trust
    }

    /// Where `user` is with instance `id`, for a page saying hello: a fresh answer that has
    /// them is taken as it is; otherwise Discord is asked, if it may be (a player who has
    /// just joined is not in an answer of a moment ago).
    pub async fn place(&self, exchange: &Exchange, id: &str, user: u64) -> Place {
        self.look_up(exchange, id, user, false).await
    }

    /// Where `user` is with instance `id`, for an open table checking again: any fresh
    /// answer is taken as it is (one lookup serves every table of the instance).
    pub async fn recheck_place(&self, exchange: &Exchange, id: &str, user: u64) -> Place {
        self.look_up(exchange, id, user, true).await
    }

    async fn look_up(&self, exchange: &Exchange, id: &str, user: u64, any: bool) -> Place {
        let valid = |c: char| c.is_ascii_alphanumeric() || "-_:.".contains(c);
        if id.is_empty() || id.len() > 128 || !id.chars().all(valid) {
            return Place::Out;
        }
        let now = Instant::now();
        if let Some(place) = self.fresh(id, user, now, any) {
            return place;
        }
        if !self.may_ask(id, user, now, any) {
            return Place::Unknown;
        }
        let asked = now;
        let lookup = exchange.instance(id).await;
        let now = Instant::now();
        if let Some(wait) = lookup.wait {
            let mut paused = self.paused_until.lock().expect("instances lock");
            *paused = Some(paused.map_or(now + wait, |p| p.max(now + wait)));
        }
        let mut known = self.known.lock().expect("instances lock");
        if known.len() >= KEPT && !known.contains_key(id) {
            let trust = self.trust;
            known.retain(|_, k| k.answer.as_ref().is_some_and(|(_, at)| now - *at < trust));
        }
        let entry = known.entry(id.to_string()).or_insert(Known {
            answer: None,
            failed: None,
        });
        match lookup.answer {
            Ok(answer) => {
                // Lookups of one instance may overlap: an answer to an earlier question never
                // replaces a later one (a player who joined meanwhile is not put out).
                if entry.answer.as_ref().is_none_or(|(_, at)| *at <= asked) {
                    entry.answer = Some((answer, asked));
                    entry.failed = None;
                }
                let (newest, _) = entry.answer.as_ref().expect("an answer was just kept");
                place_of(newest, user)
            }
            Err(why) => {
                match &why {
                    Unanswered::Limited(_) => {}
                    Unanswered::Failed(_) => entry.failed = Some(now),
                }
                tracing::info!(error = %why, "web table: an Activity instance is unknown for now");
                Place::Unknown
            }
        }
    }

    /// The answer kept for `id`, if it is fresh and (unless `any`) has `user` in it.
    fn fresh(&self, id: &str, user: u64, now: Instant, any: bool) -> Option<Place> {
        let known = self.known.lock().expect("instances lock");
        let (answer, at) = known.get(id)?.answer.as_ref()?;
        let place = place_of(answer, user);
        (now - *at < self.trust && (any || matches!(place, Place::In(_)))).then_some(place)
    }

    /// Whether Discord may be asked about `id` for `user` now: no pause asked for, the
    /// instance did not just fail, and neither the player's nor the bot's bound is reached
    /// (a recheck spends only the upper half of the bot's).
    fn may_ask(&self, id: &str, user: u64, now: Instant, recheck: bool) -> bool {
        let paused = *self.paused_until.lock().expect("instances lock");
        if paused.is_some_and(|p| now < p) {
            return false;
        }
        let failed = self
            .known
            .lock()
            .expect("instances lock")
            .get(id)
            .and_then(|k| k.failed);
        if failed.is_some_and(|f| now - f < AFTER_FAILURE.min(self.trust)) {
            return false;
        }
        if recheck {
            // An open table can wait (it keeps the last answer): the lower half of the bound
            // in all stays for pages saying hello.
            return self.in_all.spend_from_upper_half((), now);
        }
        self.per_player.spend(user, now) && self.in_all.spend((), now)
    }
}

fn place_of(answer: &Answer, user: u64) -> Place {
    match answer {
        Answer::Found(i) if i.users.contains(&user) => Place::In(i.clone()),
        Answer::Found(_) | Answer::Missing => Place::Out,
    }
}
