//! The bus's incoming side: a listener on the bus's channels that checks itself. A
//! connection that silently stopped carrying notes (half open) would lose every note
//! unseen: every so often the process sends a note on a channel of its own and expects it
//! back; if it does not come, the listener is made again (and says [`Notice::Lost`]).

use super::{heard, send::Queue, Notice, Pace, Relayed, CHANGES, PRESENCE, SETTINGS, STARTS};
use crate::store::StoreError;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// Where a listener is made, and where its self-checks go.
pub(super) struct Ear {
    pub(super) url: String,
    /// The connection's name, as `pg_stat_activity` shows it.
    pub(super) name: String,
    /// This process's own channel, for its self-checks.
    pub(super) checks: String,
    /// The request channels of this process's shards, and its own channel of answers.
    pub(super) asks: Vec<String>,
    pub(super) answers: String,
    /// Where requests and answers go, for the relay.
    pub(super) relay: mpsc::Sender<Relayed>,
    pub(super) queue: Weak<Queue>,
    pub(super) pace: Pace,
    /// Set while the listener is connected and its last check came back.
    pub(super) hearing: Arc<AtomicBool>,
}

impl Ear {
    /// The connection is lost (or silent): not hearing until a new one's check comes back.
    fn lost(&self) {
        self.hearing.store(false, Ordering::SeqCst);
        crate::metrics::get().bus_lost.inc();
    }
}

/// A listener on the bus's channels and `checks`.
async fn listener(ear: &Ear) -> Result<PgListener, StoreError> {
    let options = PgConnectOptions::from_str(&ear.url)?.application_name(&ear.name);
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .max_lifetime(None)
        .idle_timeout(None)
        .acquire_timeout(ear.pace.send_wait)
        .connect_with(options)
        .await?;
    let mut listener = PgListener::connect_with(&pool).await?;
    listener.ignore_pool_close_event(true);
    listener
        .listen_all(
            [
                CHANGES,
                STARTS,
                PRESENCE,
                SETTINGS,
                ear.checks.as_str(),
                ear.answers.as_str(),
            ]
            .into_iter()
            .chain(ear.asks.iter().map(String::as_str)),
        )
        .await?;
    Ok(listener)
}

/// Hears the bus into `feed` until nobody reads it; says [`Notice::Lost`] each time it
/// listens again after a lost (or silent) connection, trying again with a growing wait. The
/// first connection's outcome goes to `ready`.
pub(super) async fn listen(
    ear: Ear,
    feed: mpsc::Sender<Notice>,
    ready: oneshot::Sender<Result<(), StoreError>>,
) {
    let mut ready = Some(ready);
    let mut wait = ear.pace.retry;
    loop {
        let made = tokio::select! {
            made = tokio::time::timeout(ear.pace.send_wait * 2, listener(&ear)) => {
                made.unwrap_or_else(|_| Err(StoreError::Thread("timed out".into())))
            }
            () = feed.closed() => return,
        };
        let listening = match (made, ready.take()) {
            (Ok(l), Some(ready)) => {
                let _ = ready.send(Ok(()));
                l
            }
            (Err(e), Some(ready)) => {
                let _ = ready.send(Err(e));
                return;
            }
            (Ok(l), None) => {
                if feed.send(Notice::Lost).await.is_err() {
                    return;
                }
                l
            }
            (Err(e), None) => {
                tracing::warn!(error = %e, "the bus cannot listen: trying again");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(RETRY_MOST);
                continue;
            }
        };
        wait = ear.pace.retry;
        if !hear(&ear, listening, &feed).await {
            return;
        }
    }
}

/// The longest wait between two tries to listen.
const RETRY_MOST: Duration = Duration::from_secs(30);

/// Hears on `listening` until it fails or stops carrying this process's own checks (true:
/// listen again) or nobody reads the feed (false).
async fn hear(ear: &Ear, mut listening: PgListener, feed: &mpsc::Sender<Notice>) -> bool {
    let mut next_check = Instant::now();
    // The check sent and not yet heard back, and when it is due.
    let mut due: Option<(u64, Instant)> = None;
    let mut sent = 0u64;
    loop {
        let wake = due.map_or(next_check, |(_, at)| at);
        // Notes first: a reply already waiting is never taken for a missed check.
        let next = tokio::select! {
            biased;
            next = listening.try_recv() => next,
            () = feed.closed() => return false,
            () = tokio::time::sleep_until(wake) => {
                if due.is_some() {
                    tracing::warn!("the bus's listener heard nothing of its own check: listening again");
                    ear.lost();
                    return true;
                }
                let Some(queue) = ear.queue.upgrade() else { return false };
                sent += 1;
                queue.other(ear.checks.clone(), sent.to_string());
                due = Some((sent, Instant::now() + ear.pace.check_wait));
                continue;
            }
        };
        let notice = match next {
            Ok(Some(n)) if n.channel() == ear.checks => {
                let back: u64 = n.payload().parse().unwrap_or(0);
                if due.is_some_and(|(d, _)| back >= d) {
                    ear.hearing.store(true, Ordering::SeqCst);
                    due = None;
                    next_check = Instant::now() + ear.pace.check_every;
                }
                continue;
            }
            Ok(Some(n))
                if n.channel() == ear.answers || ear.asks.iter().any(|a| a == n.channel()) =>
            {
                let note = if n.channel() == ear.answers {
                    Relayed::Answer(n.payload().to_string())
                } else {
                    Relayed::Ask(n.payload().to_string())
                };
                // Never waits: a request dropped is answered by its asker's timeout.
                if ear.relay.try_send(note).is_err() {
                    tracing::warn!(
                        channel = n.channel(),
                        "the relay is not reading: a request or answer is dropped"
                    );
                }
                continue;
            }
            Ok(Some(n)) => match heard(n.channel(), n.payload()) {
                Some(notice) => notice,
                None => {
                    tracing::warn!(channel = n.channel(), "an unreadable note on the bus");
                    continue;
                }
            },
            // Listening again already; a check sent meanwhile may be lost: one at once.
            Ok(None) => {
                ear.lost();
                due = None;
                next_check = Instant::now();
                Notice::Lost
            }
            Err(e) => {
                tracing::warn!(error = %e, "the bus's listener failed: listening again");
                ear.lost();
                return true;
            }
        };
        if feed.send(notice).await.is_err() {
            return false;
        }
    }
}
