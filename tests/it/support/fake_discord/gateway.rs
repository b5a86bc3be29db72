//! The gateway half of the fake: plain `ws://`, Text frames, no compression. Hello on
//! connect; Identify gets READY (a new session, `s` from 1); heartbeats get op 11 and tell
//! which dispatches serenity has seen; Resume (op 6, sent by serenity before any Hello) gets
//! the dispatches it missed and then RESUMED. Dispatches sent while no session is live wait
//! and go out with the next READY or RESUMED.
//!
//! Each shard of [`super::FakeOptions::shards`] is a session of its own, as on Discord:
//! Identify names its shard (`[id, count]`, checked against the count), and a dispatch goes
//! to one shard only (a guild's events to shard `(guild_id >> 22) % count`).

use super::{payloads, GatewayStats, Shared};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

type Tx = UnboundedSender<Message>;

pub(crate) struct Gateway {
    st: Mutex<GwState>,
}

struct GwState {
    connections: u64,
    shards: Vec<Shard>,
}

/// One shard's session.
#[derive(Default)]
struct Shard {
    /// The connection that has a live session, and its writer.
    live: Option<(u64, Tx)>,
    session: u64,
    seq: u64,
    /// Dispatches of this session serenity has not confirmed by a heartbeat yet (for resumes).
    unacked: VecDeque<(u64, String)>,
    /// Dispatches waiting for a live session: (event name, `d` as JSON).
    backlog: VecDeque<(String, String)>,
    stats: GatewayStats,
}

fn frame(seq: u64, t: &str, d: &str) -> String {
    format!(r#"{{"op":0,"s":{seq},"t":"{t}","d":{d}}}"#)
}

fn close(code: u16, reason: &str) -> Message {
    Message::Close(Some(CloseFrame {
        code: CloseCode::from(code),
        reason: reason.to_string().into(),
    }))
}

fn session_id(shard: usize, n: u64) -> String {
    format!("fake-session-{shard}-{n}")
}

/// The shard a session id was given to.
fn shard_of_session(id: &str) -> Option<usize> {
    id.strip_prefix("fake-session-")?
        .split('-')
        .next()?
        .parse()
        .ok()
}

impl Shard {
    fn send(&mut self, t: &str, d: &str) {
        self.seq += 1;
        let f = frame(self.seq, t, d);
        if let Some((_, tx)) = &self.live {
            let _ = tx.send(Message::Text(f.clone()));
        }
        self.unacked.push_back((self.seq, f));
    }

    fn flush_backlog(&mut self) {
        while let Some((t, d)) = self.backlog.pop_front() {
            self.send(&t, &d);
        }
    }
}

impl Gateway {
    pub(crate) fn new(shards: u64) -> Gateway {
        let shards = (0..shards.max(1)).map(|_| Shard::default()).collect();
        Gateway {
            st: Mutex::new(GwState {
                connections: 0,
                shards,
            }),
        }
    }

    /// How many shards the fake runs.
    pub(crate) fn shard_count(&self) -> u64 {
        self.st.lock().unwrap().shards.len() as u64
    }

    /// Sends a dispatch on `shard` now, or with its next READY/RESUMED if no session is live.
    pub(crate) fn dispatch(&self, shard: usize, t: &str, d: String, validate: bool) {
        if validate {
            payloads::validate_dispatch(&frame(1, t, &d));
        }
        let mut st = self.st.lock().unwrap();
        let shard = &mut st.shards[shard];
        if shard.live.is_some() {
            shard.send(t, &d);
        } else {
            shard.backlog.push_back((t.to_string(), d));
        }
    }

    /// Closes every live connection with 4000 (resumable), as Discord does now and then.
    pub(crate) fn drop_connection(&self) -> bool {
        let mut st = self.st.lock().unwrap();
        let mut dropped = false;
        for shard in &mut st.shards {
            if let Some((_, tx)) = shard.live.take() {
                shard.stats.drops += 1;
                dropped |= tx
                    .send(close(4000, "fake Discord dropped the connection"))
                    .is_ok();
            }
        }
        dropped
    }

    /// All shards' counts added up; `connections` counts every connection, those that never
    /// named a shard too.
    pub(crate) fn stats(&self) -> GatewayStats {
        let st = self.st.lock().unwrap();
        let mut all = GatewayStats {
            connections: st.connections,
            ..GatewayStats::default()
        };
        for s in st.shards.iter().map(|s| &s.stats) {
            all.identifies += s.identifies;
            all.readies += s.readies;
            all.resumes += s.resumes;
            all.invalid_sessions += s.invalid_sessions;
            all.heartbeats += s.heartbeats;
            all.drops += s.drops;
            all.logoffs += s.logoffs;
        }
        all
    }

    /// One shard's counts (`connections`: the ones that identified or resumed on it).
    pub(crate) fn shard_stats(&self, shard: usize) -> GatewayStats {
        self.st.lock().unwrap().shards[shard].stats.clone()
    }

    fn connected(&self, tx: &Tx, heartbeat_ms: u64) -> u64 {
        let mut st = self.st.lock().unwrap();
        st.connections += 1;
        let hello = format!(r#"{{"op":10,"d":{{"heartbeat_interval":{heartbeat_ms}}}}}"#);
        let _ = tx.send(Message::Text(hello));
        st.connections
    }

    fn disconnected(&self, conn: u64, shard: Option<usize>) {
        let mut st = self.st.lock().unwrap();
        if let Some(shard) = shard.and_then(|s| st.shards.get_mut(s)) {
            if shard.live.as_ref().is_some_and(|(c, _)| *c == conn) {
                shard.live = None;
            }
        }
    }

    fn logged_off(&self, shard: Option<usize>) {
        let mut st = self.st.lock().unwrap();
        if let Some(shard) = shard.and_then(|s| st.shards.get_mut(s)) {
            shard.stats.logoffs += 1;
        }
    }

    fn heartbeat(&self, tx: &Tx, shard: Option<usize>, seen: Option<u64>) {
        let mut st = self.st.lock().unwrap();
        if let Some(shard) = shard.and_then(|s| st.shards.get_mut(s)) {
            shard.stats.heartbeats += 1;
            if let Some(seen) = seen {
                while shard.unacked.front().is_some_and(|(s, _)| *s <= seen) {
                    shard.unacked.pop_front();
                }
            }
        }
        let _ = tx.send(Message::Text(r#"{"op":11}"#.to_string()));
    }

    /// Starts a session on the shard Identify names; returns that shard.
    fn identify(&self, shared: &Shared, conn: u64, tx: &Tx, d: &Value) -> Option<usize> {
        let token = d["token"].as_str().unwrap_or_default();
        if token.trim_start_matches("Bot ") != shared.opts.token {
            let _ = tx.send(close(4004, "Authentication failed."));
            return None;
        }
        let mut st = self.st.lock().unwrap();
        let count = st.shards.len() as u64;
        let (id, of) = match (d["shard"][0].as_u64(), d["shard"][1].as_u64()) {
            (Some(id), Some(of)) => (id, of),
            _ if count == 1 => (0, 1),
            _ => {
                let _ = tx.send(close(4011, "Sharding required."));
                return None;
            }
        };
        if of != count || id >= of {
            let _ = tx.send(close(4010, "Invalid shard."));
            return None;
        }
        let index = id as usize;
        let shard = &mut st.shards[index];
        shard.session += 1;
        shard.seq = 0;
        shard.unacked.clear();
        shard.live = Some((conn, tx.clone()));
        shard.stats.identifies += 1;
        shard.stats.connections += 1;
        let session = session_id(index, shard.session);
        let ready = payloads::ready(&shared.opts, &shared.ws_url, &session, [id, of]);
        let ready = ready.to_string();
        payloads::validate_dispatch(&frame(1, "READY", &ready));
        shard.send("READY", &ready);
        shard.stats.readies += 1;
        shard.flush_backlog();
        Some(index)
    }

    /// Resumes the session named; returns its shard.
    fn resume(&self, conn: u64, tx: &Tx, d: &Value) -> Option<usize> {
        let mut st = self.st.lock().unwrap();
        let seen = d["seq"].as_u64().unwrap_or(0);
        let named = d["session_id"].as_str().unwrap_or_default();
        let index = shard_of_session(named).filter(|&s| s < st.shards.len());
        let valid = index.is_some_and(|i| {
            let session = st.shards[i].session;
            session != 0 && named == session_id(i, session)
        });
        let Some(index) = index.filter(|_| valid) else {
            st.shards[index.unwrap_or(0)].stats.invalid_sessions += 1;
            let _ = tx.send(Message::Text(r#"{"op":9,"d":false}"#.to_string()));
            return None;
        };
        let shard = &mut st.shards[index];
        shard.stats.resumes += 1;
        shard.stats.connections += 1;
        shard.live = Some((conn, tx.clone()));
        for (s, f) in &shard.unacked {
            if *s > seen {
                let _ = tx.send(Message::Text(f.clone()));
            }
        }
        shard.flush_backlog();
        shard.send("RESUMED", "{}");
        Some(index)
    }
}

pub(crate) async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    super::rest::accept_each(listener, move |sock| {
        tokio::spawn(connection(sock, shared.clone()));
    })
    .await
}

async fn connection(sock: TcpStream, shared: Arc<Shared>) {
    let _ = sock.set_nodelay(true);
    let Ok(ws) = tokio_tungstenite::accept_async(sock).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = unbounded_channel::<Message>();
    // One writer per connection, so frames go out in the order they were queued.
    let writer = tokio::spawn(async move {
        while let Some(m) = rx.recv().await {
            let closing = matches!(m, Message::Close(_));
            if sink.send(m).await.is_err() {
                // Past the bot's own close, tungstenite refuses to send one and has queued
                // its answer (echoing the code): flushing sends it, as Discord answers.
                if closing {
                    let _ = sink.close().await;
                }
                break;
            }
            if closing {
                break;
            }
        }
    });
    let gw = &shared.gateway;
    let conn = gw.connected(&tx, shared.opts.heartbeat_ms);
    // The shard this connection's session belongs to, once it identified or resumed.
    let mut shard = None;
    while let Some(Ok(msg)) = source.next().await {
        let text = match msg {
            Message::Text(t) => t,
            Message::Close(frame) => {
                if frame.as_ref().is_some_and(|f| u16::from(f.code) == 1000) {
                    gw.logged_off(shard);
                }
                // As Discord does: the close is answered with a close, then the socket ends.
                let _ = tx.send(Message::Close(frame));
                break;
            }
            _ => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        match v["op"].as_u64() {
            Some(1) => gw.heartbeat(&tx, shard, v["d"].as_u64()),
            Some(2) => shard = gw.identify(&shared, conn, &tx, &v["d"]),
            Some(6) => shard = gw.resume(conn, &tx, &v["d"]),
            _ => {} // presence updates, member requests: nothing to answer
        }
    }
    gw.disconnected(conn, shard);
    drop(tx);
    let _ = writer.await;
}
