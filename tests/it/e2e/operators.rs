//! The operators' endpoint under abuse: it asks for no credentials, so nobody may make it
//! write to the database at will, hold a connection open without a request, or open more
//! connections than it serves. (The metrics are the process's: each test has them to itself,
//! see `support::endpoint`.)

use crate::support::endpoint::{bot_with_metrics, free_port, http_get, metrics_turn};
use crate::support::wire::{end_listener, Bot};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// How many probe writes the process made.
async fn probes(port: u16) -> f64 {
    let (_, metrics) = http_get(port, "/metrics").await;
    metrics
        .lines()
        .find_map(|l| {
            l.strip_prefix(r#"gin_db_seconds_count{op="probe"}"#)?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or(0.0)
}

/// A connection that sent part of a request's headers and then nothing more.
async fn stalled(port: u16) -> tokio::net::TcpStream {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    stream
}

/// Many health checks in a row probe the database at most once a second, and all are green.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_health_checks_write_to_the_database_at_most_once_a_second() {
    let (bot, port, _turn) = bot_with_metrics(950).await;
    let before = probes(port).await;
    let started = Instant::now();
    for _ in 0..30 {
        assert_eq!(http_get(port, "/health").await, (200, "ok\n".to_string()));
    }
    let seconds = started.elapsed().as_secs_f64();
    let written = probes(port).await - before;
    assert!(written >= 1.0, "the database was probed");
    assert!(
        written <= seconds.ceil() + 1.0,
        "{written} probes in {seconds:.2} s"
    );
    bot.finish().await;
}

/// A client that never finishes its request's headers is dropped (after a few seconds).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_finishes_its_headers_is_dropped() {
    let (bot, port, _turn) = bot_with_metrics(950).await;
    let mut slow = stalled(port).await;
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(20), slow.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the connection is still open after 20 s");
    assert_eq!(http_get(port, "/health").await.0, 200, "others are served");
    bot.finish().await;
}

/// Past the limit of connections at once, a new one is answered 503 at once; once the
/// others are gone, it is served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_limit_are_refused() {
    let (bot, port, _turn) = bot_with_metrics(950).await;
    let mut held = Vec::new();
    for _ in 0..16 {
        held.push(stalled(port).await);
    }
    // The server takes them in turn: give it a moment to hold them all.
    let mut refused = false;
    for _ in 0..100 {
        let (status, body) = http_get(port, "/metrics").await;
        if status == 503 {
            assert_eq!(body, "busy\n");
            refused = true;
            break;
        }
        assert_eq!(status, 200);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(refused, "a 17th connection is refused");
    drop(held);
    let mut served = false;
    for _ in 0..100 {
        if http_get(port, "/metrics").await.0 == 200 {
            served = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(served, "served again once the others are gone");
    bot.finish().await;
}

/// A metric's value as `/metrics` shows it (None: not shown).
async fn metric(port: u16, name: &str) -> Option<f64> {
    let (_, metrics) = http_get(port, "/metrics").await;
    metrics.lines().find_map(|l| {
        let (n, value) = l.split_once(' ')?;
        (n == name).then(|| value.trim().parse().ok())?
    })
}

/// `/health` until it answers `status` (within 20 s): its body.
async fn health_turns(port: u16, status: u16) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (now, body) = http_get(port, "/health").await;
        if now == status {
            return body;
        }
        assert!(Instant::now() < deadline, "/health stayed {now}: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A process sharing its database: `/health` is red while its bus's listener does not hear
/// the other processes (here: its connection lost, and the new one's checks never come
/// back), and green again once it does; the metrics count the lost connection. PostgreSQL
/// only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_health_check_is_red_while_the_bus_does_not_hear() {
    if !gin::store::testing::on_postgres() {
        eprintln!("skipped: GIN_TEST_POSTGRES_URL is not set");
        return;
    }
    let _turn = metrics_turn().await;
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let bot = Bot::start_sharing(950, |c| c.metrics_addr = addr, "1-1/2").await;
    assert_eq!(health_turns(port, 200).await, "ok\n");
    assert_eq!(metric(port, "gin_bus_listening").await, Some(1.0));
    let lost = metric(port, "gin_bus_lost_total").await.expect("counted");

    bot.db.bus().mute_checks(true);
    end_listener(&bot.url, &bot.db, "1-1/2").await;
    let why = health_turns(port, 503).await;
    assert!(why.starts_with("bus: "), "{why}");
    assert_eq!(metric(port, "gin_bus_listening").await, Some(0.0));
    assert!(metric(port, "gin_bus_lost_total").await.unwrap() > lost);

    bot.db.bus().mute_checks(false);
    assert_eq!(health_turns(port, 200).await, "ok\n");
    assert_eq!(metric(port, "gin_bus_listening").await, Some(1.0));
    bot.finish().await;
}

/// The profile the Docker image's build stage compiles with, and the binary it copies.
fn image_build() -> (String, String) {
    let dockerfile = std::fs::read_to_string("Dockerfile").expect("the Dockerfile");
    let build = dockerfile
        .lines()
        .find(|l| l.starts_with("RUN cargo build") && l.contains("--bin gin"))
        .expect("the build stage compiles the bot");
    let words: Vec<&str> = build.split_whitespace().collect();
    let profile = match words.iter().position(|w| *w == "--profile") {
        Some(i) => words[i + 1].to_string(),
        None if words.contains(&"--release") => "release".to_string(),
        None => "dev".to_string(),
    };
    let copied = dockerfile
        .lines()
        .find(|l| l.starts_with("COPY --from=build") && l.ends_with("/usr/local/bin/gin"))
        .expect("the image copies the bot")
        .to_string();
    (profile, copied)
}

/// The image ships the bot without debug info (a sixth of the size), and with its symbol
/// table, so that a panic's backtrace still names its functions. Read from the files, as there
/// is no Docker engine here.
#[test]
fn the_docker_image_ships_a_binary_without_debug_info_but_with_symbols() {
    let (profile, copied) = image_build();
    let manifest: toml::Table = std::fs::read_to_string("Cargo.toml")
        .expect("Cargo.toml")
        .parse()
        .expect("Cargo.toml reads");
    let profiles = manifest["profile"].as_table().expect("profiles");
    let settings = profiles
        .get(&profile)
        .and_then(|p| p.as_table())
        .unwrap_or_else(|| panic!("the image's profile {profile} is not in Cargo.toml"));
    let value = |key: &str| settings.get(key).map(|v| v.to_string());
    assert_eq!(
        value("strip").as_deref(),
        Some("\"debuginfo\""),
        "profile {profile} must strip debug info and keep the symbols"
    );
    assert!(
        matches!(value("debug").as_deref(), Some("false" | "0" | "\"none\"")),
        "profile {profile} must build no debug info, has {:?}",
        value("debug")
    );
    assert!(
        copied.contains(&format!("/src/target/{profile}/gin ")),
        "the image copies the binary of profile {profile}: {copied}"
    );
}

/// `compose.yaml` serves the card table from both bots behind one nginx: each bot listens on
/// the table's port with the same application and one client secret from the environment (a
/// page that reconnects to the other process stays signed in), counts clients by the address
/// nginx saw, and takes every connection from it; `table` publishes one port and fronts both.
/// Read from the files, as there is no Docker engine here.
#[test]
fn compose_fronts_both_bots_card_tables_with_one_nginx() {
    use crate::support::compose::parse;
    let compose = parse(&std::fs::read_to_string("compose.yaml").expect("compose.yaml"));
    let services = compose.get("services").expect("services");
    let env = |bot: &str, key: &str| {
        services
            .at(&[bot, "environment", key])
            .and_then(|v| v.text())
            .unwrap_or_else(|| panic!("{bot} has no {key}"))
            .to_string()
    };
    let bots = ["bot-a", "bot-b"];
    let defaults = gin::config::Config::default().activity;
    for bot in bots {
        assert_eq!(env(bot, "GIN_ACTIVITY_ADDR"), "0.0.0.0:8080", "{bot}");
        assert!(env(bot, "DATABASE_URL").starts_with("postgres://"), "{bot}");
        assert_eq!(env(bot, "GIN_SOURCE_HEADER"), "X-Forwarded-For", "{bot}");
        let per_source: usize = env(bot, "GIN_CONNECTIONS_PER_SOURCE").parse().unwrap();
        assert_eq!(
            per_source, defaults.max_connections,
            "{bot}: all through nginx"
        );
    }
    for key in ["GIN_CLIENT_ID", "GIN_CLIENT_SECRET"] {
        let (a, b) = (env("bot-a", key), env("bot-b", key));
        assert_eq!(a, b, "{key}: one for both bots");
        assert!(
            a.starts_with(&format!("${{{key}:?")),
            "{key} is required from the environment: {a}"
        );
    }
    assert_eq!(env("bot-a", "GIN_SHARDS"), "0-0/2");
    assert_eq!(env("bot-b", "GIN_SHARDS"), "1-1/2");
    for bot in bots {
        let published = services
            .at(&[bot, "ports"])
            .map(|p| p.items())
            .unwrap_or_default();
        assert!(
            published.iter().all(|p| !p.ends_with(":8080")),
            "{bot}'s table is reached through `table` only: {published:?}"
        );
    }

    let table = services.get("table").expect("a `table` service");
    let image = table.get("image").and_then(|i| i.text()).expect("an image");
    let tag = image.strip_prefix("nginx:").expect("nginx");
    let version: Vec<&str> = tag.split('-').next().unwrap().split('.').collect();
    assert!(
        version.len() == 3 && version.iter().all(|n| n.parse::<u32>().is_ok()),
        "an exact version of nginx: {image}"
    );
    let mounted = table.get("volumes").map(|v| v.items()).unwrap_or_default();
    let conf = "./deploy/table.nginx.conf:";
    assert!(
        mounted
            .iter()
            .any(|m| m.starts_with(conf) && m.ends_with(":ro")),
        "{mounted:?}"
    );
    let command = table.get("command").and_then(|c| c.text()).unwrap_or("");
    let inside = mounted
        .iter()
        .find_map(|m| m.strip_prefix(conf))
        .unwrap()
        .trim_end_matches(":ro");
    assert!(
        command.contains(inside),
        "nginx runs with the mounted file: {command}"
    );
    assert_eq!(table.get("depends_on").unwrap().keys(), bots);
    assert_eq!(
        table.get("ports").unwrap().items(),
        ["127.0.0.1:8080:8080"],
        "one port, published on the loopback (for the TLS terminator)"
    );

    let nginx = std::fs::read_to_string("deploy/table.nginx.conf").expect("the nginx file");
    resolved_while_running(&nginx);
    for line in [
        "server bot-a:8080",
        "server bot-b:8080",
        "real_ip_header X-Forwarded-For;",
        "keepalive_timeout 5s;",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $gin_connection;",
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "listen 8080;",
    ] {
        assert!(
            nginx.contains(line),
            "deploy/table.nginx.conf lacks `{line}`"
        );
    }
    // Longer than a page's pings are apart (25 s, activity/src/net.ts): no open table's
    // socket is cut for its quiet.
    let read: u64 = nginx
        .lines()
        .find_map(|l| l.trim().strip_prefix("proxy_read_timeout "))
        .and_then(|v| v.trim_end_matches(';').strip_suffix('s'))
        .and_then(|v| v.parse().ok())
        .expect("proxy_read_timeout in seconds");
    assert!(read > 25, "proxy_read_timeout {read}s");
    nginx_accepts(&nginx);
}

/// nginx finds the bots by name while it runs (Docker's DNS), not once at its start: each
/// bot's `server` line is `resolve`d, in a shared zone, with Docker's resolver; the image is
/// a version that can (1.27.3 or later).
fn resolved_while_running(nginx: &str) {
    let lines: Vec<&str> = nginx.lines().map(str::trim).collect();
    assert!(lines.iter().any(|l| l.starts_with("resolver 127.0.0.11 ")));
    assert!(lines.iter().any(|l| l.starts_with("zone gin_table ")));
    let servers: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("server bot-"))
        .collect();
    assert_eq!(servers.len(), 2);
    for server in servers {
        assert!(
            server.contains(" resolve "),
            "{server}: resolved while running"
        );
    }
    let compose = std::fs::read_to_string("compose.yaml").unwrap();
    let image = compose
        .lines()
        .find_map(|l| l.trim().strip_prefix("image: nginx:"))
        .expect("nginx's image");
    assert!(
        resolves(image),
        "nginx {image} cannot `resolve` an upstream"
    );
}

/// Whether nginx `version` ("1.28.0-bookworm", "1.22.1") resolves an upstream's names while
/// it runs.
fn resolves(version: &str) -> bool {
    let numbers: Vec<u32> = version
        .split(['-', ' '])
        .next()
        .unwrap_or("")
        .split('.')
        .map(|n| n.parse().unwrap_or(0))
        .collect();
    numbers >= vec![1, 27, 3]
}

/// `nginx -t` takes the file (its bots named by address: there is no `bot-a` here, and its
/// paths under a folder of the test's; an nginx older than the image's is given the bots
/// without `resolve`, saying so). Skipped, with a line, where nginx is not installed.
fn nginx_accepts(conf: &str) {
    let Ok(nginx) = which_nginx() else {
        eprintln!("nginx -t skipped: nginx is not installed (apt-get install nginx)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let here = dir.path().display().to_string();
    let mut local = conf
        .replace("bot-a:8080", "127.0.0.1:8080")
        .replace("bot-b:8080", "127.0.0.1:8081")
        .replace("/tmp/", &format!("{here}/"));
    let out = std::process::Command::new(&nginx)
        .arg("-v")
        .output()
        .expect("nginx runs");
    let version = String::from_utf8_lossy(&out.stderr);
    let version = version.trim().rsplit('/').next().unwrap_or("");
    if !resolves(version) {
        eprintln!("nginx -t: nginx {version} is checked without `resolve` (1.27.3 or later)");
        local = local.replace(" resolve ", " ");
    }
    let path = dir.path().join("table.nginx.conf");
    std::fs::write(&path, local).unwrap();
    let out = std::process::Command::new(&nginx)
        .arg("-t")
        .arg("-c")
        .arg(&path)
        .output()
        .expect("nginx runs");
    assert!(
        out.status.success(),
        "nginx -t: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// nginx's binary: on the path, or where Debian puts it.
fn which_nginx() -> Result<std::path::PathBuf, ()> {
    let on_path = std::env::var_os("PATH")
        .map(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("nginx"))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    on_path
        .into_iter()
        .chain([std::path::PathBuf::from("/usr/sbin/nginx")])
        .find(|p| p.is_file())
        .ok_or(())
}
