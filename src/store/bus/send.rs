//! The bus's outgoing side: a queue that keeps only the newest note of each match, and the
//! sender that empties it, those queued together in one statement. Notes dropped (a full
//! queue, a batch that kept failing) are made good once a send succeeds again: a resync
//! note has the others read this process's matches again.

use super::{Changed, Pace, CHANGES};
use crate::store::Source;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use tokio::sync::{oneshot, Notify};

/// The most notes sent in one statement.
const SENT_TOGETHER: usize = 256;

/// The most matches whose note waits: past it a new match's note is dropped (its followers
/// elsewhere see the match's next change, or read everything again after a lost listener).
const QUEUED_MOST: usize = 16_384;

/// Room kept in each batch for notes of other kinds, before the changes: a backlog of changes
/// never holds back a self-check, a settings note or a relayed request.
const OTHERS_FIRST: usize = SENT_TOGETHER / 4;

/// Whether a note on `channel` tells the others something they must read again when it is
/// lost (a change, a start, a server's settings, who has the table open: the resync has them
/// read every list again); a self-check or a relayed request or answer is made good by its
/// own timeout.
fn missed_if_lost(channel: &str) -> bool {
    channel == CHANGES
        || channel == super::STARTS
        || channel == super::SETTINGS
        || channel == super::PRESENCE
}

/// How many times a batch is tried, each on a new connection, before it is dropped.
const TRIES: u32 = 3;

/// Sends every queued note, one `pg_notify` each, in one round trip.
const SEND: &str =
    "SELECT pg_notify(x.c, x.p) FROM json_to_recordset($1::text::json) AS x(c text, p text)";

/// A note to send: its channel and payload.
type Note = (String, String);

/// The notes waiting to be sent. The sender takes them in batches.
#[derive(Default)]
pub(super) struct Queue {
    waiting: Mutex<Waiting>,
    wake: Notify,
    /// Set when every [`super::Bus`] is gone: the sender sends what is left and stops.
    closed: AtomicBool,
    /// Tests only: the self-checks are not sent (a listener that hears nothing).
    pub(super) mute_checks: AtomicBool,
    /// Tests only: the change notes are not sent (a process that died after its commit,
    /// before its note).
    pub(super) mute_changes: AtomicBool,
    /// A note was dropped since the last resync was queued.
    lost: AtomicBool,
}

#[derive(Default)]
struct Waiting {
    /// The newest change of each match: an older one adds nothing.
    changes: HashMap<i64, Changed>,
    others: Vec<Note>,
    /// Answered once every note queued before them is sent (or dropped).
    flushes: Vec<oneshot::Sender<()>>,
}

impl Queue {
    /// Queues `change`, replacing an older note of its match.
    pub(super) fn change(&self, change: Changed) {
        let mut w = self.waiting.lock().expect("bus queue lock");
        let full = w.changes.len() >= QUEUED_MOST;
        match w.changes.get_mut(&change.match_id) {
            Some(old) if old.version > change.version => {}
            Some(old) => {
                let touched = old.touched && old.version == change.version;
                *old = change;
                old.touched |= touched;
            }
            None if full => {
                tracing::warn!(
                    match_id = change.match_id,
                    "the bus's queue is full: a note is dropped"
                );
                crate::metrics::get().bus_dropped.inc();
                self.lost.store(true, Ordering::SeqCst);
                return;
            }
            None => {
                w.changes.insert(change.match_id, change);
            }
        }
        drop(w);
        self.wake.notify_one();
    }

    /// Queues a note of another kind (a start, a self-check).
    pub(super) fn other(&self, channel: String, payload: String) {
        let mut w = self.waiting.lock().expect("bus queue lock");
        if w.others.len() >= QUEUED_MOST {
            tracing::warn!(channel, "the bus's queue is full: a note is dropped");
            crate::metrics::get().bus_dropped.inc();
            self.dropped(std::iter::once(channel.as_str()));
            return;
        }
        w.others.push((channel, payload));
        drop(w);
        self.wake.notify_one();
    }

    /// Resolves once every note queued so far is sent or given up.
    pub(super) fn flushed(&self) -> oneshot::Receiver<()> {
        let (done, flushed) = oneshot::channel();
        self.waiting
            .lock()
            .expect("bus queue lock")
            .flushes
            .push(done);
        self.wake.notify_one();
        flushed
    }

    /// Notes on `channels` were dropped: a resync follows if any of them mattered.
    fn dropped<'a>(&self, mut channels: impl Iterator<Item = &'a str>) {
        if channels.any(missed_if_lost) {
            self.lost.store(true, Ordering::SeqCst);
        }
    }

    /// A batch was sent: if notes were dropped before, `resync` is queued, so that the
    /// listeners read again what those notes would have told them.
    fn sent(&self, resync: &Note) {
        if self.lost.swap(false, Ordering::SeqCst) {
            tracing::info!("notes were lost: the other processes are told to read again");
            self.other(resync.0.clone(), resync.1.clone());
        }
    }

    pub(super) fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        self.wake.notify_one();
    }

    /// Up to [`SENT_TOGETHER`] notes, and the flushes waiting on them (all of them once
    /// nothing is left); `None` once closed and empty.
    async fn take(&self) -> Option<(Vec<Note>, Vec<oneshot::Sender<()>>)> {
        loop {
            let wake = self.wake.notified();
            {
                let mut w = self.waiting.lock().expect("bus queue lock");
                let first = w.others.len().min(OTHERS_FIRST);
                let mut notes: Vec<Note> = w.others.drain(..first).collect();
                let room = SENT_TOGETHER - notes.len();
                let ids: Vec<i64> = w.changes.keys().take(room).copied().collect();
                for id in ids {
                    if let Some(c) = w.changes.remove(&id) {
                        notes.push((CHANGES.into(), super::payload(&c).unwrap_or_default()));
                    }
                }
                let room = SENT_TOGETHER - notes.len();
                let n = w.others.len().min(room);
                notes.extend(w.others.drain(..n));
                if self.mute_changes.load(Ordering::SeqCst) {
                    notes.retain(|(c, _)| c != super::CHANGES);
                }
                if self.mute_checks.load(Ordering::SeqCst) {
                    notes.retain(|(c, _)| !c.starts_with(super::CHECKS));
                }
                let empty = w.changes.is_empty() && w.others.is_empty();
                let flushes = if empty {
                    std::mem::take(&mut w.flushes)
                } else {
                    Vec::new()
                };
                if !notes.is_empty() || !flushes.is_empty() {
                    return Some((notes, flushes));
                }
                if self.closed.load(Ordering::SeqCst) {
                    return None;
                }
            }
            wake.await;
        }
    }
}

/// The lines a note's JSON goes out in (see [`SEND`]).
#[derive(Serialize)]
struct Out<'a> {
    c: &'a str,
    p: &'a str,
}

/// Sends the queued notes until the queue is closed and empty. A batch whose send failed is
/// sent again on a new connection, and dropped after [`TRIES`] tries; `resync` follows the
/// next batch sent after notes were dropped.
pub(super) async fn send(source: Source, queue: std::sync::Arc<Queue>, pace: Pace, resync: Note) {
    let mut conn = None;
    while let Some((notes, flushes)) = queue.take().await {
        let mut tries = 0;
        while !notes.is_empty() {
            let c = match conn.as_mut() {
                Some(c) => c,
                None => match tokio::time::timeout(pace.send_wait, source.connect()).await {
                    Ok(Ok(c)) => conn.insert(c),
                    failed => {
                        let error = match failed {
                            Ok(Err(e)) => e.to_string(),
                            _ => "timed out".into(),
                        };
                        tracing::warn!(error, "the bus cannot send: trying again");
                        tokio::time::sleep(pace.retry).await;
                        if queue.closed.load(Ordering::SeqCst) {
                            tries += 1;
                            if tries >= TRIES {
                                tracing::warn!(notes = notes.len(), "stopping: notes not sent");
                                crate::metrics::get().bus_dropped.inc_by(notes.len() as u64);
                                queue.dropped(notes.iter().map(|(c, _)| c.as_str()));
                                break;
                            }
                        }
                        continue;
                    }
                },
            };
            let out: Vec<Out> = notes.iter().map(|(c, p)| Out { c, p }).collect();
            let json = serde_json::to_string(&out).unwrap_or_default();
            let sent = sqlx::query(SEND).bind(json).execute(&mut *c);
            let error = match tokio::time::timeout(pace.send_wait, sent).await {
                Ok(Ok(_)) => {
                    crate::metrics::get().bus_sent.inc_by(notes.len() as u64);
                    queue.sent(&resync);
                    break;
                }
                Ok(Err(e)) => e.to_string(),
                Err(_) => "timed out".into(),
            };
            conn = None;
            tries += 1;
            if tries >= TRIES {
                tracing::warn!(
                    error,
                    notes = notes.len(),
                    "the bus could not send these notes, {TRIES} times: dropped"
                );
                crate::metrics::get().bus_dropped.inc_by(notes.len() as u64);
                queue.dropped(notes.iter().map(|(c, _)| c.as_str()));
                break;
            }
            tracing::warn!(error, "the bus could not send: trying again");
            tokio::time::sleep(pace.retry).await;
        }
        for done in flushes {
            let _ = done.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(match_id: i64, version: i64, touched: bool) -> Changed {
        Changed {
            match_id,
            channel_id: 7,
            version,
            origin: "o".into(),
            touched,
        }
    }

    /// Only the newest note of a match waits; an older one that comes late changes nothing,
    /// and a touch at the same version is kept.
    #[tokio::test]
    async fn only_the_newest_note_of_a_match_waits() {
        let q = Queue::default();
        q.change(at(1, 3, false));
        q.change(at(1, 5, false));
        q.change(at(1, 4, false));
        q.change(at(2, 1, true));
        q.change(at(2, 1, false));
        q.other("gin_resync".into(), "{}".into());
        let (notes, _) = q.take().await.unwrap();
        let mut changes: Vec<Changed> = notes
            .iter()
            .filter(|(c, _)| c == CHANGES)
            .map(|(_, p)| serde_json::from_str(p).unwrap())
            .collect();
        changes.sort_by_key(|c| c.match_id);
        assert_eq!(changes, [at(1, 5, false), at(2, 1, true)]);
        assert_eq!(notes.len(), 3);
    }

    /// Past the bound a new match's note is dropped; a newer note of a waiting match is not.
    #[tokio::test]
    async fn the_queue_is_bounded() {
        let q = Queue::default();
        for id in 0..QUEUED_MOST as i64 + 5 {
            q.change(at(id, 1, false));
        }
        q.change(at(0, 2, false));
        let w = q.waiting.lock().unwrap();
        assert_eq!(w.changes.len(), QUEUED_MOST);
        assert_eq!(w.changes[&0].version, 2);
    }

    /// A flush is answered with the batch that empties the queue; a closed, empty queue ends.
    #[tokio::test]
    async fn a_flush_waits_for_what_was_queued_before() {
        let q = Queue::default();
        q.change(at(1, 1, false));
        let _flushed = q.flushed();
        let (notes, flushes) = q.take().await.unwrap();
        assert_eq!((notes.len(), flushes.len()), (1, 1));
        q.close();
        assert!(q.take().await.is_none());
    }

    /// A batch PostgreSQL always refuses is dropped after a few tries; the notes after it
    /// are sent (their flush answered). PostgreSQL only.
    #[tokio::test]
    async fn a_batch_that_always_fails_blocks_nothing() {
        if !crate::store::testing::on_postgres() {
            eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let url = crate::store::testing::fresh_database_url(dir.path(), "gin")
            .await
            .unwrap();
        let db = crate::store::Db::open(&url).await.unwrap();
        let queue = std::sync::Arc::new(Queue::default());
        let pace = Pace {
            retry: std::time::Duration::from_millis(10),
            ..Pace::default()
        };
        let mut listener = sqlx::postgres::PgListener::connect(&url).await.unwrap();
        listener.listen("gin_resync").await.unwrap();
        let resync = ("gin_resync".to_string(), "again".to_string());
        tokio::spawn(send(db.source.clone(), queue.clone(), pace, resync));
        // PostgreSQL refuses a note over 8,000 bytes (here news the others must hear).
        queue.other(super::super::SETTINGS.into(), "x".repeat(9000));
        let wait = std::time::Duration::from_secs(20);
        tokio::time::timeout(wait, queue.flushed())
            .await
            .expect("the failing batch given up")
            .unwrap();
        queue.change(at(1, 1, false));
        tokio::time::timeout(wait, queue.flushed())
            .await
            .expect("the next note sent")
            .unwrap();
        // The dropped batch is made good by a resync, sent after the first batch that went.
        let heard = tokio::time::timeout(wait, listener.recv()).await;
        assert_eq!(heard.expect("a resync").unwrap().payload(), "again");
    }

    /// A note dropped because the queue is full has a resync queued after the next send.
    #[tokio::test]
    async fn a_full_queue_is_made_good_by_a_resync() {
        let q = Queue::default();
        let resync: Note = ("gin_resync".into(), "again".into());
        q.sent(&resync);
        assert!(
            q.waiting.lock().unwrap().others.is_empty(),
            "nothing lost yet"
        );
        for id in 0..QUEUED_MOST as i64 + 1 {
            q.change(at(id, 1, false));
        }
        q.sent(&resync);
        assert_eq!(
            q.waiting.lock().unwrap().others,
            std::slice::from_ref(&resync)
        );
        q.sent(&resync);
        assert_eq!(q.waiting.lock().unwrap().others.len(), 1, "once per loss");
    }

    /// A backlog of changes leaves room in the first batch for the notes of other kinds.
    #[tokio::test]
    async fn other_notes_are_not_held_back_by_changes() {
        let q = Queue::default();
        for id in 0..SENT_TOGETHER as i64 * 2 {
            q.change(at(id, 1, false));
        }
        q.other("gin_check_x".into(), "1".into());
        let (notes, _) = q.take().await.unwrap();
        assert_eq!(notes.len(), SENT_TOGETHER);
        assert!(notes.iter().any(|(c, _)| c == "gin_check_x"));
    }

    /// Only a lost note the others must act on (a change, a start, settings, presence) has a
    /// resync follow; a lost self-check or relayed request does not.
    #[tokio::test]
    async fn only_lost_news_asks_for_a_resync() {
        let q = Queue::default();
        let resync: Note = ("gin_resync".into(), "again".into());
        let fill = |q: &Queue| {
            for n in 0..QUEUED_MOST {
                q.other(format!("{}{n}", super::super::ASKS), "x".into());
            }
        };
        fill(&q);
        q.other(format!("{}9", super::super::ANSWERS), "x".into());
        q.other("gin_check_x".into(), "1".into());
        q.waiting.lock().unwrap().others.clear();
        q.sent(&resync);
        assert!(q.waiting.lock().unwrap().others.is_empty(), "no resync");
        fill(&q);
        q.other(super::super::SETTINGS.into(), "5".into());
        q.waiting.lock().unwrap().others.clear();
        q.sent(&resync);
        assert_eq!(
            q.waiting.lock().unwrap().others,
            std::slice::from_ref(&resync)
        );
        q.waiting.lock().unwrap().others.clear();
        fill(&q);
        q.other(super::super::PRESENCE.into(), "700".into());
        q.waiting.lock().unwrap().others.clear();
        q.sent(&resync);
        assert_eq!(
            q.waiting.lock().unwrap().others,
            [resync],
            "a lost presence note"
        );
    }
}
