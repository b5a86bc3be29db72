//! The browser harness proves itself without the bot: a page of its own
//! (`activity/tests/selftest/`, the real SDK bundled by esbuild) served by a stand-in server on
//! 127.0.0.1 goes through ready, authorize and authenticate with the puppet's parent frame,
//! talks over a WebSocket, and the puppet sees all of it.

use crate::support::browser::{bundle, leaked_cards, Direction, Open, Puppet, User, Viewport};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

const WAIT: Duration = Duration::from_secs(15);

/// The stand-in for the bot: the self-test page, a token exchange that turns code `c` into
/// token `token-c`, and a socket that answers `hello` with a welcome and a state holding the
/// cards 7H and 8H, and `ping` with `pong`. It records every request line.
struct StandIn {
    port: u16,
    requests: Arc<Mutex<Vec<String>>>,
    _dir: tempfile::TempDir,
}

impl StandIn {
    async fn start() -> StandIn {
        let dir = tempfile::tempdir().unwrap();
        let selftest = crate::support::browser::activity_dir().join("tests/selftest");
        bundle(&selftest.join("app.js"), &dir.path().join("app.js")).await;
        std::fs::copy(selftest.join("index.html"), dir.path().join("index.html")).unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let (seen, root) = (requests.clone(), dir.path().to_path_buf());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, root.clone(), seen.clone()));
            }
        });
        StandIn {
            port,
            requests,
            _dir: dir,
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }
}

/// One request on one connection (`Connection: close`), or a WebSocket.
async fn serve(mut stream: TcpStream, root: PathBuf, seen: Arc<Mutex<Vec<String>>>) {
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    let (method, path, key, head_len, length) = loop {
        let n = stream.read(&mut buf).await.unwrap_or(0);
        if n == 0 {
            return;
        }
        raw.extend_from_slice(&buf[..n]);
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut headers);
        if let Ok(httparse::Status::Complete(head_len)) = request.parse(&raw) {
            let header = |name: &str| {
                request
                    .headers
                    .iter()
                    .find(|h| h.name.eq_ignore_ascii_case(name))
                    .map(|h| String::from_utf8_lossy(h.value).into_owned())
            };
            let length = header("content-length").and_then(|v| v.parse().ok());
            break (
                request.method.unwrap_or("").to_string(),
                request.path.unwrap_or("").to_string(),
                header("sec-websocket-key"),
                head_len,
                length.unwrap_or(0usize),
            );
        }
    };
    while raw.len() < head_len + length {
        let n = stream.read(&mut buf).await.unwrap_or(0);
        if n == 0 {
            return;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let body = String::from_utf8_lossy(&raw[head_len..head_len + length]).into_owned();
    seen.lock().unwrap().push(format!("{method} {path}"));

    if let (Some(key), "/api/ws") = (key, path.as_str()) {
        let accept = derive_accept_key(key.as_bytes());
        let head = format!(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n"
        );
        if stream.write_all(head.as_bytes()).await.is_ok() {
            socket(WebSocketStream::from_raw_socket(stream, Role::Server, None).await).await;
        }
        return;
    }
    let (status, kind, body): (&str, &str, Vec<u8>) = match (method.as_str(), path.as_str()) {
        ("GET", p) if p == "/" || p.starts_with("/?") => (
            "200 OK",
            "text/html; charset=utf-8",
            std::fs::read(root.join("index.html")).unwrap(),
        ),
        ("GET", "/app.js") => (
            "200 OK",
            "text/javascript",
            std::fs::read(root.join("app.js")).unwrap(),
        ),
        ("GET", "/api/config") => (
            "200 OK",
            "application/json",
            br#"{"client_id":"9000"}"#.to_vec(),
        ),
        ("POST", "/api/token") => {
            let code = serde_json::from_str::<Value>(&body).unwrap_or_default()["code"]
                .as_str()
                .unwrap_or("")
                .to_string();
            let answer = json!({
                "access_token": format!("token-{code}"),
                "session": format!("session-{code}"),
                "user": {"id": "?", "name": "?"},
            });
            (
                "200 OK",
                "application/json",
                answer.to_string().into_bytes(),
            )
        }
        _ => ("404 Not Found", "text/plain", b"not here".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(&body).await;
}

async fn socket(mut ws: WebSocketStream<TcpStream>) {
    while let Some(Ok(Message::Text(text))) = ws.next().await {
        let message: Value = serde_json::from_str(&text).unwrap_or_default();
        let replies = match message["t"].as_str() {
            Some("hello") => vec![
                json!({"t": "welcome", "user": {"id": "42", "name": "Ann"}, "channel_id": "700"}),
                json!({"t": "state", "hand": {"game": "gin", "view": {"hand": ["7H", "8H"]}}}),
            ],
            Some("ping") => vec![json!({"t": "pong"})],
            _ => vec![json!({"t": "error", "code": "bad_hello"})],
        };
        for reply in replies {
            if ws.send(Message::Text(reply.to_string())).await.is_err() {
                return;
            }
        }
    }
}

fn text(frames: &[crate::support::browser::WsFrame], dir: Direction) -> Vec<String> {
    frames
        .iter()
        .filter(|f| f.dir == dir)
        .filter_map(|f| f.json())
        .map(|v| v["t"].as_str().unwrap_or("?").to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_puppet_plays_discord_for_the_real_sdk() {
    let stand_in = StandIn::start().await;
    let puppet = Puppet::start().await;
    let open = Open::new(&stand_in.url(), User::new("42", "Ann", "de"), "ann-code");
    let url = puppet.open("ann", &open).await;
    for part in [
        "frame_id=",
        "instance_id=",
        "platform=desktop",
        "channel_id=700",
        "guild_id=600",
    ] {
        assert!(url.contains(part), "{part} in {url}");
    }

    // ready, authorize, the token exchange, authenticate: the user id Discord vouches for.
    let user = puppet
        .wait_js("ann", "document.getElementById('user').textContent", WAIT)
        .await;
    assert_eq!(
        user,
        "42",
        "error: {}",
        puppet
            .eval("ann", "document.getElementById('error').textContent")
            .await
    );
    assert_eq!(
        puppet
            .eval("ann", "document.getElementById('locale').textContent")
            .await,
        "de"
    );
    assert_eq!(puppet.eval("ann", "navigator.language").await, "de");
    assert_eq!(
        puppet.parent_eval("ann", "__discord.tokens").await,
        json!(["token-ann-code"]),
        "the parent saw the token the stand-in gave out"
    );
    assert_eq!(
        puppet.parent_eval("ann", "__discord.client_id").await,
        "9000"
    );
    assert_eq!(
        puppet.parent_eval("ann", "__discord.unhandled").await,
        json!([])
    );
    let requests = stand_in.requests();
    assert!(
        requests.contains(&"POST /api/token".to_string()),
        "{requests:?}"
    );
    assert!(
        !requests.iter().any(|r| r.contains("__discord_parent")),
        "the parent frame is the puppet's, never the server's: {requests:?}"
    );
    // The SDK's console capture reaches Discord and is answered.
    let captured = puppet
        .parent_eval("ann", "__discord.captured_logs.map(l => l.message)")
        .await;
    assert!(
        captured
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "self-test authenticated 42"),
        "{captured}"
    );

    // Events go to subscribers only.
    puppet
        .wait_js(
            "ann",
            "document.getElementById('socket').textContent === 'state'",
            WAIT,
        )
        .await;
    let participants = json!({"participants": [
        {"id": "42", "username": "Ann", "discriminator": "0", "flags": 0, "bot": false},
        {"id": "43", "username": "Bob", "discriminator": "0", "flags": 0, "bot": false},
    ]});
    assert!(
        puppet
            .dispatch("ann", "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", participants)
            .await
    );
    assert!(
        !puppet
            .dispatch("ann", "ORIENTATION_UPDATE", json!({}))
            .await
    );
    puppet
        .wait_js(
            "ann",
            "document.getElementById('participants').textContent === '42,43'",
            WAIT,
        )
        .await;

    // The iframe's socket, both ways.
    puppet.click("ann", "#ping").await;
    puppet
        .wait_js(
            "ann",
            "document.getElementById('socket').textContent === 'pong'",
            WAIT,
        )
        .await;
    let frames = puppet.frames("ann").await;
    assert_eq!(text(&frames, Direction::Sent), ["hello", "ping"]);
    assert_eq!(
        text(&frames, Direction::Received),
        ["welcome", "state", "pong"]
    );
    assert!(frames
        .iter()
        .all(|f| f.url.as_deref() == Some(&*format!("ws://127.0.0.1:{}/api/ws", stand_in.port))));
    let hello = frames[0].json().unwrap();
    assert_eq!(hello["session"], "session-ann-code");
    // The scan finds the cards the stand-in sent and nothing else.
    let leaks = leaked_cards(&frames, &["8H", "KS"]);
    assert_eq!(leaks.len(), 1, "{leaks:?}");
    assert_eq!(
        (leaks[0].card.as_str(), leaks[0].path.as_str()),
        ("8H", "$.hand.view.hand[1]")
    );
    assert!(leaked_cards(&frames, &["KS", "2C"]).is_empty());

    // Nothing leaves 127.0.0.1.
    let outside = puppet
        .eval(
            "ann",
            "fetch('http://example.com/').then(() => 'reached', () => 'blocked')",
        )
        .await;
    assert_eq!(outside, "blocked");
    assert!(puppet
        .logs("ann")
        .await
        .iter()
        .any(|l| l["kind"] == "blocked" && l["text"] == "http://example.com/"));

    // A failing request says why, and the puppet carries on.
    let missing = puppet
        .request(
            "click",
            json!({"name": "ann", "selector": "#nothing", "timeout_ms": 300}),
        )
        .await;
    assert!(missing.unwrap_err().contains("#nothing"));
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("ann.png");
    puppet.screenshot("ann", &shot).await;
    assert!(std::fs::read(&shot).unwrap().starts_with(b"\x89PNG"));

    // A reload: a second handshake, a new session, new frames after the old.
    let (_, before) = puppet.frames_from("ann", 0).await;
    puppet.reload("ann").await;
    puppet
        .wait_js(
            "ann",
            "document.getElementById('socket').textContent === 'state'",
            WAIT,
        )
        .await;
    assert_eq!(
        puppet
            .parent_eval("ann", "__discord.handshakes.length")
            .await,
        2
    );
    let (after, _) = puppet.frames_from("ann", before).await;
    assert_eq!(text(&after, Direction::Sent), ["hello"]);
    puppet.close("ann").await;
    puppet.quit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_share_nothing_and_a_phone_is_discords_mobile_platform() {
    let stand_in = StandIn::start().await;
    let puppet = Puppet::start().await;
    let ann = Open::new(&stand_in.url(), User::new("42", "Ann", "en-US"), "ann-code");
    let bob = Open {
        viewport: Viewport::PHONE,
        ..Open::new(&stand_in.url(), User::new("43", "Bob", "en-US"), "bob-code")
    };
    let (ann_url, bob_url) = tokio::join!(puppet.open("ann", &ann), puppet.open("bob", &bob));
    assert!(ann_url.contains("platform=desktop"), "{ann_url}");
    assert!(bob_url.contains("platform=mobile"), "{bob_url}");
    for (page, id) in [("ann", "42"), ("bob", "43")] {
        let user = puppet
            .wait_js(page, "document.getElementById('user').textContent", WAIT)
            .await;
        assert_eq!(user, id, "{page}");
    }
    assert_eq!(puppet.eval("bob", "window.innerWidth").await, 390);
    puppet.wait_for("bob", "#ping", WAIT).await;

    puppet
        .eval(
            "ann",
            "localStorage.setItem('who', 'ann'), document.cookie = 'who=ann'",
        )
        .await;
    assert_eq!(
        puppet.eval("bob", "localStorage.getItem('who')").await,
        Value::Null
    );
    assert_eq!(puppet.eval("bob", "document.cookie").await, "");

    // Keys go to the focused element of that player's page.
    puppet
        .eval(
            "bob",
            "(() => { const i = document.createElement('input'); i.id = 'k'; document.body.append(i); return true; })()",
        )
        .await;
    puppet.type_text("bob", "#k", "7h").await;
    puppet.press("bob", "Backspace").await;
    assert_eq!(
        puppet
            .eval("bob", "document.getElementById('k').value")
            .await,
        "7"
    );
}
