//! The web table's listener, bounded as the operators' endpoint is: connections at once, in
//! all and per source address, counted until the connection (or the socket it became) is
//! gone; a time to send each request's headers, which is also the longest a kept-alive
//! connection stays idle. Requests are served by hyper with the router's own layers.

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::Request;
use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// What a connection may hold.
pub(super) struct Bounds {
    pub connections: usize,
    pub per_source: usize,
    pub headers: Duration,
}

/// The answer to a connection past a bound.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
content-length: 16\r\nconnection: close\r\n\r\n{\"error\":\"busy\"}";

/// Serves `router` on `listener` until the process stops.
pub(super) async fn serve(listener: TcpListener, router: axum::Router, bounds: Bounds) {
    let gate = Arc::new(Gate {
        total: Arc::new(Semaphore::new(bounds.connections)),
        per_source: bounds.per_source,
        open: Mutex::default(),
    });
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors, most likely: others must close first.
                tracing::warn!(error = %e, "accepting a web table connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(held) = gate.clone().enter(super::source_key(peer.ip())) else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let service = router
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let io = hyper_util::rt::TokioIo::new(Counted {
            stream,
            _held: held,
        });
        let headers = bounds.headers;
        tokio::spawn(async move {
            let served = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(headers)
                .serve_connection(io, hyper_util::service::TowerToHyperService::new(service))
                .with_upgrades()
                .await;
            if let Err(e) = served {
                tracing::debug!(error = %e, "a web table connection");
            }
        });
    }
}

/// Answers a connection past a bound with 503 and closes it.
async fn refuse(stream: TcpStream) {
    let ready = tokio::time::timeout(Duration::from_secs(1), stream.writable()).await;
    if matches!(ready, Ok(Ok(()))) {
        let _ = stream.try_write(BUSY);
    }
}

/// The connections open, in all and per source.
struct Gate {
    total: Arc<Semaphore>,
    per_source: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

impl Gate {
    /// A place for a connection from `source`, if one is free.
    fn enter(self: Arc<Gate>, source: IpAddr) -> Option<Held> {
        let permit = self.total.clone().try_acquire_owned().ok()?;
        {
            let mut open = self.open.lock().expect("gate lock");
            let n = open.entry(source).or_default();
            if *n >= self.per_source {
                return None;
            }
            *n += 1;
        }
        Some(Held {
            gate: self,
            source,
            _permit: permit,
        })
    }
}

/// One connection's place, given back when it is dropped.
struct Held {
    gate: Arc<Gate>,
    source: IpAddr,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut open = self.gate.open.lock().expect("gate lock");
        if let Some(n) = open.get_mut(&self.source) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.source);
            }
        }
    }
}

/// A connection with its place: hyper hands it on to a socket after an upgrade, so the
/// place is held as long as the socket is open.
struct Counted {
    stream: TcpStream,
    _held: Held,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
