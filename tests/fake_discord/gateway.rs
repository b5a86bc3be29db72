//! The gateway half of the fake: plain `ws://`, Text frames, no compression. Hello on
//! connect; Identify gets READY (a new session, `s` from 1); heartbeats get op 11 and tell
//! which dispatches serenity has seen; Resume (op 6, sent by serenity before any Hello) gets
//! the dispatches it missed and then RESUMED. Dispatches sent while no session is live wait
//! and go out with the next READY or RESUMED.

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

#[derive(Default)]
pub(crate) struct Gateway {
    st: Mutex<GwState>,
}

#[derive(Default)]
struct GwState {
    connections: u64,
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

fn session_id(n: u64) -> String {
    format!("fake-session-{n}")
}

impl GwState {
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
    /// Sends a dispatch now, or with the next READY/RESUMED if no session is live.
    pub(crate) fn dispatch(&self, t: &str, d: String, validate: bool) {
        if validate {
            payloads::validate_dispatch(&frame(1, t, &d));
        }
        let mut st = self.st.lock().unwrap();
        if st.live.is_some() {
            st.send(t, &d);
        } else {
            st.backlog.push_back((t.to_string(), d));
        }
    }

    /// Closes the live connection with 4000 (resumable), as Discord does now and then.
    pub(crate) fn drop_connection(&self) -> bool {
        let mut st = self.st.lock().unwrap();
        match st.live.take() {
            Some((_, tx)) => {
                st.stats.drops += 1;
                tx.send(close(4000, "fake Discord dropped the connection"))
                    .is_ok()
            }
            None => false,
        }
    }

    pub(crate) fn stats(&self) -> GatewayStats {
        self.st.lock().unwrap().stats.clone()
    }

    fn connected(&self, tx: &Tx, heartbeat_ms: u64) -> u64 {
        let mut st = self.st.lock().unwrap();
        st.connections += 1;
        st.stats.connections += 1;
        let hello = format!(r#"{{"op":10,"d":{{"heartbeat_interval":{heartbeat_ms}}}}}"#);
        let _ = tx.send(Message::Text(hello));
        st.connections
    }

    fn disconnected(&self, conn: u64) {
        let mut st = self.st.lock().unwrap();
        if st.live.as_ref().is_some_and(|(c, _)| *c == conn) {
            st.live = None;
        }
    }

    fn heartbeat(&self, tx: &Tx, seen: Option<u64>) {
        let mut st = self.st.lock().unwrap();
        st.stats.heartbeats += 1;
        if let Some(seen) = seen {
            while st.unacked.front().is_some_and(|(s, _)| *s <= seen) {
                st.unacked.pop_front();
            }
        }
        let _ = tx.send(Message::Text(r#"{"op":11}"#.to_string()));
    }

    fn identify(&self, shared: &Shared, conn: u64, tx: &Tx, d: &Value) {
        let token = d["token"].as_str().unwrap_or_default();
        if token.trim_start_matches("Bot ") != shared.opts.token {
            let _ = tx.send(close(4004, "Authentication failed."));
            return;
        }
        let mut st = self.st.lock().unwrap();
        st.session += 1;
        st.seq = 0;
        st.unacked.clear();
        st.live = Some((conn, tx.clone()));
        st.stats.identifies += 1;
        let ready = payloads::ready(&shared.opts, &shared.ws_url, &session_id(st.session));
        let ready = ready.to_string();
        payloads::validate_dispatch(&frame(1, "READY", &ready));
        st.send("READY", &ready);
        st.stats.readies += 1;
        st.flush_backlog();
    }

    fn resume(&self, conn: u64, tx: &Tx, d: &Value) {
        let mut st = self.st.lock().unwrap();
        let seen = d["seq"].as_u64().unwrap_or(0);
        if st.session == 0 || d["session_id"].as_str() != Some(session_id(st.session).as_str()) {
            st.stats.invalid_sessions += 1;
            let _ = tx.send(Message::Text(r#"{"op":9,"d":false}"#.to_string()));
            return;
        }
        st.stats.resumes += 1;
        st.live = Some((conn, tx.clone()));
        for (s, f) in &st.unacked {
            if *s > seen {
                let _ = tx.send(Message::Text(f.clone()));
            }
        }
        st.flush_backlog();
        st.send("RESUMED", "{}");
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
            if sink.send(m).await.is_err() || closing {
                break;
            }
        }
    });
    let gw = &shared.gateway;
    let conn = gw.connected(&tx, shared.opts.heartbeat_ms);
    while let Some(Ok(msg)) = source.next().await {
        let text = match msg {
            Message::Text(t) => t,
            Message::Close(_) => break,
            _ => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        match v["op"].as_u64() {
            Some(1) => gw.heartbeat(&tx, v["d"].as_u64()),
            Some(2) => gw.identify(&shared, conn, &tx, &v["d"]),
            Some(6) => gw.resume(conn, &tx, &v["d"]),
            _ => {} // presence updates, member requests: nothing to answer
        }
    }
    gw.disconnected(conn);
    drop(tx);
    let _ = writer.await;
}
