//! The bus between processes that share one PostgreSQL database, each running some of the
//! shards: after a process commits a change of a match it says so on the bus, and every other
//! process hears it, so that what they show of that match follows. PostgreSQL's LISTEN/NOTIFY
//! carries it; SQLite, and a process running every shard, have no bus.
//!
//! A note is lost while a listener's connection is down: the feed then says [`Notice::Lost`]
//! (once it listens again), and whoever shows matches reads them again. So does a process that
//! hears another take the lease of its shards ([`Notice::Started`]): that one's predecessor may
//! have stopped between a commit and its note.

use super::{Backend, Db, Source, StoreError};
use serde::{Deserialize, Serialize};
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The channel of [`Changed`] notes.
const CHANGES: &str = "gin_change";

/// The channel of [`Started`] notes.
const STARTS: &str = "gin_resync";

/// PostgreSQL refuses a payload of 8,000 bytes or more; the bus sends none past this.
pub const PAYLOAD_MOST: usize = 7_900;
const _: () = assert!(PAYLOAD_MOST < 8_000);

/// The most notes sent in one statement.
const SENT_TOGETHER: usize = 256;

/// How long a lost connection waits before it is made again.
const RETRY: Duration = Duration::from_secs(1);

/// Notes heard but not yet taken up, before the listener waits for its reader.
const FEED_KEPT: usize = 4096;

/// Sends every queued note, one `pg_notify` each, in one round trip.
const SEND: &str =
    "SELECT pg_notify(x.c, x.p) FROM json_to_recordset($1::text::json) AS x(c text, p text)";

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
    /// The listener's connection was lost and is made again: notes may be missed meanwhile.
    Lost,
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
        _ => None,
    }
}

/// This process's end of the bus: the notes it sends. Cheap to clone; without a bus (SQLite,
/// or one process running every shard) every send is nothing.
#[derive(Clone, Debug, Default)]
pub struct Bus {
    inner: Option<Arc<Sending>>,
}

#[derive(Debug)]
struct Sending {
    queue: mpsc::UnboundedSender<(&'static str, String)>,
    origin: String,
}

impl Bus {
    /// This process's name on the bus, if it has one.
    pub fn origin(&self) -> Option<&str> {
        self.inner.as_ref().map(|s| s.origin.as_str())
    }

    /// Says that match `match_id` (in `channel_id`) is now at `version`: after its commit.
    pub fn changed(&self, match_id: i64, channel_id: u64, version: i64) {
        let Some(sending) = &self.inner else {
            return;
        };
        let note = Changed {
            match_id,
            channel_id,
            version,
            origin: sending.origin.clone(),
        };
        sending.send(CHANGES, &note);
    }

    /// Says that this process took the lease of `shards`: after it did.
    pub fn started(&self, shards: super::Shards) {
        if let Some(sending) = &self.inner {
            let note = Started {
                shards: shards.to_string(),
                origin: sending.origin.clone(),
            };
            sending.send(STARTS, &note);
        }
    }
}

impl Sending {
    fn send<T: Serialize>(&self, channel: &'static str, note: &T) {
        match payload(note) {
            Ok(p) => {
                let _ = self.queue.send((channel, p));
            }
            Err(e) => tracing::warn!(channel, error = %e, "not sent on the bus"),
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

/// The lines a note's JSON goes out in (see [`SEND`]).
#[derive(Serialize)]
struct Out<'a> {
    c: &'a str,
    p: &'a str,
}

impl Db {
    /// Whether this process shares its database with processes running other shards: on
    /// PostgreSQL with part of the shards (the only way several processes share one).
    pub fn shared(&self) -> bool {
        let s = self.shards;
        self.backend() == Backend::Postgres && !(s.first == 0 && s.last + 1 == s.total)
    }

    /// This handle with the bus joined, and what it hears: a thread of its own listens and
    /// sends. PostgreSQL only.
    pub async fn with_bus(mut self) -> Result<(Db, Feed), StoreError> {
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
        let (queue, queued) = mpsc::unbounded_channel();
        let (feed, fed) = mpsc::channel(FEED_KEPT);
        let (ready, listening) = oneshot::channel();
        let (source, name) = (self.source.clone(), format!("gin bus {origin}"));
        super::on_own_thread("gin-bus", move || async move {
            let url = source.url.clone();
            tokio::join!(listen(url, name, feed, ready), send(source, queued));
        })?;
        listening
            .await
            .map_err(|_| StoreError::Thread("the bus stopped as it started".into()))??;
        self.bus = Bus {
            inner: Some(Arc::new(Sending { queue, origin })),
        };
        Ok((self, Feed(fed)))
    }

    /// This process's end of the bus.
    pub fn bus(&self) -> &Bus {
        &self.bus
    }
}

/// A listener on the bus's channels, its connection named `name` (as `pg_stat_activity`
/// shows it).
async fn listener(url: &str, name: &str) -> Result<PgListener, StoreError> {
    let options = PgConnectOptions::from_str(url)?.application_name(name);
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .max_lifetime(None)
        .idle_timeout(None)
        .connect_with(options)
        .await?;
    let mut listener = PgListener::connect_with(&pool).await?;
    listener.ignore_pool_close_event(true);
    listener.listen_all([CHANGES, STARTS]).await?;
    Ok(listener)
}

/// Hears the bus into `feed` until nobody reads it; says [`Notice::Lost`] each time it
/// listens again after a lost connection. The first connection's outcome goes to `ready`.
async fn listen(
    url: String,
    name: String,
    feed: mpsc::Sender<Notice>,
    ready: oneshot::Sender<Result<(), StoreError>>,
) {
    let mut ready = Some(ready);
    loop {
        let made = tokio::select! {
            made = listener(&url, &name) => made,
            () = feed.closed() => return,
        };
        let mut listening = match (made, ready.take()) {
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
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        loop {
            let next = tokio::select! {
                next = listening.try_recv() => next,
                () = feed.closed() => return,
            };
            let notice = match next {
                Ok(Some(n)) => match heard(n.channel(), n.payload()) {
                    Some(notice) => notice,
                    None => {
                        tracing::warn!(channel = n.channel(), "an unreadable note on the bus");
                        continue;
                    }
                },
                // Listening again already.
                Ok(None) => Notice::Lost,
                Err(e) => {
                    tracing::warn!(error = %e, "the bus's listener failed: listening again");
                    break;
                }
            };
            if feed.send(notice).await.is_err() {
                return;
            }
        }
    }
}

/// Sends the queued notes, those queued together in one statement, until every [`Bus`] is
/// gone. A note whose send failed is sent again on a new connection.
async fn send(source: Source, mut queued: mpsc::UnboundedReceiver<(&'static str, String)>) {
    let mut conn = None;
    let mut notes = Vec::new();
    loop {
        if notes.is_empty() {
            match queued.recv().await {
                Some(note) => notes.push(note),
                None => return,
            }
        }
        while notes.len() < SENT_TOGETHER {
            match queued.try_recv() {
                Ok(note) => notes.push(note),
                Err(_) => break,
            }
        }
        let c = match conn.as_mut() {
            Some(c) => c,
            None => match source.connect().await {
                Ok(c) => conn.insert(c),
                Err(e) => {
                    tracing::warn!(error = %e, "the bus cannot send: trying again");
                    tokio::time::sleep(RETRY).await;
                    continue;
                }
            },
        };
        let out: Vec<Out> = notes.iter().map(|(c, p)| Out { c, p }).collect();
        let json = serde_json::to_string(&out).unwrap_or_default();
        match sqlx::query(SEND).bind(json).execute(&mut *c).await {
            Ok(_) => notes.clear(),
            Err(e) => {
                tracing::warn!(error = %e, "the bus could not send: trying again");
                conn = None;
                tokio::time::sleep(RETRY).await;
            }
        }
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
        bus.changed(1, 2, 3);
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
