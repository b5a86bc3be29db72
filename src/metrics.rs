//! What operators watch: the process's Prometheus metrics, in one registry. Served, with the
//! health check, by [`crate::discord`] on `metrics_addr`; recorded where things happen.

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};
use std::sync::LazyLock;

/// Every metric of the process.
pub struct Metrics {
    registry: Registry,
    /// Interactions by kind (`command`, `press`) and outcome (`answered`, `deferred`,
    /// `failed`, `error`).
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
    /// 1 for each shard of the process that is connected to the gateway, 0 otherwise.
    pub shard_up: IntGaugeVec,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn get() -> &'static Metrics {
    &METRICS
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
            shard_up: IntGaugeVec::new(
                Opts::new(
                    "gin_shard_up",
                    "1 when the shard is connected to the gateway",
                ),
                &["shard"],
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
            Box::new(m.shard_up.clone()),
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

    /// The metrics in Prometheus' text format.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        if let Err(e) = TextEncoder::new().encode(&self.registry.gather(), &mut out) {
            tracing::warn!(error = %e, "encoding the metrics");
        }
        String::from_utf8(out).unwrap_or_default()
    }
}
