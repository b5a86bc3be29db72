//! What operators watch: the process's Prometheus metrics, in one registry. Served, with the
//! health check, by [`crate::discord`] on `metrics_addr`; recorded where things happen. And
//! [`check_health`], for `gin --health` (a container's health check).

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};
use std::sync::LazyLock;

/// Every metric of the process.
pub struct Metrics {
    registry: Registry,
    /// Interactions by kind (`command`, `press`) and outcome (`answered`, `deferred`,
    /// `failed`, `error`, `limited`: past the user's rate limit).
    pub interactions: IntCounterVec,
    /// From an interaction's arrival to its answer, by kind.
    pub answer_seconds: HistogramVec,
    /// Matches held in memory (set when scraped).
    pub live_matches: IntGauge,
    /// Outbox rows being delivered or waiting to be retried.
    pub outbox_backlog: IntGauge,
    /// Deliveries tried again after a passing failure, and given up.
    pub outbox_retries: IntCounter,
    pub outbox_given_up: IntCounter,
    /// Database latency by operation: `move` and `write` (a caller's wait for the writer,
    /// queue included), `commit` (a batch of moves), `probe` (the health check's write).
    pub db_seconds: HistogramVec,
    /// Transactions the database writer committed (each a sync of the disk at full
    /// durability): per answered action, what group commit saves.
    pub db_commits: IntCounter,
    /// 1 for each shard of the process that is connected to the gateway, 0 otherwise.
    pub shard_up: IntGaugeVec,
    /// Processes sharing a database: times the bus's listener lost its connection (or heard
    /// nothing of its own check), so that notes of the other processes may have been missed.
    pub bus_lost: IntCounter,
    /// 1 while the bus's listener hears (set when scraped; absent without a bus): see
    /// [`Metrics::bus_listening`].
    bus_listening: IntGauge,
    bus_shown: std::sync::Once,
    /// Notes sent on the bus, and notes dropped (its queue full, or sending failed).
    pub bus_sent: IntCounter,
    pub bus_dropped: IntCounter,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn get() -> &'static Metrics {
    &METRICS
}

/// Time since `started` as `gin_db_seconds{op}`: a caller's wait for the writer from
/// queueing to commit (`move`, `write`), where a burst of writes shows first; a batch's
/// statements (`commit`), or a slice of other writes with the moves among them, from its
/// `BEGIN` to its `COMMIT` (`slice`); on SQLite, a background checkpoint (`checkpoint`) and
/// the writer's restart of the WAL (`restart`).
pub fn db_time(op: &str, started: std::time::Instant) {
    get()
        .db_seconds
        .with_label_values(&[op])
        .observe(started.elapsed().as_secs_f64());
}

impl Metrics {
    fn new() -> Metrics {
        let registry = Registry::new();
        let latency = vec![
            0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
        ];
        let m = Metrics {
            interactions: IntCounterVec::new(
                Opts::new("gin_interactions_total", "Interactions by kind and outcome"),
                &["kind", "outcome"],
            )
            .expect("valid metric"),
            answer_seconds: HistogramVec::new(
                HistogramOpts::new("gin_answer_seconds", "Time to answer an interaction")
                    .buckets(latency.clone()),
                &["kind"],
            )
            .expect("valid metric"),
            live_matches: IntGauge::new("gin_live_matches", "Matches held in memory")
                .expect("valid metric"),
            outbox_backlog: IntGauge::new(
                "gin_outbox_backlog",
                "Outbox rows being delivered or waiting for a retry",
            )
            .expect("valid metric"),
            outbox_retries: IntCounter::new(
                "gin_outbox_retries_total",
                "Deliveries tried again after a passing failure",
            )
            .expect("valid metric"),
            outbox_given_up: IntCounter::new(
                "gin_outbox_given_up_total",
                "Deliveries given up after their last try",
            )
            .expect("valid metric"),
            db_seconds: HistogramVec::new(
                HistogramOpts::new("gin_db_seconds", "Database latency by operation")
                    .buckets(latency),
                &["op"],
            )
            .expect("valid metric"),
            db_commits: IntCounter::new(
                "gin_db_commits_total",
                "Transactions the database writer committed",
            )
            .expect("valid metric"),
            shard_up: IntGaugeVec::new(
                Opts::new(
                    "gin_shard_up",
                    "1 when the shard is connected to the gateway",
                ),
                &["shard"],
            )
            .expect("valid metric"),
            bus_lost: IntCounter::new(
                "gin_bus_lost_total",
                "Connections of the bus's listener lost or found silent",
            )
            .expect("valid metric"),
            bus_listening: IntGauge::new(
                "gin_bus_listening",
                "1 while the bus's listener hears the other processes",
            )
            .expect("valid metric"),
            bus_shown: std::sync::Once::new(),
            bus_sent: IntCounter::new("gin_bus_sent_total", "Notes sent on the bus")
                .expect("valid metric"),
            bus_dropped: IntCounter::new(
                "gin_bus_dropped_total",
                "Notes for the bus dropped unsent",
            )
            .expect("valid metric"),
            registry,
        };
        let r = &m.registry;
        for c in [
            Box::new(m.interactions.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(m.answer_seconds.clone()),
            Box::new(m.live_matches.clone()),
            Box::new(m.outbox_backlog.clone()),
            Box::new(m.outbox_retries.clone()),
            Box::new(m.outbox_given_up.clone()),
            Box::new(m.db_seconds.clone()),
            Box::new(m.db_commits.clone()),
            Box::new(m.shard_up.clone()),
            Box::new(m.bus_lost.clone()),
            Box::new(m.bus_sent.clone()),
            Box::new(m.bus_dropped.clone()),
        ] {
            r.register(c).expect("each metric registered once");
        }
        m
    }

    /// Counts an interaction and, when answered, how long the answer took.
    pub fn interaction(&self, kind: &str, outcome: &str, took: Option<std::time::Duration>) {
        self.interactions.with_label_values(&[kind, outcome]).inc();
        if let Some(took) = took {
            self.answer_seconds
                .with_label_values(&[kind])
                .observe(took.as_secs_f64());
        }
    }

    /// Sets `gin_bus_listening`, shown from the first time on (a process without a bus has
    /// none to show).
    pub fn bus_listening(&self, listening: bool) {
        self.bus_shown.call_once(|| {
            let gauge = Box::new(self.bus_listening.clone());
            self.registry
                .register(gauge)
                .expect("each metric registered once");
        });
        self.bus_listening.set(i64::from(listening));
    }

    /// The metrics in Prometheus' text format.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        if let Err(e) = TextEncoder::new().encode(&self.registry.gather(), &mut out) {
            tracing::warn!(error = %e, "encoding the metrics");
        }
        String::from_utf8(out).unwrap_or_default()
    }
}

/// `gin --health`: asks the running bot's `/health` at `metrics_addr` (its own address when
/// it listens on all of them). Healthy when it answers 200, or when there is nothing to ask
/// (`metrics_addr` empty: the endpoint is off, and a container must not be called unhealthy
/// for that). What is wrong otherwise, in one line.
pub fn check_health(metrics_addr: &str) -> Result<(), String> {
    use std::io::{Read, Write};
    use std::time::Duration;
    let addr = metrics_addr.trim();
    if addr.is_empty() {
        return Ok(());
    }
    let mut addr: std::net::SocketAddr = addr
        .parse()
        .map_err(|_| format!("metrics_addr `{addr}` is not an address and port"))?;
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            std::net::SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            std::net::SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    let wait = Duration::from_secs(5);
    let unreachable = |e: std::io::Error| format!("{addr}: {e}");
    let mut stream = std::net::TcpStream::connect_timeout(&addr, wait).map_err(unreachable)?;
    stream.set_read_timeout(Some(wait)).map_err(unreachable)?;
    stream.set_write_timeout(Some(wait)).map_err(unreachable)?;
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .map_err(unreachable)?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).map_err(unreachable)?;
    let raw = String::from_utf8_lossy(&raw);
    if raw.starts_with("HTTP/1.1 200 ") {
        return Ok(());
    }
    let status = raw.lines().next().unwrap_or("no answer");
    let body = raw
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.trim())
        .unwrap_or("");
    Err(format!("{status}: {}", body.replace('\n', "; ")))
}

#[cfg(test)]
mod tests {
    use super::check_health;
    use std::io::{Read, Write};

    /// A server on a free port of 127.0.0.1 that answers one connection with `answer`; its
    /// port.
    fn answering(answer: &'static str) -> u16 {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            let mut buf = [0u8; 1024];
            let _ = s.read(&mut buf);
            let _ = s.write_all(answer.as_bytes());
        });
        port
    }

    /// Healthy when metrics are off or `/health` says 200 (asked on the loopback when the
    /// bot listens on every address); not when it says 503, or nobody answers.
    #[test]
    fn the_container_health_check_asks_the_bot() {
        assert_eq!(check_health(""), Ok(()));
        let ok = answering("HTTP/1.1 200 OK\r\ncontent-length: 3\r\n\r\nok\n");
        assert_eq!(check_health(&format!("0.0.0.0:{ok}")), Ok(()));
        let red = answering(
            "HTTP/1.1 503 Service Unavailable\r\ncontent-length: 23\r\n\r\ndatabase: held\ngateway\n",
        );
        let e = check_health(&format!("127.0.0.1:{red}")).unwrap_err();
        assert!(e.contains("503") && e.contains("database: held"), "{e}");
        let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = closed.local_addr().unwrap().port();
        drop(closed);
        assert!(check_health(&format!("127.0.0.1:{port}")).is_err());
        assert!(check_health("nonsense").is_err());
    }
}
