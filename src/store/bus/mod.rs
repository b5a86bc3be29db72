//! The bus between processes that share one PostgreSQL database, each running some of the
//! shards: after a process commits a change of a match it says so on the bus, and every other
//! process hears it, so that what they show of that match follows. PostgreSQL's LISTEN/NOTIFY
//! carries it; SQLite, and a process running every shard, have no bus.
//!
//! A note is lost while a listener's connection is down: the feed then says [`Notice::Lost`]
//! (once it listens again), and whoever shows matches reads them again. So does a process that
//! hears another take the lease of its shards ([`Notice::Started`]): that one's predecessor may
//! have stopped between a commit and its note.
//!
//! The same bus tells who has the card table open: a process whose socket opened or closed in
//! a channel says so ([`Notice::Presence`], the channel alone), and every process's pages there
//! read the list again (`table_presence`).
//!
//! A server's settings changed by one process ([`Notice::Settings`]) are read again by the
//! others: their pages count down to that server's clocks too.
//!
//! The bus also carries the card table's requests between processes (`crate::web`'s relay):
//! a page's request for a server this process does not own goes on the channel of that
//! server's shard, which its owner listens on, and the answer comes back on the asking
//! process's own channel. The bus only carries them ([`Relayed`]); it reads none.

mod listen;
mod send;

use crate::store::{Backend, Db, Shards, StoreError};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};

/// The channel of [`Changed`] notes.
const CHANGES: &str = "gin_change";

/// The channel of [`Started`] notes.
const STARTS: &str = "gin_resync";

/// The channel of presence notes: who has the card table open in a channel changed. The
/// payload is the channel's id, nothing else.
const PRESENCE: &str = "gin_presence";
/// The channel of settings changes: the server's id.
const SETTINGS: &str = "gin_settings";

/// The start of each process's own channel, which its self-checks go to (its origin follows).
const CHECKS: &str = "gin_check_";

/// The start of a shard's channel of requests (`gin_ask_<total>_<shard>`): its owner listens.
const ASKS: &str = "gin_ask_";

/// The start of each process's own channel of answers (its origin follows).
pub const ANSWERS: &str = "gin_answer_";

/// PostgreSQL refuses a payload of 8,000 bytes or more; the bus sends none past this.
pub const PAYLOAD_MOST: usize = 7_900;
const _: () = assert!(PAYLOAD_MOST < 8_000);

/// Notes heard but not yet taken up, before the listener waits for its reader.
const FEED_KEPT: usize = 4096;

/// The bus's periods: how often the listener checks itself, how long it waits for its check
/// and a send for its answer, and the first wait before a connection is made again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    pub check_every: Duration,
    pub check_wait: Duration,
    pub send_wait: Duration,
    pub retry: Duration,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace {
            check_every: Duration::from_secs(30),
            check_wait: Duration::from_secs(5),
            send_wait: Duration::from_secs(10),
            retry: Duration::from_secs(1),
        }
    }
}

/// A match's change, committed by the process `origin`: its channel and its new version.
/// Nothing of the players' cards: only that the match changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Changed {
    #[serde(rename = "m")]
    pub match_id: i64,
    #[serde(rename = "c")]
    pub channel_id: u64,
    #[serde(rename = "v")]
    pub version: i64,
    /// The sending process (see [`Bus::origin`]): a process skips its own notes.
    #[serde(rename = "o")]
    pub origin: String,
    /// What the match shows changed without a new version (a deadline moved): a view of it
    /// at this version is read again.
    #[serde(rename = "t", default, skip_serializing_if = "std::ops::Not::not")]
    pub touched: bool,
}

/// A process took the lease of its shards, `shards` (`0-0/2`), and runs them from now on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Started {
    #[serde(rename = "s")]
    pub shards: String,
    #[serde(rename = "o")]
    pub origin: String,
}

/// What the bus tells a listening process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A process committed a change of a match.
    Changed(Changed),
    /// A process took over shards: what it shows may be newer than any note said.
    Started(Started),
    /// A process's sockets in this channel opened or closed (or their rows were purged): who
    /// has the card table open there is to be read again.
    Presence(u64),
    /// A process stored new settings of this server (its id).
    Settings(u64),
    /// The listener's connection was lost and is made again: notes may be missed meanwhile.
    Lost,
}

/// A request or an answer between the card tables of two processes, as its payload: the
/// relay reads it (see the module's note).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relayed {
    /// A request for a server of this process's shards.
    Ask(String),
    /// The answer to a request this process made.
    Answer(String),
}

/// How many requests and answers wait for the relay before more are dropped (each one
/// dropped is answered by its asker's timeout).
const RELAYED_KEPT: usize = 1024;

/// The channel of requests for shard `shard` of `total`.
pub fn ask_channel(total: u32, shard: u32) -> String {
    format!("{ASKS}{total}_{shard}")
}

/// A note too long for PostgreSQL's NOTIFY.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("a bus note of {0} bytes is over the {PAYLOAD_MOST} a note may have")]
pub struct TooLong(pub usize);

/// `note` as a payload: JSON, under [`PAYLOAD_MOST`] bytes.
pub(crate) fn payload<T: Serialize>(note: &T) -> Result<String, TooLong> {
    let text = serde_json::to_string(note).unwrap_or_default();
    if text.len() > PAYLOAD_MOST {
        return Err(TooLong(text.len()));
    }
    Ok(text)
}

/// A note heard on `channel`, if it is one the bus sends.
fn heard(channel: &str, payload: &str) -> Option<Notice> {
    match channel {
        CHANGES => serde_json::from_str(payload).ok().map(Notice::Changed),
        STARTS => serde_json::from_str(payload).ok().map(Notice::Started),
        PRESENCE => payload.parse().ok().map(Notice::Presence),
        SETTINGS => payload.parse().ok().map(Notice::Settings),
        _ => None,
    }
}

/// This process's end of the bus: the notes it sends. Cheap to clone; without a bus (SQLite,
/// or one process running every shard) every send is nothing.
#[derive(Clone, Debug, Default)]
pub struct Bus {
    inner: Option<Arc<Sending>>,
}

struct Sending {
    queue: Arc<send::Queue>,
    origin: String,
    /// Whether the listener is connected and hears its own checks (see [`Bus::listening`]);
    /// `None` without a listener.
    hearing: Option<Arc<AtomicBool>>,
    /// The requests and answers heard, until the relay takes them (none without a listener).
    relayed: std::sync::Mutex<Option<mpsc::Receiver<Relayed>>>,
    /// Ends when the bus's thread does.
    alive: watch::Receiver<()>,
}

impl std::fmt::Debug for Sending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sending")
            .field("origin", &self.origin)
            .finish()
    }
}

impl Drop for Sending {
    fn drop(&mut self) {
        self.queue.close();
    }
}

impl Bus {
    /// This process's name on the bus, if it has one.
    pub fn origin(&self) -> Option<&str> {
        self.inner.as_ref().map(|s| s.origin.as_str())
    }

    /// Says that match `match_id` (in `channel_id`) is now at `version`: after its commit.
    pub fn changed(&self, match_id: i64, channel_id: u64, version: i64) {
        self.note(match_id, channel_id, version, false);
    }

    /// Says that what match `match_id` shows changed, its version not (a deadline moved).
    pub fn touched(&self, match_id: i64, channel_id: u64, version: i64) {
        self.note(match_id, channel_id, version, true);
    }

    fn note(&self, match_id: i64, channel_id: u64, version: i64, touched: bool) {
        if let Some(sending) = &self.inner {
            sending.queue.change(Changed {
                match_id,
                channel_id,
                version,
                origin: sending.origin.clone(),
                touched,
            });
        }
    }

    /// Says that this process took the lease of `shards`: after it did, and after it moved
    /// their clocks on (the other processes read its matches again).
    pub fn started(&self, shards: super::Shards) {
        if let Some(sending) = &self.inner {
            let note = Started {
                shards: shards.to_string(),
                origin: sending.origin.clone(),
            };
            match payload(&note) {
                Ok(p) => sending.queue.other(STARTS.into(), p),
                Err(e) => tracing::warn!(error = %e, "not sent on the bus"),
            }
        }
    }

    /// Says that who has the card table open in `channel` changed: after the rows are
    /// written. Every process hears it, this one too.
    pub fn presence(&self, channel: u64) {
        if let Some(sending) = &self.inner {
            sending.queue.other(PRESENCE.into(), channel.to_string());
        }
    }

    /// Says that the settings of server `guild` changed: after they are stored.
    pub fn settings_changed(&self, guild: u64) {
        if let Some(sending) = &self.inner {
            sending.queue.other(SETTINGS.into(), guild.to_string());
        }
    }

    /// Whether this process hears the others: its listener is connected, and its last
    /// self-check came back. `None` without a bus, or one that does not listen.
    pub fn listening(&self) -> Option<bool> {
        self.inner
            .as_ref()?
            .hearing
            .as_ref()
            .map(|h| h.load(Ordering::SeqCst))
    }

    /// This process's channel of answers, if it has a bus.
    pub fn answers(&self) -> Option<String> {
        self.origin().map(|o| format!("{ANSWERS}{o}"))
    }

    /// Sends a request or an answer of the relay, `payload` on `channel`: false if there is
    /// no bus or the payload is too long.
    pub fn relay(&self, channel: String, payload: String) -> bool {
        match &self.inner {
            Some(sending) if payload.len() <= PAYLOAD_MOST => {
                sending.queue.other(channel, payload);
                true
            }
            _ => false,
        }
    }

    /// The requests and answers this process hears, once: for its relay. `None` without a
    /// listener, or when taken already.
    pub fn relayed(&self) -> Option<mpsc::Receiver<Relayed>> {
        let sending = self.inner.as_ref()?;
        sending.relayed.lock().expect("relay feed lock").take()
    }

    /// Waits until every note said so far is sent, at most `wait`; false if not all were.
    /// For a clean stop: what is still queued when the process ends is lost.
    pub async fn flush(&self, wait: Duration) -> bool {
        let Some(sending) = &self.inner else {
            return true;
        };
        let flushed = sending.queue.flushed();
        matches!(tokio::time::timeout(wait, flushed).await, Ok(Ok(())))
    }

    /// Resolves when the bus's thread has ended (it panicked, say): nothing is sent or heard
    /// any more. Never, without a bus.
    pub async fn stopped(&self) {
        match &self.inner {
            Some(sending) => {
                let mut alive = sending.alive.clone();
                while alive.changed().await.is_ok() {}
            }
            None => std::future::pending().await,
        }
    }

    /// Tests only: this process's self-checks are no longer sent (or, `false`, sent again),
    /// as if its listener's connection carried nothing.
    #[doc(hidden)]
    pub fn mute_checks(&self, muted: bool) {
        if let Some(sending) = &self.inner {
            sending
                .queue
                .mute_checks
                .store(muted, std::sync::atomic::Ordering::SeqCst);
        }
    }

    /// Tests only: this process's change notes are no longer sent (or, `false`, sent again),
    /// as if it died after each commit, before its note.
    #[doc(hidden)]
    pub fn mute_changes(&self, muted: bool) {
        if let Some(sending) = &self.inner {
            sending
                .queue
                .mute_changes
                .store(muted, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

/// What this process hears on the bus, in order.
pub struct Feed(mpsc::Receiver<Notice>);

impl Feed {
    /// The next notice; `None` once the bus has stopped.
    pub async fn next(&mut self) -> Option<Notice> {
        self.0.recv().await
    }
}

impl Db {
    /// Whether this process shares its database with processes running other shards: on
    /// PostgreSQL with part of the shards (the only way several processes share one).
    pub fn shared(&self) -> bool {
        let s = self.shards;
        self.backend() == Backend::Postgres && !(s.first == 0 && s.last + 1 == s.total)
    }

    /// The shards (of this process's total) whose bus listeners are connected to this
    /// database: a listener's connection is named after its shards, and one that died is gone
    /// from the server's list at once. Another deployment on the same server does not count.
    pub async fn listening_shards(&self) -> Result<Vec<Shards>, StoreError> {
        let names: Vec<String> = sqlx::query_scalar(
            "SELECT application_name FROM pg_stat_activity \
             WHERE application_name LIKE 'gin %' AND datname = current_database()",
        )
        .fetch_all(self.pool())
        .await?;
        let total = self.shards.total;
        Ok(names
            .iter()
            .filter_map(|n| n.split(' ').nth(1).and_then(|s| s.parse::<Shards>().ok()))
            .filter(|s| s.total == total)
            .collect())
    }

    /// This handle with the bus joined, and what it hears: a thread of its own listens and
    /// sends. PostgreSQL only.
    pub async fn with_bus(self) -> Result<(Db, Feed), StoreError> {
        self.with_bus_paced(Pace::default()).await
    }

    /// [`Db::with_bus`] at another pace (tests: shorter periods).
    pub async fn with_bus_paced(self, pace: Pace) -> Result<(Db, Feed), StoreError> {
        let (db, feed) = self.joined(pace, true).await?;
        Ok((db, feed.expect("a listening bus has a feed")))
    }

    /// This handle with the sending half of the bus only: its changes reach the processes
    /// that listen (their card tables), and it hears nothing. PostgreSQL only.
    pub async fn with_bus_sending(self) -> Result<Db, StoreError> {
        Ok(self.joined(Pace::default(), false).await?.0)
    }

    async fn joined(mut self, pace: Pace, listens: bool) -> Result<(Db, Option<Feed>), StoreError> {
        if self.backend() != Backend::Postgres {
            return Err(StoreError::Sql(sqlx::Error::Configuration(
                "the bus between processes needs PostgreSQL".into(),
            )));
        }
        let origin = self
            .lease
            .holder
            .rsplit(':')
            .next()
            .unwrap_or("")
            .to_string();
        let queue = Arc::new(send::Queue::default());
        let (alive, alive_seen) = watch::channel(());
        // Told to the others whenever notes of this process's matches were lost.
        let resync = Started {
            shards: self.shards.to_string(),
            origin: origin.clone(),
        };
        let resync = (STARTS.to_string(), payload(&resync).unwrap_or_default());
        let (source, sent) = (self.source.clone(), queue.clone());
        let (mut feed, mut relayed) = (None, None);
        let hearing = listens.then(|| Arc::new(AtomicBool::new(false)));
        if let Some(hearing) = hearing.clone() {
            let (heard, fed) = mpsc::channel(FEED_KEPT);
            let (relay, relay_fed) = mpsc::channel(RELAYED_KEPT);
            let (ready, listening) = oneshot::channel();
            let s = self.shards;
            let ear = listen::Ear {
                url: self.source.url.clone(),
                name: format!("gin {s} {origin}"),
                checks: format!("{CHECKS}{origin}"),
                asks: (s.first..=s.last)
                    .map(|n| ask_channel(s.total, n))
                    .collect(),
                answers: format!("{ANSWERS}{origin}"),
                relay,
                queue: Arc::downgrade(&queue),
                pace,
                hearing,
            };
            super::on_own_thread("gin-bus", move || async move {
                let _alive = alive;
                // Either half alone is no bus: the thread ends with the first (see
                // `Bus::stopped`).
                tokio::select! {
                    () = listen::listen(ear, heard, ready) => {}
                    () = send::send(source, sent, pace, resync) => {}
                }
            })?;
            listening
                .await
                .map_err(|_| StoreError::Thread("the bus stopped as it started".into()))??;
            (feed, relayed) = (Some(Feed(fed)), Some(relay_fed));
        } else {
            super::on_own_thread("gin-bus", move || async move {
                let _alive = alive;
                send::send(source, sent, pace, resync).await;
            })?;
        }
        self.bus = Bus {
            inner: Some(Arc::new(Sending {
                queue,
                origin,
                hearing,
                relayed: std::sync::Mutex::new(relayed),
                alive: alive_seen,
            })),
        };
        Ok((self, feed))
    }

    /// This process's end of the bus.
    pub fn bus(&self) -> &Bus {
        &self.bus
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change() -> Changed {
        Changed {
            match_id: 12,
            channel_id: 700,
            version: 8,
            origin: "9f3a1c2e".into(),
            touched: false,
        }
    }

    /// A change goes out as short JSON with the match, its channel, its version and its
    /// sender, and is heard back as the same change.
    #[test]
    fn a_change_is_a_short_note_heard_back_as_sent() {
        let p = payload(&change()).unwrap();
        assert_eq!(p, r#"{"m":12,"c":700,"v":8,"o":"9f3a1c2e"}"#);
        assert_eq!(heard(CHANGES, &p), Some(Notice::Changed(change())));
        let big = Changed {
            channel_id: u64::MAX,
            ..change()
        };
        let p = payload(&big).unwrap();
        assert_eq!(heard(CHANGES, &p), Some(Notice::Changed(big)));
    }

    /// A note of more than PostgreSQL takes is refused before it is sent; one just under the
    /// bound goes.
    #[test]
    fn a_note_over_the_bound_is_refused() {
        // A JSON string's two quotes around the text.
        let fits = "x".repeat(PAYLOAD_MOST - 2);
        assert_eq!(payload(&fits).unwrap().len(), PAYLOAD_MOST);
        let over = "x".repeat(PAYLOAD_MOST - 1);
        assert_eq!(payload(&over), Err(TooLong(PAYLOAD_MOST + 1)));
    }

    /// A start goes out with the range and its sender, and is heard back as sent.
    #[test]
    fn a_start_is_heard_back_as_sent() {
        let started = Started {
            shards: "0-0/2".into(),
            origin: "9f3a1c2e".into(),
        };
        let p = payload(&started).unwrap();
        assert_eq!(p, r#"{"s":"0-0/2","o":"9f3a1c2e"}"#);
        assert_eq!(heard(STARTS, &p), Some(Notice::Started(started)));
        assert_eq!(heard(CHANGES, &p), None);
    }

    /// A presence note is the channel alone, heard back as sent.
    #[test]
    fn a_presence_note_is_the_channel_alone() {
        assert_eq!(heard(PRESENCE, "700"), Some(Notice::Presence(700)));
        let max = u64::MAX.to_string();
        assert_eq!(heard(PRESENCE, &max), Some(Notice::Presence(u64::MAX)));
        assert_eq!(heard(PRESENCE, "{\"c\":700}"), None);
        assert_eq!(heard(PRESENCE, "-1"), None);
    }

    /// A settings change is the server's id, heard back as sent.
    #[test]
    fn a_settings_change_is_the_servers_id() {
        assert_eq!(heard(SETTINGS, "600"), Some(Notice::Settings(600)));
        assert_eq!(heard(SETTINGS, "-1"), None);
        assert_eq!(heard(SETTINGS, "{\"g\":600}"), None);
    }

    /// Notes of other channels, and payloads that are not a change, are not taken for one.
    #[test]
    fn unknown_or_broken_notes_are_not_heard() {
        let p = payload(&change()).unwrap();
        assert_eq!(heard("gin_other", &p), None);
        assert_eq!(heard(CHANGES, "{\"m\":12}"), None);
        assert_eq!(heard(CHANGES, "not json"), None);
    }

    /// Without a bus a change is sent nowhere, and nothing fails.
    #[test]
    fn without_a_bus_nothing_is_sent() {
        let bus = Bus::default();
        assert_eq!(bus.origin(), None);
        assert_eq!(bus.listening(), None);
        bus.changed(1, 2, 3);
        bus.settings_changed(600);
    }

    /// Only PostgreSQL with part of the shards shares its database.
    #[tokio::test]
    async fn sqlite_never_shares() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("b.db").display());
        let db = Db::open(&url).await.unwrap();
        let split = db.clone().owning("1-1/2".parse().unwrap());
        assert!(!split.shared());
        assert!(split.with_bus().await.is_err());
    }
}
