//! The card table's latency (`harness = false`): how long a move clicked in one player's
//! browser takes to show in the other player's browser. Two pages in Debian's headless
//! Chromium (the tests' puppet and parent frame), the bot in this process against the tests'
//! fake Discord, a two-player match played by clicks.
//!
//! ```text
//! cargo bench --bench table -- [--moves 300] [--processes 2 [--layout both-on-other] [--binaries]]
//! ```
//!
//! `--processes 2`: two bots in this process on one PostgreSQL database (the server
//! `GIN_TEST_POSTGRES_URL` names, else the one `.ci/postgres` starts), on shards `0-0/2` and
//! `1-1/2`, each with its own table and bus; the match's server belongs to the first. The
//! sampled player's moves are clicks; the other player's turns are played with chat buttons
//! (which go to the owner) and not sampled. `--layout` places the pages ([`Layout`]).
//! `--binaries`: the two bots are processes of the release binary instead (`gin`, built with
//! the benchmark), each with its own runtime.
//!
//! A sample runs from the click (the mover's page, `performance.timeOrigin + now()` just before
//! the button's click) to the other page's table showing the new state (a MutationObserver on
//! the page's `data-stored`, set after the table is drawn); both pages share the browser's
//! clock. Prints `key=value` lines: the samples and their p50, p95, p99 and maximum in ms.

#[allow(dead_code)]
#[path = "../tests/it/support/fake_discord/mod.rs"]
mod fake_discord;

#[allow(dead_code)]
#[path = "../tests/it/support/browser.rs"]
mod browser;

use browser::{Direction, Open, Puppet, User as Person, Viewport};
use fake_discord::player::{Game, Step};
use fake_discord::{FakeDiscord, FakeOptions, User};
use gin::games::{system_clock, Games};
use gin::store::Shards;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

const SECRET: &str = "bench-secret";
const PLAYERS: [(u64, &str); 2] = [(1001, "Alice"), (1002, "Bob")];
const WAIT: Duration = Duration::from_secs(20);

/// Records when each stored version is first drawn.
const OBSERVE: &str = "(() => { window.__seen = {}; new MutationObserver(() => {
    const v = document.body.dataset.stored;
    if (v && !(v in window.__seen)) window.__seen[v] = performance.timeOrigin + performance.now();
  }).observe(document.body, { attributes: true, attributeFilter: ['data-stored'] }); return true; })()";

/// The value after `--name` on the command line, if any.
fn arg<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::args()
        .skip_while(|a| a != name)
        .nth(1)
        .and_then(|v| v.parse().ok())
}

/// Which pages are on the process that does not own the match, with two processes: the
/// mover's (the sampled clicks), the other's, or both; the rest are on the owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// The mover on the owner; its move reaches the other page through the bus.
    Other,
    /// The mover on the other process: its click is relayed to the owner, which shows it.
    Mover,
    /// Both on the other process: the click is relayed, and its change comes back on the bus.
    Both,
}

impl std::str::FromStr for Layout {
    type Err = String;

    fn from_str(s: &str) -> Result<Layout, String> {
        match s {
            "other-on-other" => Ok(Layout::Other),
            "mover-on-other" => Ok(Layout::Mover),
            "both-on-other" => Ok(Layout::Both),
            _ => Err(format!("no layout {s}")),
        }
    }
}

impl Layout {
    fn name(self) -> &'static str {
        match self {
            Layout::Other => "other-on-other",
            Layout::Mover => "mover-on-other",
            Layout::Both => "both-on-other",
        }
    }

    /// Which process each page is on, given the owner's.
    fn places(self, owner: usize) -> [usize; 2] {
        let other = 1 - owner;
        match self {
            Layout::Other => [owner, other],
            Layout::Mover => [other, owner],
            Layout::Both => [other, other],
        }
    }
}

fn main() {
    let moves = arg("--moves").unwrap_or(300);
    let processes = arg("--processes").unwrap_or(1);
    assert!(matches!(processes, 1 | 2), "--processes 1|2");
    let binaries = std::env::args().any(|a| a == "--binaries");
    assert!(
        !binaries || processes == 2,
        "--binaries runs two processes of the binary: it needs --processes 2"
    );
    let layout = std::env::args().skip_while(|a| a != "--layout").nth(1);
    assert!(
        layout.is_none() || processes == 2,
        "--layout places pages on two processes: it needs --processes 2"
    );
    let layout = layout
        .map(|l| {
            l.parse::<Layout>()
                .unwrap_or_else(|e| panic!("--layout: {e}"))
        })
        .unwrap_or(Layout::Both);
    if processes == 2 && !gin::store::testing::on_postgres() {
        // Starts (or finds) the tests' server, as `.ci/run` does.
        let out = std::process::Command::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/postgres"))
            .output()
            .expect(".ci/postgres runs");
        assert!(
            out.status.success(),
            "--processes 2 needs PostgreSQL: .ci/postgres failed"
        );
        let url = String::from_utf8(out.stdout).unwrap().trim().to_string();
        std::env::set_var("GIN_TEST_POSTGRES_URL", url);
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(run(moves, processes, layout, binaries));
}

/// A free port on 127.0.0.1.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A bot in this process serving its table on `ports[at]` (every port an origin): running
/// `shards` of the database's, with its bus, if given.
async fn bot(fake: &FakeDiscord, url: &str, ports: &[u16], at: usize, shards: Option<&str>) {
    let mut config = gin::config::Config {
        token: fake.token().to_string(),
        api_base_url: fake.http_url(),
        guild_id: fake.guild_id(),
        database_url: url.to_string(),
        limits: "100000/1000000".parse().unwrap(),
        shards: shards.map(|s| s.parse().unwrap()),
        ..Default::default()
    };
    config.activity.addr = format!("127.0.0.1:{}", ports[at]);
    config.activity.client_id = fake.options().app_id;
    config.activity.client_secret = gin::config::Secret::new(SECRET);
    config.activity.origins = ports
        .iter()
        .map(|p| format!("http://127.0.0.1:{p}"))
        .collect();
    config.activity.static_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/activity/dist").into();
    let mut db = gin::store::Db::open(url).await.unwrap();
    let mut feed = None;
    if let Some(shards) = shards {
        let (shared, heard) = db.owning(shards.parse().unwrap()).with_bus().await.unwrap();
        (db, feed) = (shared, Some(heard));
    }
    let games = Arc::new(Games::new(
        db,
        config.clone(),
        system_clock(),
        gin::discord::HAND_TOKEN_SECONDS,
    ));
    if let Some(feed) = feed {
        let hearing = games.clone();
        tokio::spawn(async move { hearing.following().hear(feed).await });
    }
    tokio::spawn(gin::app::run_until(config, games, std::future::pending()));
}

/// The bot as its own process of the release binary, serving its table on `ports[at]` and
/// running `shards`; its log in `dir`.
fn spawn(
    fake: &FakeDiscord,
    url: &str,
    ports: &[u16],
    at: usize,
    shards: &str,
    dir: &std::path::Path,
) -> Spawned {
    let origins: Vec<String> = ports
        .iter()
        .map(|p| format!("\"http://127.0.0.1:{p}\""))
        .collect();
    let config = dir.join(format!("gin-{at}.toml"));
    std::fs::write(
        &config,
        format!(
            "[activity]\nclient_id = {app}\nclient_secret = \"{SECRET}\"\nstatic_dir = \"{dist}\"\n\
             origins = [{origins}]\n",
            app = fake.options().app_id,
            dist = concat!(env!("CARGO_MANIFEST_DIR"), "/activity/dist"),
            origins = origins.join(", "),
        ),
    )
    .unwrap();
    let log = std::fs::File::create(dir.join(format!("bot-{at}.log"))).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_gin"))
        .arg("--config")
        .arg(&config)
        .env("DISCORD_TOKEN", fake.token())
        .env("GIN_API_BASE_URL", fake.http_url())
        .env("GIN_GUILD_ID", "0")
        .env("DATABASE_URL", url)
        .env("GIN_LIMITS", "100000/1000000")
        .env("GIN_SHARDS", shards)
        .env("GIN_ACTIVITY_ADDR", format!("127.0.0.1:{}", ports[at]))
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null())
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .expect("start the bot binary");
    Spawned(child)
}

/// A process of the binary, killed when dropped.
struct Spawned(std::process::Child);

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A page's latest state, from the frames it received.
struct Page {
    name: &'static str,
    next: usize,
    state: Value,
}

impl Page {
    async fn read(&mut self, puppet: &Puppet) {
        let (frames, next) = puppet.frames_from(self.name, self.next).await;
        self.next = next;
        if let Some(s) = frames
            .iter()
            .rev()
            .filter(|f| f.dir == Direction::Received)
            .filter_map(|f| f.json())
            .find(|f| f["t"] == "state")
        {
            self.state = s;
        }
    }

    fn stored(&self) -> i64 {
        self.state["match"]["stored"].as_i64().unwrap_or(-1)
    }
}

async fn run(moves: usize, processes: usize, layout: Layout, binaries: bool) {
    let fake = FakeDiscord::start_with(FakeOptions {
        shards: processes as u64,
        ..Default::default()
    })
    .await;
    let channel = fake.channel_id();
    fake.oauth_secret(SECRET);
    fake.activity_instance("i-700", channel, &[PLAYERS[0].0, PLAYERS[1].0]);
    let ports: Vec<u16> = (0..processes).map(|_| free_port()).collect();
    let dir = tempfile::tempdir().unwrap();
    let url = gin::store::testing::fresh_database_url(dir.path(), "gin")
        .await
        .unwrap();
    // Where each player's page is: with two processes, the mover's on the match's owner.
    let owner = Shards::of(fake.guild_id(), processes as u32) as usize;
    let at = match processes {
        1 => [0, 0],
        _ => layout.places(owner),
    };
    // The processes of the binary, killed when the run ends.
    let mut spawned = Vec::new();
    if processes == 1 {
        bot(&fake, &url, &ports, 0, None).await;
        fake.wait_ready(1).await;
    } else {
        for (i, shards) in ["0-0/2", "1-1/2"].into_iter().enumerate() {
            if binaries {
                spawned.push(spawn(&fake, &url, &ports, i, shards, dir.path()));
            } else {
                bot(&fake, &url, &ports, i, Some(shards)).await;
            }
            fake.wait_shard_ready(i, 1).await;
        }
        println!("layout={}", layout.name());
        println!("binaries={binaries}");
    }

    let puppet = Puppet::start().await;
    let mut pages = Vec::new();
    for (i, (id, name)) in PLAYERS.iter().enumerate() {
        let code = format!("code-{i}");
        fake.grant_code(&code, &User::new(*id, name));
        let page = ["alice", "bob"][i];
        let person = Person::new(&id.to_string(), name, "en-US");
        let port = ports[at[i]];
        let mut open = Open::new(&format!("http://127.0.0.1:{port}/"), person, &code);
        open.viewport = Viewport::DESKTOP;
        puppet.open(page, &open).await;
        puppet
            .wait_js(page, "document.body.dataset.phase", WAIT)
            .await;
        pages.push(Page {
            name: page,
            next: 0,
            state: Value::Null,
        });
    }

    let mut samples: Vec<f64> = Vec::with_capacity(moves);
    let mut game: Option<Game> = None;
    while samples.len() < moves {
        for p in pages.iter_mut() {
            p.read(&puppet).await;
        }
        let over = pages
            .iter()
            .all(|p| p.state["match"].is_null() || p.state["match"]["over"] == true);
        if game.is_none() || over {
            // A new match: long, so that most moves are plain turns.
            let mut g = Game::new(
                fake.clone(),
                channel,
                PLAYERS.iter().map(|(id, n)| User::new(*id, n)).collect(),
            );
            g.start(Some(500)).await;
            for p in &pages {
                puppet
                    .wait_js(p.name, "document.body.dataset.phase !== 'none'", WAIT)
                    .await;
                puppet.eval(p.name, OBSERVE).await;
            }
            game = Some(g);
            continue;
        }
        let Some(m) = (0..2).find(|&i| {
            pages[i].state["moves"]
                .as_array()
                .is_some_and(|m| !m.is_empty())
                && pages[i].stored() == pages[1 - i].stored()
        }) else {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        };
        let (mover, other) = (pages[m].name, pages[1 - m].name);
        if processes == 2 && m == 1 {
            // The other player's turn, by chat buttons on the owner: not a sample.
            let next = pages[m].stored() + 1;
            // A press may only open the knock choices: pressed on until a move is taken.
            let chat = game.as_mut().expect("a match");
            for _ in 0..5 {
                if !matches!(
                    chat.step().await,
                    Step::Acted { applied: false } | Step::Idle
                ) {
                    break;
                }
            }
            for p in &pages {
                puppet
                    .wait_js(
                        p.name,
                        &format!("Number(document.body.dataset.stored) >= {next}"),
                        WAIT,
                    )
                    .await;
            }
            continue;
        }
        let Some(mv) = browser::sensible_move(&pages[m].state) else {
            continue;
        };
        if mv.starts_with("knock:") || mv.starts_with("gin:") {
            puppet.click(mover, "#knock-mode").await;
        }
        let next = pages[m].stored() + 1;
        let click = format!(
            "(() => {{ const b = document.querySelector('[data-move=\"{mv}\"]'); if (!b) return null;
               const t = performance.timeOrigin + performance.now(); b.click(); return t; }})()"
        );
        let Some(sent) = puppet.eval(mover, &click).await.as_f64() else {
            continue;
        };
        let seen = puppet
            .wait_js(
                other,
                &format!("window.__seen && window.__seen['{next}']"),
                WAIT,
            )
            .await;
        if let Some(seen) = seen.as_f64() {
            samples.push(seen - sent);
        }
        puppet
            .wait_js(
                mover,
                &format!("Number(document.body.dataset.stored) >= {next}"),
                WAIT,
            )
            .await;
    }
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let at =
        |q: f64| samples[((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1];
    println!("samples={}", samples.len());
    println!("move_to_other_browser_p50_ms={:.1}", at(0.50));
    println!("move_to_other_browser_p95_ms={:.1}", at(0.95));
    println!("move_to_other_browser_p99_ms={:.1}", at(0.99));
    println!(
        "move_to_other_browser_max_ms={:.1}",
        samples[samples.len() - 1]
    );
    puppet.quit().await;
}
