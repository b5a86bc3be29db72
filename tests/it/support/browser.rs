//! Real browsers for the Activity's tests: Debian's headless Chromium, driven by the puppet
//! (`activity/tests/puppet.mjs`, a node process speaking JSON lines on stdin and stdout), plays
//! each player's Discord client with the Activity in an iframe; the puppet's parent frame
//! answers the Embedded App SDK as Discord would.
//!
//! A browser test that cannot run fails (it never skips): without Chromium, node or
//! `activity/node_modules` the message says what to install (`.ci/run` does it all).

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::oneshot;

/// The longest any one request may take before the test gives up on the puppet (its own waits
/// default to 10 s).
const REQUEST_LIMIT: Duration = Duration::from_secs(90);
/// How many of the puppet's last stderr lines a failure shows.
const TAIL: usize = 40;

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Value>>>>;

/// One Discord user at the table: `locale` as Discord's settings give it (`en-US`, `de`).
#[derive(Clone, Debug, Serialize)]
pub struct User {
    pub id: String,
    pub name: String,
    pub locale: String,
}

impl User {
    pub fn new(id: &str, name: &str, locale: &str) -> User {
        User {
            id: id.into(),
            name: name.into(),
            locale: locale.into(),
        }
    }
}

/// The size of Discord's client around the Activity; `mobile` also makes it Discord's mobile
/// platform (`platform=mobile`) with touch.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Viewport {
    pub width: u32,
    pub height: u32,
    pub mobile: bool,
}

impl Viewport {
    pub const DESKTOP: Viewport = Viewport {
        width: 1280,
        height: 800,
        mobile: false,
    };
    pub const PHONE: Viewport = Viewport {
        width: 390,
        height: 844,
        mobile: true,
    };
}

/// What `open` needs: the Activity's URL (the bot's page, `http://127.0.0.1:PORT/`), who plays,
/// the OAuth code Discord hands out on `authorize`, and where the Activity was started.
#[derive(Clone, Debug, Serialize)]
pub struct Open {
    pub url: String,
    pub user: User,
    pub code: String,
    pub viewport: Viewport,
    pub channel_id: String,
    /// None: a DM or group DM (an instance without a server).
    pub guild_id: Option<String>,
    /// The instance Discord reports (None: `i-<channel>`).
    pub instance_id: Option<String>,
}

impl Open {
    /// On a desktop, in channel 700 of guild 600.
    pub fn new(url: &str, user: User, code: &str) -> Open {
        Open {
            url: url.into(),
            user,
            code: code.into(),
            viewport: Viewport::DESKTOP,
            channel_id: "700".into(),
            guild_id: Some("600".into()),
            instance_id: None,
        }
    }
}

/// Which way a WebSocket frame went, seen from the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Received,
    Sent,
}

/// One WebSocket frame of a page (its iframe's included), as the browser's DevTools saw it.
#[derive(Clone, Debug, Deserialize)]
pub struct WsFrame {
    pub dir: Direction,
    /// The socket's URL (`None` for a socket opened before its frame's process was watched).
    pub url: Option<String>,
    /// 1 text, 2 binary (then `data` is base64).
    pub opcode: u8,
    pub data: String,
}

impl WsFrame {
    /// The frame's JSON, if it is a text frame holding JSON.
    pub fn json(&self) -> Option<Value> {
        (self.opcode == 1)
            .then(|| serde_json::from_str(&self.data).ok())
            .flatten()
    }
}

/// A hidden card found in a frame the browser received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leak {
    /// Index of the frame in the list scanned.
    pub frame: usize,
    pub card: String,
    /// Where in the frame's JSON (`$.hand.view.hand[3]`).
    pub path: String,
}

/// Every place where a frame the browser received holds one of `hidden` (cards such as `7H`)
/// as a JSON string value or object key: what the viewer must never be sent. A text frame that
/// is not JSON counts when it holds the card in quotes.
pub fn leaked_cards(frames: &[WsFrame], hidden: &[&str]) -> Vec<Leak> {
    let mut leaks = Vec::new();
    for (index, frame) in frames.iter().enumerate() {
        if frame.dir != Direction::Received || frame.opcode != 1 {
            continue;
        }
        match serde_json::from_str::<Value>(&frame.data) {
            Ok(value) => leaks.extend(leaked_in(&value, hidden).into_iter().map(|mut l| {
                l.frame = index;
                l
            })),
            Err(_) => leaks.extend(
                hidden
                    .iter()
                    .filter(|card| frame.data.contains(&format!("\"{card}\"")))
                    .map(|card| Leak {
                        frame: index,
                        card: card.to_string(),
                        path: "(not JSON)".into(),
                    }),
            ),
        }
    }
    leaks
}

/// Every place in one frame's JSON that holds one of `hidden` (see [`leaked_cards`]; the
/// leaks' `frame` is 0).
pub fn leaked_in(value: &Value, hidden: &[&str]) -> Vec<Leak> {
    let mut leaks = Vec::new();
    scan(value, "$".into(), 0, hidden, &mut leaks);
    leaks
}

fn scan(value: &Value, path: String, frame: usize, hidden: &[&str], leaks: &mut Vec<Leak>) {
    let flag = |text: &str, path: &str, leaks: &mut Vec<Leak>| {
        if hidden.contains(&text) {
            leaks.push(Leak {
                frame,
                card: text.into(),
                path: path.into(),
            });
        }
    };
    match value {
        Value::String(text) => flag(text, &path, leaks),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                scan(item, format!("{path}[{i}]"), frame, hidden, leaks);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                let inner = format!("{path}.{key}");
                flag(key, &inner, leaks);
                scan(item, inner, frame, hidden, leaks);
            }
        }
        _ => {}
    }
}

/// The checkout's `activity/` directory.
pub fn activity_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("activity")
}

/// The Chromium the puppet runs: `$CHROMIUM`, else Debian's.
fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| "/usr/bin/chromium".into())
}

/// Fails the test, saying what to install, when a browser test cannot run here.
fn require_tools() {
    let how =
        "run `.ci/run` (it installs them), or by hand: `apt-get install -y chromium nodejs npm` \
               and `npm ci` in activity/";
    let browser = chromium();
    assert!(
        browser.is_file(),
        "browser tests need Chromium at {} (set CHROMIUM for another): {how}",
        browser.display()
    );
    let node = std::process::Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    assert!(
        matches!(node, Ok(status) if status.success()),
        "browser tests need node on the PATH: {how}"
    );
    let modules = activity_dir().join("node_modules");
    if !modules.join("puppeteer-core").is_dir() || !modules.join("esbuild").is_dir() {
        npm(&["ci", "--no-audit", "--no-fund"], how);
    }
    // The page the bot serves, built from the sources as they are (once per test run): a
    // build older than its sources would test old code. A current one is left alone, so that
    // no page is asked for while the build has removed it (`.ci/run` has just built it).
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
        if !built_is_current() {
            npm(&["run", "build"], how);
        }
    });
}

/// [`require_tools`] off the test's runtime: a build may take a while, and the bot and the
/// fake Discord of the test run on its thread.
async fn tools_ready() {
    if let Err(e) = tokio::task::spawn_blocking(require_tools).await {
        std::panic::resume_unwind(e.into_panic());
    }
}

/// Whether `activity/dist` was built after every source it is built from was last changed.
fn built_is_current() -> bool {
    fn modified(p: &Path) -> Option<std::time::SystemTime> {
        std::fs::metadata(p).and_then(|m| m.modified()).ok()
    }
    /// The latest change under `p` (a file, or a directory walked whole).
    fn newest(p: &Path) -> Option<std::time::SystemTime> {
        if !p.is_dir() {
            return modified(p);
        }
        let mut latest = modified(p)?;
        for entry in std::fs::read_dir(p).ok()? {
            latest = latest.max(newest(&entry.ok()?.path())?);
        }
        Some(latest)
    }
    let dir = activity_dir();
    let built = [
        "dist/index.html",
        "dist/assets/main.js",
        "dist/assets/main.css",
    ]
    .iter()
    .map(|f| modified(&dir.join(f)))
    .collect::<Option<Vec<_>>>()
    .and_then(|times| times.into_iter().min());
    let sources = [
        "src",
        "index.html",
        "build.mjs",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
    ]
    .iter()
    .filter(|f| dir.join(f).exists())
    .map(|f| newest(&dir.join(f)))
    .collect::<Option<Vec<_>>>()
    .and_then(|times| times.into_iter().max());
    matches!((built, sources), (Some(b), Some(s)) if b >= s)
}

/// `npm <args>` in activity/, or the test fails saying what to do.
fn npm(args: &[&str], how: &str) {
    let out = std::process::Command::new("npm")
        .args(args)
        .current_dir(activity_dir())
        .output();
    match out {
        Ok(o) if o.status.success() => {}
        Ok(o) => panic!(
            "`npm {}` in activity/ failed: {}{}",
            args.join(" "),
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => panic!("browser tests need npm on the PATH ({e}): {how}"),
    }
}

/// Bundles `entry` (a script under activity/, importing its npm packages) into `out` with the
/// project's esbuild: one classic script for a page's `<script src>`.
pub async fn bundle(entry: &Path, out: &Path) {
    tools_ready().await;
    let esbuild = activity_dir().join("node_modules/.bin/esbuild");
    let output = Command::new(&esbuild)
        .arg(entry)
        .args(["--bundle", "--format=iife", "--log-level=warning"])
        .arg(format!("--outfile={}", out.display()))
        .current_dir(activity_dir())
        .output()
        .await
        .unwrap_or_else(|e| panic!("run {}: {e}", esbuild.display()));
    assert!(
        output.status.success(),
        "esbuild {}: {}",
        entry.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The puppet: one browser, named pages in it. Dropping it closes its stdin, and the puppet
/// closes the browser and exits.
pub struct Puppet {
    stdin: tokio::sync::Mutex<Option<ChildStdin>>,
    pending: Pending,
    next_id: AtomicU64,
    stderr: Arc<Mutex<VecDeque<String>>>,
    _child: Child,
}

impl Puppet {
    /// Starts the puppet and its browser (fails the test if it cannot; see the module's doc).
    pub async fn start() -> Puppet {
        tools_ready().await;
        let script = activity_dir().join("tests/puppet.mjs");
        let mut child = Command::new("node")
            .arg(&script)
            .env("CHROMIUM", chromium())
            .current_dir(activity_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("start node {}: {e}", script.display()));
        let pending: Pending = Arc::default();
        let stderr = Arc::new(Mutex::new(VecDeque::new()));

        let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
        let replies = pending.clone();
        tokio::spawn(async move {
            while let Ok(Some(line)) = out.next_line().await {
                let Ok(reply) = serde_json::from_str::<Value>(&line) else {
                    eprintln!("puppet wrote a line that is no reply: {line}");
                    continue;
                };
                let id = reply["id"].as_u64().unwrap_or(0);
                if let Some(tx) = replies.lock().unwrap().remove(&id) {
                    let _ = tx.send(reply);
                }
            }
            // The puppet is gone: every waiting request fails.
            replies.lock().unwrap().clear();
        });
        let mut err = BufReader::new(child.stderr.take().unwrap()).lines();
        let tail = stderr.clone();
        tokio::spawn(async move {
            while let Ok(Some(line)) = err.next_line().await {
                let mut tail = tail.lock().unwrap();
                if tail.len() == TAIL {
                    tail.pop_front();
                }
                tail.push_back(line);
            }
        });

        let puppet = Puppet {
            stdin: tokio::sync::Mutex::new(child.stdin.take()),
            pending,
            next_id: AtomicU64::new(1),
            stderr,
            _child: child,
        };
        if let Err(e) = puppet.request("version", json!({})).await {
            panic!("the puppet did not start its browser: {e}");
        }
        puppet
    }

    /// One request: the reply's fields on success, the puppet's error (with its last stderr
    /// lines if it died) otherwise.
    pub async fn request(&self, cmd: &str, args: Value) -> Result<Value, String> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut message = json!({"id": id, "cmd": cmd});
        if let Value::Object(fields) = args {
            message.as_object_mut().unwrap().extend(fields);
        }
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        let line = format!("{message}\n");
        {
            let mut stdin = self.stdin.lock().await;
            let written = match stdin.as_mut() {
                Some(stdin) => stdin.write_all(line.as_bytes()).await.is_ok(),
                None => false,
            };
            if !written {
                return Err(format!("{cmd}: the puppet is gone{}", self.tail()));
            }
        }
        let reply = match tokio::time::timeout(REQUEST_LIMIT, rx).await {
            Ok(Ok(reply)) => reply,
            Ok(Err(_)) => return Err(format!("{cmd}: the puppet exited{}", self.tail())),
            Err(_) => {
                self.pending.lock().unwrap().remove(&id);
                return Err(format!(
                    "{cmd}: no reply in {REQUEST_LIMIT:?}{}",
                    self.tail()
                ));
            }
        };
        if reply["ok"] == true {
            Ok(reply)
        } else {
            Err(format!(
                "{cmd}: {}",
                reply["error"].as_str().unwrap_or("(no error text)")
            ))
        }
    }

    fn tail(&self) -> String {
        let tail = self.stderr.lock().unwrap();
        if tail.is_empty() {
            String::new()
        } else {
            let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
            format!("; its stderr:\n{}", lines.join("\n"))
        }
    }

    /// A request that must succeed.
    async fn must(&self, cmd: &str, args: Value) -> Value {
        self.request(cmd, args)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Opens Discord's client for `page` (a name of the test's choosing) with the Activity in
    /// it, once the Activity's document has loaded. Returns the Activity's URL.
    pub async fn open(&self, page: &str, open: &Open) -> String {
        let mut args = serde_json::to_value(open).unwrap();
        args["name"] = page.into();
        let reply = self.must("open", args).await;
        reply["activity_url"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Waits for `selector` in the Activity to be visible, then clicks it as a user would.
    pub async fn click(&self, page: &str, selector: &str) {
        self.must("click", json!({"name": page, "selector": selector}))
            .await;
    }

    /// Presses `key` (puppeteer's names: `Enter`, `ArrowLeft`, `a`) where the focus is.
    pub async fn press(&self, page: &str, key: &str) {
        self.must("press", json!({"name": page, "key": key})).await;
    }

    /// Focuses `selector` in the Activity, then presses `key` (keyboard play).
    pub async fn press_on(&self, page: &str, selector: &str, key: &str) {
        self.must(
            "press",
            json!({"name": page, "selector": selector, "key": key}),
        )
        .await;
    }

    /// Types `text` into the element at `selector`.
    pub async fn type_text(&self, page: &str, selector: &str, text: &str) {
        self.must(
            "type",
            json!({"name": page, "selector": selector, "text": text}),
        )
        .await;
    }

    /// Waits up to `timeout` for `selector` to be in the Activity's document.
    pub async fn wait_for(&self, page: &str, selector: &str, timeout: Duration) {
        self.must(
            "wait",
            json!({"name": page, "selector": selector, "timeout_ms": timeout.as_millis() as u64}),
        )
        .await;
    }

    /// Waits up to `timeout` for the expression `js`, evaluated in the Activity, to be truthy;
    /// returns its value.
    pub async fn wait_js(&self, page: &str, js: &str, timeout: Duration) -> Value {
        let reply = self
            .must(
                "wait",
                json!({"name": page, "js": js, "timeout_ms": timeout.as_millis() as u64}),
            )
            .await;
        reply["value"].clone()
    }

    /// The value of the expression `js` in the Activity (a promise is awaited).
    pub async fn eval(&self, page: &str, js: &str) -> Value {
        let reply = self.must("eval", json!({"name": page, "js": js})).await;
        reply["value"].clone()
    }

    /// The value of `js` in Discord's parent frame: its records are `window.__discord`
    /// (`tokens`, `authorize`, `subscriptions`, `captured_logs`, `unhandled`, `log`, …).
    pub async fn parent_eval(&self, page: &str, js: &str) -> Value {
        let reply = self
            .must("parent_eval", json!({"name": page, "js": js}))
            .await;
        reply["value"].clone()
    }

    /// Discord dispatches `evt` with `data` to the Activity; false if it did not subscribe.
    pub async fn dispatch(&self, page: &str, evt: &str, data: Value) -> bool {
        let reply = self
            .must("dispatch", json!({"name": page, "evt": evt, "data": data}))
            .await;
        reply["sent"] == true
    }

    /// A PNG of Discord's client with the Activity, as the player sees it.
    pub async fn screenshot(&self, page: &str, path: &Path) {
        self.must("screenshot", json!({"name": page, "path": path}))
            .await;
    }

    /// Every WebSocket frame the page received and sent since it was opened.
    pub async fn frames(&self, page: &str) -> Vec<WsFrame> {
        self.frames_from(page, 0).await.0
    }

    /// The frames from index `from` on, and the index after the last.
    pub async fn frames_from(&self, page: &str, from: usize) -> (Vec<WsFrame>, usize) {
        let reply = self
            .must("frames", json!({"name": page, "from": from}))
            .await;
        let frames = serde_json::from_value(reply["frames"].clone()).expect("frames");
        (frames, reply["next"].as_u64().unwrap_or(0) as usize)
    }

    /// The page's console messages, uncaught errors, failed and blocked requests:
    /// `{"kind": "console" | "pageerror" | "requestfailed" | "blocked", "text": …}`.
    pub async fn logs(&self, page: &str) -> Vec<Value> {
        let reply = self.must("logs", json!({"name": page})).await;
        reply["logs"].as_array().cloned().unwrap_or_default()
    }

    /// Loads the Activity again in the same Discord client (a new handshake; the parent keeps
    /// its records).
    pub async fn reload(&self, page: &str) {
        self.must("reload", json!({"name": page})).await;
    }

    /// Closes the page and its browser context.
    pub async fn close(&self, page: &str) {
        self.must("close", json!({"name": page})).await;
    }

    /// Closes the browser and waits for the puppet to exit.
    pub async fn quit(mut self) {
        self.must("quit", json!({})).await;
        self.stdin.get_mut().take();
        let _ = tokio::time::timeout(Duration::from_secs(10), self._child.wait()).await;
    }
}

impl Drop for Puppet {
    fn drop(&mut self) {
        // End of input: the puppet closes the browser and exits by itself.
        self.stdin.get_mut().take();
    }
}

/// A move worth making from a state's list: gin, else a knock, else pass the upcard, else
/// draw from the stock, else (Team Gin) give the partner the last deadwood card, else discard
/// it (else the first move offered: a Team Gin return, a Rummy meld).
pub fn sensible_move(state: &Value) -> Option<String> {
    let moves = state["moves"].as_array()?;
    let find = |kind: &str| moves.iter().find(|m| m["kind"] == kind);
    let dead: Vec<&str> = state["arrangement"]["deadwood"]
        .as_array()
        .map(|d| d.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let pick = find("gin")
        .or_else(|| find("knock"))
        .or_else(|| find("pass"))
        .or_else(|| find("draw_stock"))
        .or_else(|| {
            moves
                .iter()
                .rev()
                .find(|m| m["kind"] == "swap" && dead.contains(&m["card"].as_str().unwrap_or("")))
        })
        .or_else(|| {
            moves.iter().rev().find(|m| {
                m["kind"] == "discard" && dead.contains(&m["card"].as_str().unwrap_or(""))
            })
        })
        .or_else(|| find("discard"))
        .or_else(|| moves.first())?;
    Some(pick["id"].as_str()?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn received(data: &str) -> WsFrame {
        WsFrame {
            dir: Direction::Received,
            url: None,
            opcode: 1,
            data: data.into(),
        }
    }

    #[test]
    fn the_scan_flags_a_hidden_card_in_a_received_frame() {
        let frames = [
            received(r#"{"t":"welcome","user":{"id":"1","name":"Ann"}}"#),
            received(r#"{"t":"state","table":{"view":{"upcard":"KS","opponent":["7H","2C"]}}}"#),
        ];
        let leaks = leaked_cards(&frames, &["7H", "9D"]);
        assert_eq!(
            leaks,
            [Leak {
                frame: 1,
                card: "7H".into(),
                path: "$.table.view.opponent[0]".into()
            }]
        );
    }

    #[test]
    fn the_scan_passes_clean_frames_and_looks_only_at_received_ones() {
        let clean = received(r#"{"t":"state","hand":{"view":{"hand":["KS","2C"]}},"seq":7}"#);
        // A card's letters inside a longer text, or as a number, are no card.
        let near = received(r#"{"t":"note","text":"7H8H is a run","n":7}"#);
        let sent = WsFrame {
            dir: Direction::Sent,
            ..received(r#"{"t":"move","play":{"card":"7H"}}"#)
        };
        assert_eq!(leaked_cards(&[clean, near, sent], &["7H"]), []);
    }

    #[test]
    fn the_scan_flags_a_card_as_a_key_and_in_text_that_is_not_json() {
        let keyed = received(r#"{"counts":{"7H":1}}"#);
        let raw = received(r#"state "7H" oops"#);
        let leaks = leaked_cards(&[keyed, raw], &["7H"]);
        assert_eq!(leaks.len(), 2, "{leaks:?}");
        assert_eq!(leaks[0].path, "$.counts.7H");
        assert_eq!(leaks[1].path, "(not JSON)");
    }
}
