//! What the end-to-end tests share: the bot against the fake Discord, in this process or as
//! its own binary, and readings of its database.

use super::fake_discord::player::{Game, Step};
use super::fake_discord::{FakeDiscord, User};
use gin::config::Config;
use gin::engine::Match;
use gin::games::{system_clock, Games};
use gin::store::Db;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub use super::people::*;

/// Discord's deadline for a first response.
pub const DEADLINE: Duration = Duration::from_secs(3);
/// Points to win: `/gin start` accepts 10 to 500; small targets keep matches short.
pub const TARGET: i64 = 30;
/// For runs of the binary, whose deals are random: no single hand scores this much (25 + at
/// most 98 deadwood), so the match cannot end in the hand where the test kills the bot.
pub const LONG_TARGET: i64 = 150;
pub const MAX_PRESSES: u64 = 3000;

pub fn user(id: u64) -> User {
    User::new(id, name_of(id))
}

/// The per-user rate limit of bots whose players are scripts (they press as fast as the bot
/// answers); the tests of the limit set their own.
pub const SCRIPTED_LIMITS: &str = "100000/1000000";

pub fn config_for(fake: &FakeDiscord, database_url: &str) -> Config {
    Config {
        token: fake.token().to_string(),
        api_base_url: fake.http_url(),
        guild_id: fake.guild_id(),
        database_url: database_url.to_string(),
        limits: SCRIPTED_LIMITS.parse().unwrap(),
        ..Config::default()
    }
}

/// The bot in this process against a fresh fake Discord, with a temporary database and
/// fixed match seeds.
pub struct Bot {
    pub fake: FakeDiscord,
    pub db: Db,
    /// The bot's game service (a test may read its counters).
    pub games: Arc<Games>,
    /// The database's URL (a test may open a connection of its own).
    pub url: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
    _dir: tempfile::TempDir,
}

impl Bot {
    pub async fn start(first_seed: u32) -> Bot {
        Bot::start_configured(first_seed, |_| {}).await
    }

    /// [`Bot::start`] with the configuration adjusted first.
    pub async fn start_configured(first_seed: u32, adjust: impl FnOnce(&mut Config)) -> Bot {
        Bot::start_clocked(first_seed, adjust, Arc::new(AtomicI64::new(0))).await
    }

    /// [`Bot::start_configured`] on a clock `ahead` seconds ahead of the system's: a test
    /// moves it on to let idle clocks and deadlines run out.
    pub async fn start_clocked(
        first_seed: u32,
        adjust: impl FnOnce(&mut Config),
        ahead: Arc<AtomicI64>,
    ) -> Bot {
        Bot::start_on(first_seed, adjust, ahead, None).await
    }

    /// [`Bot::start_configured`] as one of the processes sharing a PostgreSQL database, its
    /// store running `shards` only (the gateway still runs every shard of the fake): the bus
    /// joined, and what it hears taken up.
    pub async fn start_sharing(
        first_seed: u32,
        adjust: impl FnOnce(&mut Config),
        shards: &str,
    ) -> Bot {
        Bot::start_on(
            first_seed,
            adjust,
            Arc::new(AtomicI64::new(0)),
            Some(shards),
        )
        .await
    }

    async fn start_on(
        first_seed: u32,
        adjust: impl FnOnce(&mut Config),
        ahead: Arc<AtomicI64>,
        shards: Option<&str>,
    ) -> Bot {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let url = gin::store::testing::fresh_database_url(dir.path(), "gin")
            .await
            .unwrap();
        let mut config = config_for(&fake, &url);
        adjust(&mut config);
        let mut db = Db::open(&url).await.unwrap();
        let mut feed = None;
        if let Some(shards) = shards {
            let (shared, heard) = db.owning(shards.parse().unwrap()).with_bus().await.unwrap();
            (db, feed) = (shared, Some(heard));
        }
        let next = Arc::new(AtomicU64::new(first_seed as u64));
        let system = system_clock();
        let clock: gin::games::Clock = Arc::new(move || system() + ahead.load(Ordering::SeqCst));
        let games = Games::new(
            db.clone(),
            config.clone(),
            clock,
            gin::discord::HAND_TOKEN_SECONDS,
        )
        .with_seeds(Arc::new(move || {
            gin::engine::deck::hand_seed(&[7u8; 32], next.fetch_add(1, Ordering::SeqCst) as u32)
        }));
        let games = Arc::new(games);
        if let Some(feed) = feed {
            let hearing = games.clone();
            tokio::spawn(async move { hearing.following().hear(feed).await });
        }
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let running = games.clone();
        let task = tokio::spawn(async move {
            let stop = async move {
                let _ = stopped.await;
            };
            if let Err(e) = gin::app::run_until(config, running, stop).await {
                eprintln!("the bot stopped with an error: {e}");
            }
        });
        fake.wait_ready(1).await;
        Bot {
            fake,
            db,
            games,
            url,
            stop: Some(stop),
            task,
            _dir: dir,
        }
    }

    /// A bot with a match between Alice and Bob to `TARGET` points, dealt and ready.
    pub async fn with_match(first_seed: u32) -> (Bot, Game) {
        let bot = Bot::start(first_seed).await;
        let mut game = bot.game(&[ALICE, BOB]);
        game.start(Some(TARGET)).await;
        (bot, game)
    }

    pub fn game(&self, players: &[u64]) -> Game {
        Game::new(
            self.fake.clone(),
            self.fake.channel_id(),
            players.iter().map(|&u| user(u)).collect(),
        )
    }

    /// Asks the bot to stop and waits, up to `within`, for it to exit.
    pub async fn stop_within(&mut self, within: Duration) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        tokio::time::timeout(within, &mut self.task)
            .await
            .expect("the bot stops")
            .expect("the bot's task ends without a panic");
    }

    /// Discord's rules held throughout; then the bot stops.
    pub async fn finish(mut self) {
        self.fake.assert_no_violations();
        self.fake.assert_first_response_within(DEADLINE);
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(10), &mut self.task).await;
    }
}

/// What a refusal must leave untouched.
#[derive(Debug, PartialEq)]
pub struct Snap {
    pub format: gin::store::Format,
    pub version: i64,
    pub status: String,
    pub state: String,
    pub actions: usize,
}

pub async fn snap(db: &Db, match_id: i64) -> Snap {
    let row = db
        .matches()
        .load_match(match_id)
        .await
        .unwrap()
        .expect("the match is stored");
    Snap {
        format: row.format,
        version: row.version,
        status: row.status.to_string(),
        state: row.state_json,
        actions: db.matches().match_actions(match_id).await.unwrap().len(),
    }
}

pub async fn state(db: &Db, match_id: i64) -> Match {
    serde_json::from_str(&snap(db, match_id).await.state).unwrap()
}

/// `/gin start` by `from` against `to` in `channel`: the challenge message and its Accept
/// button's custom id.
pub async fn challenge(
    fake: &FakeDiscord,
    channel: u64,
    from: &User,
    to: &User,
) -> (super::fake_discord::StoredMessage, String) {
    let start = fake.slash_command_in(
        channel,
        from,
        "gin",
        Some("start"),
        vec![super::fake_discord::Opt::user("opponent", to)],
    );
    let challenge = fake
        .message(fake.interact(start).await.message_id.expect("a challenge"))
        .expect("the challenge message");
    let accept = challenge
        .find_button(|id| id.starts_with("gin:acc:"))
        .expect("an Accept button");
    (challenge, accept)
}

/// Plays on until `n` moves were acknowledged in all.
pub async fn play_until_applied(game: &mut Game, n: usize) {
    let mut idle = 0;
    while game.applied.len() < n {
        match game.step().await {
            Step::Over => panic!("the match ended too early"),
            Step::Acted { .. } => idle = 0,
            Step::Idle => {
                idle += 1;
                assert!(idle < 100, "match {} is stuck", game.match_id);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        assert!(game.presses < MAX_PRESSES);
    }
}

/// A fake Discord and a database for runs of the real binary, which a test may kill and
/// start again.
pub struct Binary {
    pub fake: FakeDiscord,
    pub url: String,
    dir: tempfile::TempDir,
}

impl Binary {
    pub async fn new() -> Binary {
        Binary::with_options(super::fake_discord::FakeOptions::default()).await
    }

    /// [`Binary::new`] with a fake Discord set up as `opts` say.
    pub async fn with_options(opts: super::fake_discord::FakeOptions) -> Binary {
        let fake = FakeDiscord::start_with(opts).await;
        let dir = tempfile::tempdir().unwrap();
        let url = gin::store::testing::fresh_database_url(dir.path(), "gin")
            .await
            .unwrap();
        println!("bot logs in {}", dir.path().display());
        Binary { fake, url, dir }
    }

    /// Writes the bot's config file (before its first start): an empty one otherwise.
    pub fn configure(&self, toml: &str) {
        std::fs::write(self.dir.path().join("gin.toml"), toml).unwrap();
    }

    /// The log of run `n` of the bot so far.
    pub fn log(&self, n: u32) -> String {
        std::fs::read_to_string(self.dir.path().join(format!("bot-{n}.log"))).unwrap_or_default()
    }

    /// Run `n` of the bot, ready for interactions.
    pub async fn start(&self, n: u32) -> Process {
        let process = self.spawn(n, &[]);
        self.fake.wait_ready(u64::from(n)).await;
        process
    }

    /// Run `n` of the bot with more environment variables, not waited for.
    pub fn spawn(&self, n: u32, env: &[(&str, String)]) -> Process {
        Process::spawn(&self.fake, self.dir.path(), &self.url, n, env)
    }
}

impl Drop for Binary {
    /// A failing test shows the end of each run's log (the folder goes with the test).
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        for n in 1..=9 {
            let log = self.log(n);
            if log.is_empty() {
                continue;
            }
            let lines: Vec<&str> = log.lines().collect();
            eprintln!("--- warnings, errors and panics in the log of run {n} ---");
            for line in lines
                .iter()
                .filter(|l| l.contains("WARN") || l.contains("ERROR") || l.contains("panicked"))
            {
                eprintln!("{line}");
            }
            eprintln!("--- the end of the log of run {n} ---");
            for line in &lines[lines.len().saturating_sub(40)..] {
                eprintln!("{line}");
            }
        }
    }
}

/// The bot binary; SIGKILLed when dropped, so a failing test leaves no process behind.
pub struct Process(pub std::process::Child);

impl Process {
    /// Starts run `n` of the real binary against `fake`, with the database at `url` and its
    /// log in `dir`; `env` comes last (it may override the rest).
    pub fn spawn(
        fake: &FakeDiscord,
        dir: &Path,
        url: &str,
        n: u32,
        env: &[(&str, String)],
    ) -> Process {
        use std::process::{Command, Stdio};
        let config: PathBuf = dir.join("gin.toml");
        if !config.exists() {
            std::fs::write(&config, "").unwrap();
        }
        let log = std::fs::File::create(dir.join(format!("bot-{n}.log"))).unwrap();
        Process(
            Command::new(env!("CARGO_BIN_EXE_gin"))
                .arg("--config")
                .arg(&config)
                .env("DISCORD_TOKEN", fake.token())
                .env("GIN_API_BASE_URL", fake.http_url())
                .env("GIN_GUILD_ID", fake.guild_id().to_string())
                .env("DATABASE_URL", url)
                .env("GIN_LIMITS", SCRIPTED_LIMITS)
                .env("RUST_LOG", "warn,gin=info")
                // The same deals every run (each run of the binary its own sequence).
                .env("GIN_INSECURE_FIXED_SEEDS", (1000 * n).to_string())
                .envs(env.iter().map(|(k, v)| (k, v)))
                .stdin(Stdio::null())
                .stdout(log.try_clone().expect("the log file"))
                .stderr(log)
                .spawn()
                .expect("start the bot binary"),
        )
    }

    pub fn sigkill(&mut self) {
        self.0.kill().expect("SIGKILL");
        self.0.wait().expect("reap the bot");
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Ends the bus listener's connection of the process of `db`, which owns shards `range`
/// (`"1-1/2"`), on the PostgreSQL database at `url`: as a network failure would.
pub async fn end_listener(url: &str, db: &Db, range: &str) {
    use sqlx::Connection;
    let origin = db.bus().origin().expect("a bus").to_string();
    let mut admin = sqlx::PgConnection::connect(url).await.unwrap();
    let ended: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
    )
    .bind(format!("gin {range} {origin}"))
    .fetch_all(&mut admin)
    .await
    .unwrap();
    assert_eq!(ended, [true], "the process's one listener");
}

/// Another connection holding the database's write lock until [`release`]: SQLite's whole
/// file, or on PostgreSQL the tables a move or a challenge writes to.
pub async fn hold_writes(url: &str) -> sqlx::AnyConnection {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut holder = sqlx::AnyConnection::connect(url).await.unwrap();
    let hold: &[&str] = if gin::store::testing::on_postgres() {
        &[
            "BEGIN",
            "LOCK TABLE matches, challenges, shard_heartbeats IN EXCLUSIVE MODE",
        ]
    } else {
        &["BEGIN IMMEDIATE"]
    };
    for statement in hold {
        sqlx::query(statement).execute(&mut holder).await.unwrap();
    }
    holder
}

/// Lets the writes [`hold_writes`] held up go on.
pub async fn release(mut holder: sqlx::AnyConnection) {
    sqlx::query("COMMIT").execute(&mut holder).await.unwrap();
}

/// Stops a PostgreSQL database as far as the bot can tell: every connection to it is
/// terminated and no new one is allowed (the server goes on serving the other tests).
pub async fn stop_database(url: &str) {
    use sqlx::Connection;
    let server = std::env::var("GIN_TEST_POSTGRES_URL").expect("a PostgreSQL server");
    let name = url
        .split('?')
        .next()
        .and_then(|u| u.rsplit('/').next())
        .expect("a database name")
        .to_string();
    let mut admin = sqlx::AnyConnection::connect(&server).await.unwrap();
    sqlx::query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query("SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity WHERE datname = $1")
        .bind(name)
        .fetch_all(&mut admin)
        .await
        .unwrap();
}
