//! Who has the card table open, per channel: the `presence` frames, and the name of someone
//! challenged from a page. In one process the list is in memory. Where processes share the
//! table (the shards split over processes on PostgreSQL, the bus joined), pages of one channel
//! may be served by different processes: each writes its sockets' rows (`table_presence`),
//! renews them, and says on the bus which channel changed; every process with sockets there,
//! its own included, reads that list once (a burst of notes gathered) and hands the frame to
//! them. The bound on one user's sockets is per process. A row's time is the
//! writing process's clock: the processes' clocks are assumed to agree within a few seconds,
//! well inside `presence_seconds`.

use super::wire::{Frame, User};
use crate::games::Games;
use crate::store::bus::Bus;
use crate::store::Present;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::time::Instant;

/// Sockets one user may have open at once in one process (a few tabs and devices).
const SOCKETS_PER_USER: usize = 8;

/// How many channels' news waits for a slow socket before it reads its list again.
const NEWS_KEPT: usize = 256;

/// How long the notes of a burst (pages opening together) are gathered before their channels'
/// lists are read, each once.
const GATHER: Duration = Duration::from_millis(100);

/// Each open socket: its id, the user, their name.
type Open = Vec<(u64, u64, String)>;

/// Who has the table open, per channel.
pub(super) struct Presence {
    /// The channels whose list changed.
    pub news: News,
    next: AtomicU64,
    /// Open sockets per user, in this process.
    per_user: Mutex<HashMap<u64, usize>>,
    lists: Lists,
}

/// Where the lists are kept.
enum Lists {
    /// In this process's memory: it serves every page of its channels.
    Local(Mutex<HashMap<u64, Open>>),
    /// In the database, shared with the other processes.
    Shared(Arc<Shared>),
}

/// A process's part of the shared lists.
struct Shared {
    games: Arc<Games>,
    /// How long a row holds unless renewed (seconds), and how often this process renews.
    holds: i64,
    renew_every: Duration,
    /// This process's open sockets and their channels.
    mine: Mutex<Mine>,
    /// Held to write a row; true once a clean stop took this process's rows off, so that a
    /// page finishing its hello after that writes none.
    stopping: tokio::sync::RwLock<bool>,
}

/// This process's open sockets, by id: what it renews, and writes again if they were purged
/// (it was away longer than a row holds); and the channels they are in.
#[derive(Default)]
struct Mine {
    sockets: HashMap<u64, Present>,
    channels: HashMap<u64, Channel>,
}

/// A channel with sockets in this process.
struct Channel {
    sockets: usize,
    /// Its list's frame as last read, handed to each of its sockets; `None`: to be read.
    frame: Option<String>,
}

impl Mine {
    fn add(&mut self, present: Present) {
        let channel = self.channels.entry(present.channel_id).or_insert(Channel {
            sockets: 0,
            frame: None,
        });
        channel.sockets += 1;
        self.sockets.insert(present.socket, present);
    }

    /// Takes socket `socket` off: false if it was not here.
    fn remove(&mut self, socket: u64) -> bool {
        let Some(present) = self.sockets.remove(&socket) else {
            return false;
        };
        if let Some(channel) = self.channels.get_mut(&present.channel_id) {
            channel.sockets -= 1;
            if channel.sockets == 0 {
                self.channels.remove(&present.channel_id);
            }
        }
        true
    }
}

/// The news that a channel's list changed (or a challenge there, which its pages may answer).
pub(super) struct News {
    local: broadcast::Sender<u64>,
    /// Where the table is shared: news goes on the bus, and comes back to this process's
    /// sockets as to every other's.
    bus: Option<Bus>,
}

impl News {
    /// This process's sockets' end: the channels whose list changed.
    pub fn subscribe(&self) -> broadcast::Receiver<u64> {
        self.local.subscribe()
    }

    /// Tells every page of `channel` that its list changed: false if nobody could be told.
    pub fn send(&self, channel: u64) -> bool {
        match &self.bus {
            Some(bus) => {
                bus.presence(channel);
                true
            }
            None => self.local.send(channel).is_ok(),
        }
    }
}

/// One open socket's place in the list: it leaves when dropped, however its task ends.
pub(super) struct Here<'a> {
    presence: &'a Presence,
    channel: u64,
    socket: u64,
}

impl Drop for Here<'_> {
    fn drop(&mut self) {
        self.presence.leave(self.channel, self.socket);
    }
}

/// One of a user's open sockets, counted while it lives.
pub(super) struct OpenSocket<'a> {
    presence: &'a Presence,
    user: u64,
}

impl Drop for OpenSocket<'_> {
    fn drop(&mut self) {
        let mut per_user = self.presence.per_user.lock().expect("presence lock");
        if let Some(n) = per_user.get_mut(&self.user) {
            *n -= 1;
            if *n == 0 {
                per_user.remove(&self.user);
            }
        }
    }
}

/// The renewals' task: it ends with the loop that started it.
struct Renewing(tokio::task::JoinHandle<()>);

impl Drop for Renewing {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Presence {
    /// The lists of a process serving every page of its channels.
    pub(super) fn local() -> Presence {
        Presence::with(Lists::Local(Mutex::default()), None)
    }

    /// The lists shared through the database and the bus of `games`, a row holding
    /// `holds_secs` unless renewed.
    pub(super) fn shared(games: Arc<Games>, holds_secs: u64) -> Presence {
        let bus = games.db.bus().clone();
        let holds_secs = holds_secs.clamp(1, i64::MAX as u64 / 1000);
        let shared = Shared {
            games,
            holds: holds_secs as i64,
            renew_every: Duration::from_secs(holds_secs) / 3,
            mine: Mutex::default(),
            stopping: tokio::sync::RwLock::new(false),
        };
        Presence::with(Lists::Shared(Arc::new(shared)), Some(bus))
    }

    fn with(lists: Lists, bus: Option<Bus>) -> Presence {
        Presence {
            news: News {
                local: broadcast::channel(NEWS_KEPT).0,
                bus,
            },
            next: AtomicU64::new(1),
            per_user: Mutex::default(),
            lists,
        }
    }

    /// Counts a socket of `user`; `None` if they have too many open.
    pub(super) fn open_socket(&self, user: u64) -> Option<OpenSocket<'_>> {
        let mut per_user = self.per_user.lock().expect("presence lock");
        let n = per_user.entry(user).or_default();
        if *n >= SOCKETS_PER_USER {
            return None;
        }
        *n += 1;
        Some(OpenSocket {
            presence: self,
            user,
        })
    }

    /// Lists a socket of `user` in `channel` (of server `guild`, 0: none) until it is dropped.
    /// Once a clean stop began, a shared list is left alone.
    pub(super) async fn join(&self, channel: u64, guild: u64, user: u64, name: &str) -> Here<'_> {
        let socket = self.next.fetch_add(1, Ordering::Relaxed);
        let here = Here {
            presence: self,
            channel,
            socket,
        };
        match &self.lists {
            Lists::Local(open) => {
                open.lock()
                    .expect("presence lock")
                    .entry(channel)
                    .or_default()
                    .push((socket, user, name.to_string()));
                let _ = self.news.send(channel);
            }
            Lists::Shared(shared) => {
                let stopping = shared.stopping.read().await;
                if *stopping {
                    return here;
                }
                let present = Present {
                    socket,
                    channel_id: channel,
                    guild_id: guild,
                    user_id: user,
                    name: name.to_string(),
                };
                shared
                    .mine
                    .lock()
                    .expect("presence lock")
                    .add(present.clone());
                let until = shared.games.now() + shared.holds;
                match shared.games.db.presence().join(&present, until).await {
                    Ok(()) => {
                        let _ = self.news.send(channel);
                    }
                    // The next renewal writes it.
                    Err(e) => tracing::warn!(error = %e, "web table: noting an open table"),
                }
            }
        }
        here
    }

    fn leave(&self, channel: u64, socket: u64) {
        match &self.lists {
            Lists::Local(open) => {
                let mut open = open.lock().expect("presence lock");
                if let Some(list) = open.get_mut(&channel) {
                    list.retain(|(s, _, _)| *s != socket);
                    if list.is_empty() {
                        open.remove(&channel);
                    }
                }
                drop(open);
                let _ = self.news.send(channel);
            }
            Lists::Shared(shared) => {
                if !shared.mine.lock().expect("presence lock").remove(socket) {
                    return;
                }
                let (db, bus) = (shared.games.db.clone(), shared.games.db.bus().clone());
                let Ok(runtime) = tokio::runtime::Handle::try_current() else {
                    return;
                };
                runtime.spawn(async move {
                    match db.presence().leave(socket).await {
                        Ok(_) => bus.presence(channel),
                        // The next renewal finds it without its socket and deletes it.
                        Err(e) => tracing::warn!(error = %e, "web table: noting a closed table"),
                    }
                });
            }
        }
    }

    /// The name of `user` if they have the table open in `channel`.
    pub(super) async fn name_of(&self, channel: u64, user: u64) -> Option<String> {
        match &self.lists {
            Lists::Local(open) => {
                let open = open.lock().expect("presence lock");
                let list = open.get(&channel)?;
                list.iter()
                    .find(|(_, u, _)| *u == user)
                    .map(|(_, _, n)| n.clone())
            }
            Lists::Shared(shared) => {
                let now = shared.games.now();
                let presence = shared.games.db.presence();
                presence
                    .name_of(channel, user, now)
                    .await
                    .map_err(|e| tracing::warn!(error = %e, "web table: reading who is here"))
                    .ok()
                    .flatten()
            }
        }
    }

    /// The presence frame of `channel`: each person once; `None` if the list could not be
    /// read (the next news reads it again). Where the lists are shared, the frame last read
    /// for this process's sockets there.
    pub(super) async fn frame(&self, channel: u64) -> Option<String> {
        match &self.lists {
            Lists::Local(open) => {
                let open = open.lock().expect("presence lock");
                let mut users: Vec<(u64, String)> = Vec::new();
                for (_, user, name) in open.get(&channel).into_iter().flatten() {
                    if !users.iter().any(|(u, _)| u == user) {
                        users.push((*user, name.clone()));
                    }
                }
                Some(frame_of(users))
            }
            Lists::Shared(shared) => {
                let kept = shared.kept(channel);
                match kept {
                    Some(frame) => Some(frame),
                    None => shared.read(channel, false).await,
                }
            }
        }
    }

    /// A clean stop: this process's sockets leave the shared lists at once, each channel
    /// told (they would run out unrenewed), and pages still saying hello are not listed. In
    /// one process, nothing.
    pub(super) async fn leave_all(&self) {
        let Lists::Shared(shared) = &self.lists else {
            return;
        };
        *shared.stopping.write().await = true;
        *shared.mine.lock().expect("presence lock") = Mine::default();
        match shared.games.db.presence().leave_all().await {
            Ok(channels) => channels
                .into_iter()
                .for_each(|c| shared.games.db.bus().presence(c)),
            Err(e) => tracing::warn!(error = %e, "web table: noting the tables closed"),
        }
    }

    /// Where the lists are shared: renews this process's rows in a task of its own, and
    /// passes the bus's news to its sockets, the list of each channel of theirs read once per
    /// burst of notes. Never ends; in one process, does nothing.
    pub(super) async fn keep(&self) {
        let Lists::Shared(shared) = &self.lists else {
            return std::future::pending().await;
        };
        let _renewing = Renewing(tokio::spawn(shared.clone().renewing()));
        let following = shared.games.following();
        let mut heard = following.presence_news();
        let mut resyncs = following.resyncs();
        let mut due: HashSet<u64> = HashSet::new();
        let mut read_at: Option<Instant> = None;
        loop {
            tokio::select! {
                channel = heard.recv() => match channel {
                    Ok(channel) => {
                        if shared.serves(channel) {
                            due.insert(channel);
                        }
                    }
                    Err(RecvError::Lagged(_)) => due.extend(shared.channels()),
                    Err(RecvError::Closed) => return std::future::pending().await,
                },
                // News may have been missed (the bus's listener was lost).
                missed = resyncs.changed() => {
                    if missed.is_err() {
                        return std::future::pending().await;
                    }
                    resyncs.concerns(0);
                    due.extend(shared.channels());
                }
                () = tokio::time::sleep_until(read_at.unwrap_or_else(Instant::now)),
                    if read_at.is_some() =>
                {
                    read_at = None;
                    for channel in std::mem::take(&mut due) {
                        if !shared.serves(channel) {
                            continue;
                        }
                        shared.read(channel, true).await;
                        let _ = self.news.local.send(channel);
                    }
                }
            }
            if !due.is_empty() && read_at.is_none() {
                read_at = Some(Instant::now() + GATHER);
            }
        }
    }
}

/// The presence frame listing `users`.
fn frame_of(users: Vec<(u64, String)>) -> String {
    let users = users
        .into_iter()
        .map(|(id, name)| User {
            id: id.to_string(),
            name,
        })
        .collect();
    Frame::Presence { users }.text()
}

impl Shared {
    /// Whether this process has a socket in `channel`.
    fn serves(&self, channel: u64) -> bool {
        let mine = self.mine.lock().expect("presence lock");
        mine.channels.contains_key(&channel)
    }

    /// The channels of this process's sockets.
    fn channels(&self) -> Vec<u64> {
        let mine = self.mine.lock().expect("presence lock");
        mine.channels.keys().copied().collect()
    }

    /// The frame last read for `channel`, if any.
    fn kept(&self, channel: u64) -> Option<String> {
        let mine = self.mine.lock().expect("presence lock");
        mine.channels.get(&channel)?.frame.clone()
    }

    /// Reads the list of `channel` and keeps its frame for this process's sockets there:
    /// `fresh`, after a note (it replaces what was kept); else for a socket finding none kept
    /// (one kept meanwhile, read after a later note, stays). On a failed read, none is kept:
    /// the next asker reads it.
    async fn read(&self, channel: u64, fresh: bool) -> Option<String> {
        let now = self.games.now();
        let read = self.games.db.presence().in_channel(channel, now).await;
        let frame = read
            .map(frame_of)
            .map_err(|e| tracing::warn!(error = %e, "web table: reading who is here"))
            .ok();
        let mut mine = self.mine.lock().expect("presence lock");
        if let Some(kept) = mine.channels.get_mut(&channel) {
            if fresh || kept.frame.is_none() {
                kept.frame = frame.clone();
            }
        }
        frame
    }

    /// Purges the rows that ran out (at once, then every third of a row's time) and renews
    /// this process's. Never ends.
    async fn renewing(self: Arc<Shared>) {
        let mut renewal = tokio::time::interval(self.renew_every);
        loop {
            renewal.tick().await;
            self.renew().await;
        }
    }

    /// Purges the rows that ran out or whose process is known dead, and renews this process's
    /// rows, mended where they are not its open sockets. Each channel whose list changed is
    /// told on the bus.
    async fn renew(&self) {
        let (now, presence, bus) = (
            self.games.now(),
            self.games.db.presence(),
            self.games.db.bus(),
        );
        match presence.purge(now).await {
            Ok(channels) => channels.into_iter().for_each(|c| bus.presence(c)),
            Err(e) => tracing::warn!(error = %e, "web table: purging who is here"),
        }
        let until = now + self.holds;
        let mended = match presence.renew(until).await {
            Ok(stored) => self.mend(stored.into_iter().collect(), until).await,
            Err(e) => Err(e),
        };
        if let Err(e) = mended {
            tracing::warn!(error = %e, "web table: renewing who is here");
        }
    }

    /// Makes this process's rows, `stored` (the sockets renewed), its open sockets again:
    /// those missing written (purged while it was away, or their join failed), those of
    /// sockets closed deleted (written as the socket closed, or their leave failed); each
    /// channel whose list changed told on the bus.
    async fn mend(&self, stored: HashSet<u64>, until: i64) -> Result<(), crate::store::StoreError> {
        let stopping = self.stopping.read().await;
        if *stopping {
            return Ok(());
        }
        let presence = self.games.db.presence();
        let missing: Vec<Present> = {
            let mine = self.mine.lock().expect("presence lock");
            let open = mine.sockets.values();
            open.filter(|p| !stored.contains(&p.socket))
                .cloned()
                .collect()
        };
        let mut changed = Vec::new();
        let mut written = Vec::new();
        for p in missing {
            presence.join(&p, until).await?;
            changed.push(p.channel_id);
            written.push(p.socket);
        }
        // Read after the joins: a socket closed meanwhile may have left before its join.
        let open: HashSet<u64> = {
            let mine = self.mine.lock().expect("presence lock");
            mine.sockets.keys().copied().collect()
        };
        for socket in stored.into_iter().chain(written) {
            if !open.contains(&socket) {
                changed.extend(presence.leave(socket).await?);
            }
        }
        changed.sort_unstable();
        changed.dedup();
        let bus = self.games.db.bus();
        changed.into_iter().for_each(|c| bus.presence(c));
        Ok(())
    }
}
