//! The operators' endpoint on `metrics_addr`: `GET /metrics` (Prometheus' text format) and
//! `GET /health` (200 when every shard of the process is connected to the gateway, the
//! database takes a write within [`DB_DEADLINE`] and, with processes sharing the database,
//! the bus's listener hears them; 503 with the reasons otherwise).
//!
//! It asks for no credentials, so nobody may hold it up or make it work: the database is
//! probed at most once per [`PROBE_EVERY`] however often `/health` is asked, a client has
//! [`HEADER_TIMEOUT`] to send its request's headers, a connection lasts at most
//! [`CONNECTION_TIMEOUT`], and past [`MAX_CONNECTIONS`] at once a new one is answered 503.

use crate::discord::Gateway;
use crate::games::Games;
use bytes::Bytes;
use http_body_util::Full;
use hyper::{Request, Response, StatusCode};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the health check waits for the database to take a write.
const DB_DEADLINE: Duration = Duration::from_secs(2);
/// One probe write serves every health check within this time of it.
const PROBE_EVERY: Duration = Duration::from_secs(1);
/// How long a client may take to send a request's headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one connection may stay open, requests and all.
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(30);
/// Connections served at once (a scraper and a health checker need two).
const MAX_CONNECTIONS: usize = 16;

/// The answer to a connection past [`MAX_CONNECTIONS`].
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n\
content-length: 5\r\nconnection: close\r\n\r\nbusy\n";

/// What the endpoint looks at.
#[derive(Clone)]
pub(super) struct Watch {
    pub games: Arc<Games>,
    pub gateway: Gateway,
}

/// The last probe of the database and what it found, shared by every health check.
#[derive(Default)]
struct Probe(tokio::sync::Mutex<Option<(Instant, Result<(), String>)>>);

impl Probe {
    /// What `probe` finds when asked at `now`, or what the probe begun less than
    /// [`PROBE_EVERY`] before found. Checks that arrive while a probe runs wait for it.
    async fn check<F>(&self, now: Instant, probe: impl FnOnce() -> F) -> Result<(), String>
    where
        F: std::future::Future<Output = Result<(), String>>,
    {
        let mut last = self.0.lock().await;
        if let Some((at, found)) = &*last {
            if now.saturating_duration_since(*at) < PROBE_EVERY {
                return found.clone();
            }
        }
        let found = probe().await;
        *last = Some((now, found.clone()));
        found
    }
}

/// Binds `addr` and serves until the process stops. A port that cannot be bound is an error
/// at start, not a silent absence.
pub(super) async fn serve(addr: SocketAddr, watch: Watch) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(%addr, "metrics and health check served");
    let probe = Arc::new(Probe::default());
    let permits = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    tokio::spawn(async move {
        loop {
            let (stream, _) = match listener.accept().await {
                Ok(accepted) => accepted,
                Err(e) => {
                    tracing::warn!(error = %e, "accepting a metrics connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let Ok(permit) = permits.clone().try_acquire_owned() else {
                tokio::spawn(refuse(stream));
                continue;
            };
            let (watch, probe) = (watch.clone(), probe.clone());
            tokio::spawn(async move {
                let _permit = permit;
                let service = hyper::service::service_fn(move |req| {
                    let (watch, probe) = (watch.clone(), probe.clone());
                    async move { Ok::<_, Infallible>(answer(&watch, &probe, req).await) }
                });
                let io = hyper_util::rt::TokioIo::new(stream);
                let connection = hyper::server::conn::http1::Builder::new()
                    .timer(hyper_util::rt::TokioTimer::new())
                    .header_read_timeout(HEADER_TIMEOUT)
                    // One request a connection: a scraper's kept-alive connection would
                    // otherwise be cut mid-request by the connection's time limit.
                    .keep_alive(false)
                    .serve_connection(io, service);
                match tokio::time::timeout(CONNECTION_TIMEOUT, connection).await {
                    Ok(Ok(())) => {}
                    Ok(Err(e)) => tracing::debug!(error = %e, "a metrics connection"),
                    Err(_) => tracing::debug!("a metrics connection outlasted its time"),
                }
            });
        }
    });
    Ok(())
}

/// Answers a connection past the limit with 503 and closes it.
async fn refuse(stream: tokio::net::TcpStream) {
    tracing::debug!("too many metrics connections: one refused");
    let sent = tokio::time::timeout(Duration::from_secs(1), stream.writable()).await;
    if matches!(sent, Ok(Ok(()))) {
        let _ = stream.try_write(BUSY);
    }
}

async fn answer(
    watch: &Watch,
    probe: &Probe,
    req: Request<hyper::body::Incoming>,
) -> Response<Full<Bytes>> {
    if req.method() != hyper::Method::GET {
        return text(StatusCode::METHOD_NOT_ALLOWED, "GET only\n".into());
    }
    match req.uri().path() {
        "/metrics" => {
            let metrics = crate::metrics::get();
            metrics.live_matches.set(watch.games.live_count() as i64);
            if let Some(listening) = watch.games.db.bus().listening() {
                metrics.bus_listening(listening);
            }
            shard_status(watch).await;
            text(StatusCode::OK, metrics.render())
        }
        "/health" => {
            let problems = health(watch, probe).await;
            if problems.is_empty() {
                text(StatusCode::OK, "ok\n".into())
            } else {
                text(StatusCode::SERVICE_UNAVAILABLE, problems.join("\n") + "\n")
            }
        }
        _ => text(StatusCode::NOT_FOUND, "/metrics or /health\n".into()),
    }
}

/// What is wrong, one line each; nothing when all is well.
async fn health(watch: &Watch, probe: &Probe) -> Vec<String> {
    let mut problems = Vec::new();
    let down = shard_status(watch).await;
    if !down.is_empty() {
        problems.push(format!("gateway: shards {down:?} not connected"));
    }
    let database = probe.check(Instant::now(), || async {
        let started = Instant::now();
        match tokio::time::timeout(DB_DEADLINE, watch.games.db.heartbeat().probe_write()).await {
            Ok(Ok(())) => {
                crate::metrics::get()
                    .db_seconds
                    .with_label_values(&["probe"])
                    .observe(started.elapsed().as_secs_f64());
                Ok(())
            }
            Ok(Err(e)) => Err(format!("database: {e}")),
            Err(_) => Err(format!("database: no write within {DB_DEADLINE:?}")),
        }
    });
    if let Err(problem) = database.await {
        problems.push(problem);
    }
    problems.extend(bus_problem(watch.games.db.bus().listening()));
    problems
}

/// What is wrong with the bus, if it runs (`listening`) and does not hear: the pages of this
/// process miss the other processes' moves meanwhile.
fn bus_problem(listening: Option<bool>) -> Option<String> {
    (listening == Some(false))
        .then(|| "bus: the listener does not hear the other processes (reconnecting)".to_string())
}

/// Sets `gin_shard_up` for each shard of the process; returns those not connected.
async fn shard_status(watch: &Watch) -> Vec<u32> {
    watch.gateway.down().await
}

fn text(status: StatusCode, body: String) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("text/plain; version=0.0.4"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Only a bus that runs and does not hear is a problem.
    #[test]
    fn only_a_bus_that_does_not_hear_is_a_problem() {
        assert_eq!(bus_problem(None), None);
        assert_eq!(bus_problem(Some(true)), None);
        assert!(bus_problem(Some(false)).unwrap().starts_with("bus: "));
    }

    /// However many checks arrive, at once or one after another, the database is probed at
    /// most once per [`PROBE_EVERY`], and each check gets the finding.
    #[tokio::test]
    async fn health_checks_share_one_probe_a_second() {
        let probe = Probe::default();
        let probes = AtomicUsize::new(0);
        let write = || async {
            probes.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(50)).await;
            Err("database: held".to_string())
        };
        let start = Instant::now();
        let at_once =
            futures_util::future::join_all((0..20).map(|_| probe.check(start, write))).await;
        let held = Err("database: held".to_string());
        assert!(at_once.iter().all(|f| *f == held));
        for i in 1..=20 {
            let at = start + Duration::from_millis(45 * i);
            assert_eq!(probe.check(at, write).await, held);
        }
        assert_eq!(probes.load(Ordering::SeqCst), 1);
        assert_eq!(probe.check(start + PROBE_EVERY, write).await, held);
        assert_eq!(probes.load(Ordering::SeqCst), 2);
    }
}
