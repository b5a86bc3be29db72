//! The operators' endpoint on `metrics_addr`: `GET /metrics` (Prometheus' text format) and
//! `GET /health` (200 when every shard of the process is connected to the gateway and the
//! database takes a write within [`DB_DEADLINE`]; 503 with the reasons otherwise).

use crate::games::Games;
use crate::store::Shards;
use bytes::Bytes;
use http_body_util::Full;
use hyper::{Request, Response, StatusCode};
use poise::serenity_prelude as serenity;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the health check waits for the database to take a write.
const DB_DEADLINE: Duration = Duration::from_secs(2);

/// What the endpoint looks at.
#[derive(Clone)]
pub(super) struct Watch {
    pub games: Arc<Games>,
    pub manager: Arc<serenity::ShardManager>,
    pub shards: Shards,
}

/// Binds `addr` and serves until the process stops. A port that cannot be bound is an error
/// at start, not a silent absence.
pub(super) async fn serve(addr: SocketAddr, watch: Watch) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(%addr, "metrics and health check served");
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
            let watch = watch.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |req| {
                    let watch = watch.clone();
                    async move { Ok::<_, Infallible>(answer(&watch, req).await) }
                });
                let io = hyper_util::rt::TokioIo::new(stream);
                if let Err(e) = hyper::server::conn::http1::Builder::new()
                    .serve_connection(io, service)
                    .await
                {
                    tracing::debug!(error = %e, "a metrics connection");
                }
            });
        }
    });
    Ok(())
}

async fn answer(watch: &Watch, req: Request<hyper::body::Incoming>) -> Response<Full<Bytes>> {
    if req.method() != hyper::Method::GET {
        return text(StatusCode::METHOD_NOT_ALLOWED, "GET only\n".into());
    }
    match req.uri().path() {
        "/metrics" => {
            let metrics = crate::metrics::get();
            metrics.live_matches.set(watch.games.live_count() as i64);
            shard_status(watch).await;
            text(StatusCode::OK, metrics.render())
        }
        "/health" => {
            let problems = health(watch).await;
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
async fn health(watch: &Watch) -> Vec<String> {
    let mut problems = Vec::new();
    let down = shard_status(watch).await;
    if !down.is_empty() {
        problems.push(format!("gateway: shards {down:?} not connected"));
    }
    let started = Instant::now();
    match tokio::time::timeout(DB_DEADLINE, watch.games.db.probe_write()).await {
        Ok(Ok(())) => crate::metrics::get()
            .db_seconds
            .with_label_values(&["probe"])
            .observe(started.elapsed().as_secs_f64()),
        Ok(Err(e)) => problems.push(format!("database: {e}")),
        Err(_) => problems.push(format!("database: no write within {DB_DEADLINE:?}")),
    }
    problems
}

/// Sets `gin_shard_up` for each shard of the process; returns those not connected.
async fn shard_status(watch: &Watch) -> Vec<u32> {
    let runners = watch.manager.runners.lock().await;
    let mut down = Vec::new();
    for shard in watch.shards.first..=watch.shards.last {
        let up = runners
            .get(&serenity::ShardId(shard))
            .is_some_and(|r| r.stage == serenity::ConnectionStage::Connected);
        crate::metrics::get()
            .shard_up
            .with_label_values(&[&shard.to_string()])
            .set(i64::from(up));
        if !up {
            down.push(shard);
        }
    }
    down
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
