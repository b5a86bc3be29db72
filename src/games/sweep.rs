//! Timers that survive restarts: expired challenges, idle reminders and forfeits are all read
//! from the database, and what they require to be shown goes through the outbox like any
//! action's, so a restarted bot simply carries on.

use super::effects::{Delivery, Effect, PART_REMINDER};
use super::transition::Answered;
use super::{ChallengeState, Deliveries, EndReason, Games};
use crate::i18n::Lang;
use crate::store::OutboxKey;

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
}

/// A challenge message to mark expired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpiredChallenge {
    pub channel: u64,
    pub message: u64,
    pub lang: Lang,
}

impl Games {
    /// At start, before the first sweep: the time the bot was down (since its last heartbeat)
    /// does not count as idle time; every idle clock moves on by it.
    pub async fn resume_clocks(&self) {
        let now = self.now();
        let slack = 2 * self.config.timeouts.sweep_seconds as i64;
        match self.db.last_beat().await {
            Ok(Some(last)) if now - last > slack => {
                // The bot may have lived up to one sweep past its last heartbeat.
                let down = now - last - self.config.timeouts.sweep_seconds as i64;
                match self.db.shift_idle_clocks(down, now).await {
                    Ok(n) => tracing::info!(
                        down_seconds = down,
                        matches = n,
                        "idle clocks moved on by the downtime"
                    ),
                    Err(e) => tracing::warn!(error = %e, "moving idle clocks on"),
                }
            }
            Ok(_) => {
                if let Err(e) = self.db.beat(now).await {
                    tracing::warn!(error = %e, "noting the heartbeat");
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading the heartbeat"),
        }
    }

    /// One pass of the sweeper.
    pub async fn sweep(&self) -> Sweep {
        let mut out = Sweep::default();
        let now = self.now();
        if let Err(e) = self.db.beat(now).await {
            tracing::warn!(error = %e, "noting the heartbeat");
        }
        match self.db.expired_challenges(now).await {
            Ok(rows) => {
                for row in rows {
                    let closed = self
                        .db
                        .close_challenge(row.id, ChallengeState::Expired)
                        .await;
                    if let (Ok(true), Some(message)) = (closed, row.message_id) {
                        out.expired.push(ExpiredChallenge {
                            channel: row.channel_id,
                            message,
                            lang: Lang::from_locale(&row.locale),
                        });
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "sweeping challenges"),
        }
        // The AI's turn is an outbox row; should one have been given up, the AI still moves.
        // Past the longest pause any server gives its AI.
        let overdue = (self.longest_ai_delay_ms() / 1000) as i64 + 2;
        match self.db.waiting_ai_matches(now - overdue, PAGE).await {
            Ok(ids) => {
                let (due, not) = self.ai_due_in(ids).await;
                for (id, version) in not {
                    // A row from before the column: a person is to move there (unless a
                    // move since then said otherwise).
                    if let Err(e) = self.db.set_person_to_act(id, version).await {
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
        let idle = self.db.idle_matches(now, defaults, PAGE).await;
        let idle = match idle {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "sweeping idle matches");
                Vec::new()
            }
        };
        for (match_id, version, reminded, idle_since) in idle {
            let Ok(mut live) = self.hold(match_id).await else {
                continue;
            };
            if live.version != version || !live.is_active() || live.ai_to_act().is_some() {
                continue;
            }
            let Some(seat) = live.game.to_act() else {
                continue;
            };
            // The server's own times, if it set any.
            let t = self.timeouts_for(live.guild_id);
            let (reminder, forfeit) = (t.reminder().as_secs() as i64, t.forfeit().as_secs() as i64);
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
                match self.db.mark_reminded(reminder.row(), now).await {
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
