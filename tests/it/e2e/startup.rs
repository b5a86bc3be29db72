//! The binary's start and stop, as an operator meets them: bad arguments and files stop it at
//! once with one line that says what to fix, and a stop request stops it in every state.

use crate::support::fake_discord;

use fake_discord::{FakeDiscord, FakeOptions};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs the bot binary with `args` and `env` (nothing else of the environment); returns its
/// exit code and what it wrote to stderr.
fn run(args: &[&str], env: &[(&str, &str)], dir: &std::path::Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gin"))
        .args(args)
        .env_clear()
        .envs(env.iter().copied())
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run the bot binary");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_config_file_named_on_the_command_line_must_exist() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = run(
        &["--config", "missing.toml"],
        &[
            ("DISCORD_TOKEN", "t"),
            ("DATABASE_URL", "sqlite://never.db"),
        ],
        dir.path(),
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("missing.toml") && err.contains("does not exist"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(
        !dir.path().join("never.db").exists(),
        "nothing was opened: no database file"
    );
}

#[test]
fn the_default_config_file_may_be_missing_but_the_token_may_not() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = run(&[], &[], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
}

#[test]
fn a_broken_config_file_names_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("gin.toml"), "token = [").unwrap();
    let (code, err) = run(&["--config", "gin.toml"], &[], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("gin.toml") && err.contains("not valid"),
        "{err}"
    );
}

/// A database the bot cannot open is named in the one line it stops with, but never with
/// its password, in any of the forms PostgreSQL takes.
#[test]
fn a_database_that_cannot_be_opened_is_named_without_its_password() {
    let dir = tempfile::tempdir().unwrap();
    for url in [
        // The password holds an `@`; the port is not a number, so nothing is connected to.
        "postgres://gin:s3@hunter2@127.0.0.1:port/gin",
        "postgres://gin@127.0.0.1:port/gin?sslmode=disable&password=hunter2",
        // libpq's key=value form, which the bot refuses.
        "host=127.0.0.1 user=gin password=hunter2 dbname=gin",
    ] {
        let (code, err) = run(
            &[],
            &[("DISCORD_TOKEN", "t"), ("DATABASE_URL", url)],
            dir.path(),
        );
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("cannot open the database"), "{err}");
        assert!(err.contains("127.0.0.1"), "the database is named: {err}");
        assert!(!err.contains("hunter2"), "the password is shown: {err}");
    }
}

/// `docker stop` (SIGTERM) stops the bot even while Discord's gateway cannot be reached and
/// its connection is being retried.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_while_the_gateway_is_unreachable() {
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("ws://{}", l.local_addr().unwrap())
    };
    let fake = FakeDiscord::start_with(FakeOptions {
        gateway_url: Some(closed),
        ..FakeOptions::default()
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let log = std::fs::File::create(dir.path().join("bot.log")).unwrap();
    let mut bot = Command::new(env!("CARGO_BIN_EXE_gin"))
        .env_clear()
        .env("DISCORD_TOKEN", fake.token())
        .env("GIN_API_BASE_URL", fake.http_url())
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.path().join("gin.db").display()),
        )
        .env("RUST_LOG", "info")
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(Stdio::null())
        .spawn()
        .expect("start the bot binary");
    // It asked for the gateway, and is now failing to connect to it.
    let asked = Instant::now();
    while !fake
        .requests()
        .iter()
        .any(|r| r.path.starts_with("/gateway"))
    {
        assert!(
            asked.elapsed() < Duration::from_secs(20),
            "the bot never asked for the gateway"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(bot.try_wait().unwrap().is_none(), "still retrying");
    stop_with_sigterm(&mut bot, dir.path()).await;
}

/// A stop while connected: the bot closes its gateway connection and, once Discord answers
/// the close, exits without waiting out the grace for a gateway that never closes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_closes_the_gateway_and_stops_without_waiting_out_the_grace() {
    let fake = FakeDiscord::start_with(FakeOptions::default()).await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = spawn_on_shards(&fake, dir.path(), None);
    fake.wait_ready(1).await;
    let log = stop_with_sigterm(&mut bot, dir.path()).await;
    assert_closed_cleanly(&log);
    assert_eq!(fake.shard_stats(0).logoffs, 1, "the shard logs off: {log}");
    assert!(
        !log.contains('\u{1b}'),
        "a log written to a file holds no colour codes:\n{log}"
    );
}

/// A process of several shards stopped while serenity still paces their starts (one identify
/// every 5 s): the shards that run log off at once, and the stop does not wait behind the
/// starts still queued.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_while_shards_are_still_starting_logs_off_the_running_ones_at_once() {
    let fake = FakeDiscord::start_with(FakeOptions {
        shards: 2,
        ..FakeOptions::default()
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = spawn_on_shards(&fake, dir.path(), Some("0-1/2"));
    fake.wait_shard_ready(0, 1).await;
    let log = stop_with_sigterm(&mut bot, dir.path()).await;
    assert_closed_cleanly(&log);
    assert_eq!(fake.shard_stats(0).logoffs, 1, "shard 0 logs off: {log}");
}

/// A stop of a process whose shards all run: every one logs off at once, and nothing in the
/// log reports a failed shutdown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_logs_off_every_running_shard_and_reports_no_failure() {
    let fake = FakeDiscord::start_with(FakeOptions {
        shards: 2,
        ..FakeOptions::default()
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = spawn_on_shards(&fake, dir.path(), Some("0-1/2"));
    fake.wait_shard_ready(0, 1).await;
    fake.wait_shard_ready(1, 1).await;
    let log = stop_with_sigterm(&mut bot, dir.path()).await;
    for shard in 0..2 {
        assert_eq!(fake.shard_stats(shard).logoffs, 1, "shard {shard}: {log}");
    }
    let warned: Vec<&str> = log.lines().filter(|l| l.contains(" WARN ")).collect();
    assert!(warned.is_empty(), "{warned:#?}\n{log}");
}

/// The stop's log: Discord answered every close, and the bot did not wait out its grace.
fn assert_closed_cleanly(log: &str) {
    assert!(
        !log.contains("did not close"),
        "the close was answered, yet the bot waited out its grace:\n{log}"
    );
    assert!(
        !log.contains("error awaiting close frame"),
        "the close handshake completes:\n{log}"
    );
}

/// The bot binary against `fake`, its database and log (`bot.log`) in `dir`, on `shards`
/// (`GIN_SHARDS`; unset: one shard).
fn spawn_on_shards(
    fake: &FakeDiscord,
    dir: &std::path::Path,
    shards: Option<&str>,
) -> std::process::Child {
    let log = std::fs::File::create(dir.join("bot.log")).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gin"));
    cmd.env_clear()
        .env("DISCORD_TOKEN", fake.token())
        .env("GIN_API_BASE_URL", fake.http_url())
        .env("GIN_GUILD_ID", fake.guild_id().to_string())
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("gin.db").display()),
        )
        .env("RUST_LOG", "info")
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(Stdio::null());
    if let Some(shards) = shards {
        cmd.env("GIN_SHARDS", shards);
    }
    cmd.spawn().expect("start the bot binary")
}

/// `gin --health` (the container's health check): healthy with the metrics off (nothing to
/// ask), unhealthy, exit 1, when nobody answers at `metrics_addr`.
#[test]
fn the_health_flag_asks_the_running_bot() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        ("DISCORD_TOKEN", "t"),
        ("DATABASE_URL", "sqlite://never.db"),
    ];
    let (code, err) = run(&["--health"], &base, dir.path());
    assert_eq!(code, Some(0), "{err}");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = closed.local_addr().unwrap().to_string();
    drop(closed);
    let mut env = base.to_vec();
    env.push(("GIN_METRICS_ADDR", addr.as_str()));
    let (code, err) = run(&["--health"], &env, dir.path());
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("unhealthy"), "{err}");
}

/// Stops `bot` with SIGTERM (as `docker stop` does) and waits up to 20 s for it to exit; it
/// must exit cleanly, having logged that it shuts down. Its log (`bot.log` in `dir`).
async fn stop_with_sigterm(bot: &mut std::process::Child, dir: &std::path::Path) -> String {
    // The shell's own `kill` (no procps needed).
    let killed = Command::new("sh")
        .args(["-c", &format!("kill -TERM {}", bot.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    let stopped = Instant::now();
    let status = loop {
        if let Some(status) = bot.try_wait().unwrap() {
            break Some(status);
        }
        if stopped.elapsed() > Duration::from_secs(20) {
            break None;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let _ = bot.kill();
    let log = std::fs::read_to_string(dir.join("bot.log")).unwrap_or_default();
    let status = status.unwrap_or_else(|| panic!("SIGTERM did not stop the bot:\n{log}"));
    assert!(status.success(), "{status:?}\n{log}");
    assert!(log.contains("shutting down"), "{log}");
    log
}
