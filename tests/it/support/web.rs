//! A browser's side of the web table without a browser: the sign-in (`/api/token`, whose
//! code the fake Discord's OAuth2 side trades) and the socket, frame by frame. The tests of
//! the protocol use it; the browser tests (`browser`) play the same through the page.

pub use super::browser::sensible_move;
pub use super::endpoint::free_port;
use super::fake_discord::{FakeDiscord, User};
use crate::games::HandCards;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

/// The application's client secret in these tests.
pub const SECRET: &str = "test-client-secret";

/// A bot in this process with the web table on a port of its own, and an Activity instance
/// `instance` in the fake's channel that `users` have joined. The AI moves without a pause.
pub async fn bot_with_table(seed: u32, instance: &str, users: &[u64]) -> (super::wire::Bot, u16) {
    let port = free_port();
    let app = super::fake_discord::FakeOptions::default().app_id;
    let bot = super::wire::Bot::start_configured(seed, |c| {
        configure(c, app, port);
        c.timeouts.ai_delay_ms = 0;
    })
    .await;
    bot.fake.oauth_secret(SECRET);
    let channel = bot.fake.channel_id();
    bot.fake.activity_instance(instance, channel, users);
    (bot, port)
}

/// The web table's configuration for a bot of `fake` listening on `port`; the page's
/// origin is the table's own address (Discord's proxy in production).
pub fn configure(config: &mut gin::config::Config, fake_app: u64, port: u16) {
    config.activity.addr = format!("127.0.0.1:{port}");
    config.activity.client_id = fake_app;
    config.activity.client_secret = gin::config::Secret::new(SECRET);
    config.activity.origins = vec![origin(port)];
    config.activity.static_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/activity/dist").into();
}

pub fn origin(port: u16) -> String {
    format!("http://127.0.0.1:{port}")
}

/// `POST /api/token` with `code` from `origin`: the status and the answer.
pub async fn post_token(port: u16, origin: &str, code: &str) -> (u16, Value) {
    let body = json!({ "code": code }).to_string();
    post_token_from([127, 0, 0, 1].into(), port, origin, body).await
}

/// `POST /api/token` with `body` from `origin`, connecting from the loopback address
/// `source`: the status and the answer.
pub async fn post_token_from(
    source: std::net::IpAddr,
    port: u16,
    origin: &str,
    body: String,
) -> (u16, Value) {
    let answer = reqwest::Client::builder()
        .local_address(source)
        .build()
        .unwrap()
        .post(format!("http://127.0.0.1:{port}/api/token"))
        .header("origin", origin)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    let body = answer.bytes().await.unwrap();
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// Signs `user` in as the page does: a code from Discord's `authorize`, traded by the bot.
pub async fn sign_in(fake: &FakeDiscord, port: u16, user: &User) -> String {
    let code = format!("code-{}-{}", user.id, rand::random::<u32>());
    fake.grant_code(&code, user);
    let (status, body) = post_token(port, &origin(port), &code).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["id"], user.id.to_string());
    body["session"].as_str().unwrap().to_string()
}

/// One open socket and every frame it received.
pub struct Socket {
    ws: WebSocketStream<TcpStream>,
    pub received: Vec<Value>,
    seq: u64,
}

impl Socket {
    /// Opens `/api/ws` from `origin`, without a hello yet.
    pub async fn open(port: u16, origin: &str) -> Result<Socket, String> {
        let mut request = format!("ws://127.0.0.1:{port}/api/ws")
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
        let tcp = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        let (ws, _) = tokio_tungstenite::client_async(request, tcp)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Socket {
            ws,
            received: Vec::new(),
            seq: 0,
        })
    }

    /// Opens the socket and says hello from Activity `instance`: answered with welcome and
    /// the first state.
    pub async fn join(port: u16, session: &str, instance: &str) -> Socket {
        let mut s = Socket::open(port, &origin(port)).await.unwrap();
        s.send(json!({"t": "hello", "session": session, "instance_id": instance, "lang": "en"}))
            .await;
        let welcome = s.next().await.expect("a welcome");
        assert_eq!(welcome["t"], "welcome", "{welcome}");
        s.next_state().await;
        s
    }

    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::Text(v.to_string())).await.unwrap();
    }

    pub async fn send_raw(&mut self, m: Message) {
        let _ = self.ws.send(m).await;
    }

    /// Reads on to the end: the close frame's code, or None if the connection ended without
    /// one (or nothing came for 10 s).
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .ok()??;
            if let Message::Close(frame) = m.ok()? {
                return frame.map(|f| f.code.into());
            }
        }
    }

    /// The next frame (None: the socket closed, or nothing came for 10 s).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .ok()??;
            match m.ok()? {
                Message::Text(t) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    self.received.push(v.clone());
                    return Some(v);
                }
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// The next frame of kind `t`, skipping others.
    pub async fn next_of(&mut self, t: &str) -> Value {
        loop {
            let v = self.next().await.unwrap_or_else(|| panic!("no {t} frame"));
            if v["t"] == t {
                return v;
            }
        }
    }

    pub async fn next_state(&mut self) -> Value {
        self.next_of("state").await
    }

    /// The latest state received.
    pub fn state(&self) -> &Value {
        self.received
            .iter()
            .rev()
            .find(|v| v["t"] == "state")
            .expect("a state")
    }

    /// Waits for a state of at least `version` of match `id`.
    pub async fn state_at(&mut self, id: i64, version: i64) -> Value {
        loop {
            let s = self.state().clone();
            if s["match"]["id"] == id && s["match"]["version"].as_i64() >= Some(version) {
                return s;
            }
            self.next_state().await;
        }
    }

    /// Sends the move with `id` from the latest state: the bot's answer (ack or refused).
    pub async fn play(&mut self, id: &str) -> Value {
        let s = self.state().clone();
        let m = s["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == id)
            .unwrap_or_else(|| panic!("no move {id} in {}", s["moves"]))
            .clone();
        self.play_raw(
            s["match"]["id"].as_i64().unwrap(),
            s["match"]["version"].as_i64().unwrap(),
            m["play"].clone(),
        )
        .await
    }

    /// Sends a move as given: the bot's answer.
    pub async fn play_raw(&mut self, match_id: i64, version: i64, play: Value) -> Value {
        self.seq += 1;
        let seq = self.seq;
        self.send(json!({"t": "move", "seq": seq, "match_id": match_id, "version": version, "play": play}))
            .await;
        loop {
            let v = self.next().await.expect("an answer to the move");
            if (v["t"] == "ack" || v["t"] == "refused") && v["seq"] == seq {
                return v;
            }
        }
    }
}

/// The moves a page may forge at `version` of match `id`, each refused as such by any
/// process's table, nothing applied: a `watcher`'s (`not_a_player`), the `waiter`'s, not to
/// move (`illegal`, with a text), a card the `mover` does not hold, and a match not shown
/// (`stale`). Returns the move the mover is offered.
pub async fn forged_moves_refused(
    mover: &mut Socket,
    waiter: &mut Socket,
    watcher: &mut Socket,
    id: i64,
    version: i64,
) -> Value {
    let offered = mover.state()["moves"][0].clone();
    let r = watcher.play_raw(id, version, offered["play"].clone()).await;
    assert_eq!(r["code"], "not_a_player", "{r}");
    let r = waiter.play_raw(id, version, offered["play"].clone()).await;
    assert_eq!(r["code"], "illegal", "{r}");
    assert!(!r["text"].as_str().unwrap().is_empty());
    let held: Vec<String> =
        serde_json::from_value(mover.state()["hand"]["view"]["hand"].clone()).unwrap();
    let not_held = gin::engine::Card::all()
        .map(|c| c.to_string())
        .find(|c| !held.contains(c))
        .unwrap();
    let r = mover
        .play_raw(
            id,
            version,
            json!({"gin": {"action": "discard", "card": not_held}}),
        )
        .await;
    assert_eq!(r["t"], "refused", "{r}");
    let r = mover
        .play_raw(id + 1000, version, offered["play"].clone())
        .await;
    assert_eq!(r["code"], "stale", "{r}");
    offered
}

/// Every string in `frame` that is one of `hidden` (a card its receiver may not see): the
/// browser harness's scan of one frame.
pub fn leaked<'a>(frame: &Value, hidden: &'a [String]) -> Vec<&'a str> {
    let names: Vec<&str> = hidden.iter().map(String::as_str).collect();
    let found = super::browser::leaked_in(frame, &names);
    hidden
        .iter()
        .map(String::as_str)
        .filter(|h| found.iter().any(|l| l.card == *h))
        .collect()
}

/// The cards a Gin state frame says its viewer holds (their own engine view).
pub fn own_cards(state: &Value) -> Vec<String> {
    serde_json::from_value(state["hand"]["view"]["hand"].clone()).unwrap_or_default()
}

/// The cards hidden from the viewer of `state`, as the players' own views tell them (for
/// games whose whole state the tests do not read; `cards` reads a frame's `hand` for its game):
/// what `others` hold, but for the cards the public `table` shows, those the viewer may see
/// of another hand (a partner's), and any named like one of the viewer's own (Partnership Gin
/// deals each table its own deck).
pub fn hidden_by_views(
    state: &Value,
    others: &[&Value],
    table: &Value,
    cards: fn(&Value) -> HandCards,
) -> Vec<String> {
    let public = strings_in(table);
    let viewer = cards(&state["hand"]);
    let seated = others
        .iter()
        .chain([&state])
        .filter(|s| !s["seat"].is_null());
    let held: usize = seated.map(|s| cards(&s["hand"]).held.len()).sum();
    assert!(held > 0, "the seated players' frames show their cards");
    others
        .iter()
        .flat_map(|o| cards(&o["hand"]).held)
        .filter(|c| !public.contains(c) && !viewer.seen.contains(c) && !viewer.held.contains(c))
        .collect()
}

fn walk(v: &Value, f: &mut impl FnMut(&str)) {
    match v {
        Value::String(s) => f(s),
        Value::Array(a) => a.iter().for_each(|x| walk(x, f)),
        Value::Object(o) => o.values().for_each(|x| walk(x, f)),
        _ => {}
    }
}

/// Every string in a JSON value (the cards a part of a frame shows, among others).
pub fn strings_in(v: &Value) -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    walk(v, &mut |s| {
        out.insert(s.to_string());
    });
    out
}
