//! Timers that survive restarts: expired challenges, idle reminders and forfeits are all read
//! from the database, and what they require to be shown goes through the outbox like any
//! action's, so a restarted bot simply carries on.

use super::effects::{Delivery, Effect, PART_REMINDER};
use super::transition::Answered;
use super::{ChallengeState, Deliveries, EndReason, Sweeper};
use crate::i18n::Lang;
use crate::store::{HeldElsewhere, OutboxKey, StoreError};
use std::time::Duration;

/// Rows one pass of the sweeper takes of each kind; every one of them needs work, so the
/// next pass takes the next ones.
const PAGE: i64 = 200;

/// What one pass of the sweeper found to show.
#[derive(Debug, Default)]
pub struct Sweep {
    /// Reminders and forfeits, already stored; the AI's overdue turns.
    pub deliveries: Vec<Deliveries>,
    /// Challenges that expired unanswered: their message says so.
    pub expired: Vec<ExpiredChallenge>,
    /// Another process took this process's shards over (this one stalled past its lease):
    /// nothing was swept, and the process must stop.
    pub lease_lost: bool,
}

/// A challenge message to mark expired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpiredChallenge {
    /// Its message, as it can be reached.
    pub via: super::Via,
    pub lang: Lang,
}

impl Sweeper<'_> {
    /// How long a heartbeat holds the lease of this process's shards: a few sweeps.
    fn lease_seconds(&self) -> i64 {
        3 * self.config.timeouts.sweep_seconds as i64
    }

    /// At start, before anything of this process's servers is read: takes the lease of its
    /// shards. A lease another process holds over some of the same servers is watched until
    /// it runs out (for a whole lease at most, on this process's own clock), then taken; if
    /// its holder renews it meanwhile, it is alive, and that lease is the answer: this
    /// process must not run.
    pub async fn take_shards(&self) -> Result<Option<HeldElsewhere>, StoreError> {
        let seconds = self.lease_seconds();
        let mut watched: Option<(HeldElsewhere, tokio::time::Instant)> = None;
        loop {
            let unrenewed = watched
                .as_ref()
                .filter(|(_, since)| since.elapsed() >= Duration::from_secs(seconds as u64))
                .map(|(held, _)| held.holder.clone());
            let Some(held) = self
                .db
                .lease()
                .take_lease(self.now(), seconds, unrenewed)
                .await?
            else {
                return Ok(None);
            };
            match &watched {
                Some((seen, _)) if seen.holder == held.holder && seen.until != held.until => {
                    return Ok(Some(held));
                }
                Some((seen, _)) if seen.holder == held.holder => {}
                _ => {
                    tracing::warn!(
                        shards = %held.shards,
                        holder = %held.holder,
                        until = held.until,
                        "another process holds the lease of these shards: waiting for it to run out (if it is renewed, that process is alive and this one stops)"
                    );
                    watched = Some((held, tokio::time::Instant::now()));
                }
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    /// At start, before the first sweep: the time the bot was down (since its last heartbeat)
    /// does not count as idle time; every idle clock moves on by it.
    pub async fn resume_clocks(&self) {
        let now = self.now();
        // Times stored ahead of now (the clock was stepped back) count from now instead.
        let challenge = self.config.timeouts.challenge().as_secs() as i64;
        match self
            .db
            .heartbeat()
            .pull_back_future_times(now, challenge)
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::warn!(
                rows = n,
                "stored times ahead of the clock moved back to now"
            ),
            Err(e) => tracing::warn!(error = %e, "moving stored future times back"),
        }
        let slack = 2 * self.config.timeouts.sweep_seconds as i64;
        match self.db.heartbeat().last_beat().await {
            Ok(Some(last)) if now - last > slack => {
                // The bot may have lived up to one sweep past its last heartbeat.
                let down = now - last - self.config.timeouts.sweep_seconds as i64;
                match self.db.heartbeat().shift_idle_clocks(down, now).await {
                    Ok(n) => tracing::info!(
                        down_seconds = down,
                        matches = n,
                        "idle clocks moved on by the downtime"
                    ),
                    Err(e) => tracing::warn!(error = %e, "moving idle clocks on"),
                }
            }
            Ok(_) => {
                if let Err(e) = self.db.heartbeat().beat(now).await {
                    tracing::warn!(error = %e, "noting the heartbeat");
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading the heartbeat"),
        }
        // Said after the clocks moved (no match's version did): the other processes read
        // these shards' matches again, and whatever the last holder committed but never
        // announced with them.
        self.db.bus().started(self.db.shards());
    }

    /// One pass of the sweeper.
    pub async fn sweep(&self) -> Sweep {
        let mut out = Sweep::default();
        let now = self.now();
        match self.db.heartbeat().beat(now).await {
            Ok(true) => {}
            Ok(false) => {
                tracing::error!(
                    shards = %self.db.shards(),
                    "another process took over this process's shards (their lease ran out): stopping"
                );
                out.lease_lost = true;
                return out;
            }
            Err(e) => tracing::warn!(error = %e, "noting the heartbeat"),
        }
        if !self.settings_cache.all_read() {
            if let Err(e) = self.settings().load_settings().await {
                tracing::warn!(error = %e, "reading the servers' settings");
            }
        }
        match self.db.challenges().expired_challenges(now).await {
            Ok(rows) => {
                for row in rows {
                    let closed = self
                        .db
                        .challenges()
                        .close_challenge(row.id, ChallengeState::Expired)
                        .await;
                    // Where no live token can reach its message, it stays as it is (an
                    // Accept on it says it expired).
                    let via = row.message_id.and_then(|m| self.challenge_via(&row, m));
                    if let (Ok(true), Some(via)) = (closed, via) {
                        out.expired.push(ExpiredChallenge {
                            via,
                            lang: Lang::from_locale(&row.locale),
                        });
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "sweeping challenges"),
        }
        // The AI's turn is an outbox row; should one have been given up, the AI still moves.
        // Past the longest pause any server gives its AI.
        let overdue = (self.settings().longest_ai_delay_ms() / 1000) as i64 + 2;
        match self
            .db
            .matches()
            .waiting_ai_matches(now - overdue, PAGE)
            .await
        {
            Ok(ids) => {
                let (due, not) = self.ai_due_in(ids).await;
                for (id, version) in not {
                    // A row from before the column: a person is to move there (unless a
                    // move since then said otherwise).
                    if let Err(e) = self.db.matches().set_person_to_act(id, version).await {
                        tracing::warn!(error = %e, "correcting who is to move");
                    }
                }
                for d in due {
                    out.deliveries.push(Deliveries {
                        rows: vec![d],
                        turn: None,
                    });
                }
            }
            Err(e) => tracing::warn!(error = %e, "looking for overdue AI turns"),
        }
        let t = &self.config.timeouts;
        let defaults = (t.reminder().as_secs() as i64, t.forfeit().as_secs() as i64);
        let idle = self.db.matches().idle_matches(now, defaults, PAGE).await;
        let idle = match idle {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "sweeping idle matches");
                Vec::new()
            }
        };
        // Read together before each is held in turn below.
        self.read_together(idle.iter().map(|row| row.id)).await;
        for row in idle {
            let (match_id, version, reminded) = (row.id, row.version, row.reminded);
            let Ok(mut live) = self.hold(match_id).await else {
                continue;
            };
            if live.version != version || !live.is_active() || live.ai_to_act().is_some() {
                continue;
            }
            let Some(seat) = live.game.to_act() else {
                continue;
            };
            // The server's own times as the row was picked by (never defaults standing in for
            // settings that could not be read); the reminder's text reads them too.
            let (reminder, forfeit) = (row.reminder, row.forfeit);
            if let Err(e) = self.settings().ensure_settings(live.guild_id).await {
                tracing::warn!(error = %e, "reading a server's settings");
            }
            let idle_since = row.idle_since;
            // A forfeit needs a reminder, and the time it promised after it.
            let waited_out = reminded > 0 && now - reminded >= forfeit - reminder;
            if now - idle_since >= forfeit && waited_out {
                match self
                    .end_by_resignation(&mut live, seat, EndReason::Forfeited, Answered::Nothing)
                    .await
                {
                    Ok(deliveries) => {
                        tracing::info!(match_id, seat, "forfeit by timeout");
                        out.deliveries.push(deliveries);
                    }
                    Err(_) => continue,
                }
            } else if reminded == 0 {
                let reminder = Delivery {
                    key: OutboxKey {
                        match_id,
                        version,
                        part: PART_REMINDER,
                    },
                    due_ms: self.now_ms(),
                    effects: vec![Effect::Reminder { seat }],
                };
                match self.db.outbox().mark_reminded(reminder.row(), now).await {
                    Ok(true) => out.deliveries.push(Deliveries {
                        rows: vec![reminder],
                        turn: Some(self.take_turn(match_id)),
                    }),
                    Ok(false) => {}
                    Err(e) => tracing::warn!(error = %e, "marking reminded"),
                }
            }
        }
        out
    }
}
