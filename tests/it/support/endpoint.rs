//! The operators' endpoint (`metrics_addr`) of a bot in this process. Its metrics are the
//! process's (one registry, `gin::metrics`), shared by every bot of this test binary: the
//! tests that read them or ask `/health` (which writes a probe the metrics count) take turns,
//! so that no other bot moves what one of them counts.

use super::wire::Bot;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::{Mutex, MutexGuard};

/// Held by the test that has the process's metrics to itself.
pub type Turn = MutexGuard<'static, ()>;

static METRICS: Mutex<()> = Mutex::const_new(());

/// A free port on 127.0.0.1.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The process's metrics, this test's until the turn is dropped.
pub async fn metrics_turn() -> Turn {
    METRICS.lock().await
}

/// A bot (its seeds from `first_seed` on) serving its endpoint on the returned port, once the
/// process's metrics are this test's until the turn is dropped.
pub async fn bot_with_metrics(first_seed: u32) -> (Bot, u16, Turn) {
    let turn = metrics_turn().await;
    let port = free_port();
    let bot =
        Bot::start_configured(first_seed, |c| c.metrics_addr = format!("127.0.0.1:{port}")).await;
    (bot, port, turn)
}

/// `GET path` on 127.0.0.1:`port`: the status and the body (status 0 if none came).
pub async fn http_get(port: u16, path: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    let raw = String::from_utf8_lossy(&raw);
    let status = raw
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = raw.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    (status, body.to_string())
}
