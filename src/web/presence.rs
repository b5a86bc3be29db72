//! Who has the card table open, per channel: the `presence` frames, and the name of someone
//! challenged from a page. In one process the list is in memory. Where processes share the
//! table (the shards split over processes on PostgreSQL, the bus joined), pages of one channel
//! may be served by different processes: each writes its sockets' rows (`table_presence`),
//! renews them, and says on the bus which channel changed; every process's sockets there,
//! its own included, then read the list again. The bound on one user's sockets is per process.

use super::wire::{Frame, User};
use crate::games::Games;
use crate::store::bus::Bus;
use crate::store::Present;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast::{self, error::RecvError};

/// Sockets one user may have open at once in one process (a few tabs and devices).
const SOCKETS_PER_USER: usize = 8;

/// How many channels' news waits for a slow socket before it reads its list again.
const NEWS_KEPT: usize = 256;

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
    Shared(Shared),
}

/// A process's part of the shared lists.
struct Shared {
    games: Arc<Games>,
    /// How long a row holds unless renewed (seconds), and how often this process renews.
    holds: i64,
    renew_every: Duration,
    /// This process's open sockets, by id: what it renews, and writes again if they were
    /// purged (it was away longer than a row holds).
    mine: Mutex<HashMap<u64, Present>>,
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

impl Presence {
    /// The lists of a process serving every page of its channels.
    pub(super) fn local() -> Presence {
        Presence::with(Lists::Local(Mutex::default()), None)
    }

    /// The lists shared through the database and the bus of `games`, a row holding
    /// `holds_secs` unless renewed.
    pub(super) fn shared(games: Arc<Games>, holds_secs: u64) -> Presence {
        let bus = games.db.bus().clone();
        let shared = Shared {
            games,
            holds: holds_secs.max(1) as i64,
            renew_every: Duration::from_millis(holds_secs.max(1) * 1000 / 3),
            mine: Mutex::default(),
        };
        Presence::with(Lists::Shared(shared), Some(bus))
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
                    .insert(socket, present.clone());
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
                shared.mine.lock().expect("presence lock").remove(&socket);
                let (db, bus) = (shared.games.db.clone(), shared.games.db.bus().clone());
                let Ok(runtime) = tokio::runtime::Handle::try_current() else {
                    return;
                };
                runtime.spawn(async move {
                    match db.presence().leave(socket).await {
                        Ok(_) => bus.presence(channel),
                        // Its row runs out unrenewed.
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
    /// read (the next news reads it again).
    pub(super) async fn frame(&self, channel: u64) -> Option<String> {
        let users: Vec<(u64, String)> = match &self.lists {
            Lists::Local(open) => {
                let open = open.lock().expect("presence lock");
                let mut users: Vec<(u64, String)> = Vec::new();
                for (_, user, name) in open.get(&channel).into_iter().flatten() {
                    if !users.iter().any(|(u, _)| u == user) {
                        users.push((*user, name.clone()));
                    }
                }
                users
            }
            Lists::Shared(shared) => {
                let now = shared.games.now();
                match shared.games.db.presence().in_channel(channel, now).await {
                    Ok(users) => users,
                    Err(e) => {
                        tracing::warn!(error = %e, "web table: reading who is here");
                        return None;
                    }
                }
            }
        };
        let users = users
            .into_iter()
            .map(|(id, name)| User {
                id: id.to_string(),
                name,
            })
            .collect();
        Some(Frame::Presence { users }.text())
    }

    /// A clean stop: this process's sockets leave the shared lists at once, each channel
    /// told (they would run out unrenewed). In one process, nothing.
    pub(super) async fn leave_all(&self) {
        let Lists::Shared(shared) = &self.lists else {
            return;
        };
        shared.mine.lock().expect("presence lock").clear();
        match shared.games.db.presence().leave_all().await {
            Ok(channels) => channels
                .into_iter()
                .for_each(|c| shared.games.db.bus().presence(c)),
            Err(e) => tracing::warn!(error = %e, "web table: noting the tables closed"),
        }
    }

    /// Where the lists are shared: purges the rows that ran out (at once, then at every
    /// renewal), renews this process's, and passes the bus's news on to its sockets. Never
    /// ends; in one process, does nothing.
    pub(super) async fn keep(&self) {
        let Lists::Shared(shared) = &self.lists else {
            return std::future::pending().await;
        };
        let following = shared.games.following();
        let mut heard = following.presence_news();
        let mut resyncs = following.resyncs();
        let mut renewal = tokio::time::interval(shared.renew_every);
        loop {
            tokio::select! {
                channel = heard.recv() => match channel {
                    Ok(channel) => {
                        let _ = self.news.local.send(channel);
                    }
                    Err(RecvError::Lagged(_)) => shared.tell_mine(&self.news.local),
                    Err(RecvError::Closed) => return std::future::pending().await,
                },
                // News may have been missed (the bus's listener was lost).
                missed = resyncs.changed() => {
                    if missed.is_err() {
                        return std::future::pending().await;
                    }
                    resyncs.concerns(0);
                    shared.tell_mine(&self.news.local);
                }
                _ = renewal.tick() => shared.renew().await,
            }
        }
    }
}

impl Shared {
    /// Tells this process's sockets to read their lists again.
    fn tell_mine(&self, local: &broadcast::Sender<u64>) {
        let mine = channels(self.mine.lock().expect("presence lock").values());
        for channel in mine {
            let _ = local.send(channel);
        }
    }

    /// Purges the rows that ran out or whose process is known dead, and renews this process's
    /// rows, mended if they are out of step with its sockets. Each channel whose list changed
    /// is told on the bus.
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
        let open = self.mine.lock().expect("presence lock").len();
        match presence.renew(until).await {
            Ok(n) if n as usize == open => {}
            // Out of step: rows purged while this process was away, or one written as its
            // socket closed (its leave ran first).
            Ok(_) => {
                if let Err(e) = self.mend(until).await {
                    tracing::warn!(error = %e, "web table: noting who is here");
                }
            }
            Err(e) => tracing::warn!(error = %e, "web table: renewing who is here"),
        }
    }

    /// Makes this process's rows its open sockets again: those missing written, those of
    /// sockets closed deleted; each channel whose list changed told on the bus.
    async fn mend(&self, until: i64) -> Result<(), crate::store::StoreError> {
        let presence = self.games.db.presence();
        let stored: HashSet<u64> = presence.sockets().await?.into_iter().collect();
        let mine: Vec<Present> = self
            .mine
            .lock()
            .expect("presence lock")
            .values()
            .cloned()
            .collect();
        let mut changed = Vec::new();
        let mut written = Vec::new();
        for p in mine.iter().filter(|p| !stored.contains(&p.socket)) {
            presence.join(p, until).await?;
            changed.push(p.channel_id);
            written.push(p.socket);
        }
        // Read after the joins: a socket closed meanwhile may have left before its join.
        let open: HashSet<u64> = self
            .mine
            .lock()
            .expect("presence lock")
            .keys()
            .copied()
            .collect();
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

/// The channels of `present`, each once.
fn channels<'a>(present: impl IntoIterator<Item = &'a Present>) -> Vec<u64> {
    let mut channels: Vec<u64> = present.into_iter().map(|p| p.channel_id).collect();
    channels.sort_unstable();
    channels.dedup();
    channels
}
