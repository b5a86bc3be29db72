//! The card table as a Discord Activity (docs/activity.md): a web server in the bot process,
//! one more presentation beside [`crate::ui`]. A move from the browser is taken as a button
//! press is ([`Matches::act_elsewhere`](crate::games::Matches::act_elsewhere): one owner per
//! match, stored with its outbox before it is answered), and what it requires, the channel's
//! table message first and the mover's own open hand message too, is delivered by the same
//! deliverer.

mod apply;
mod assets;
mod auth;
mod games;
mod instances;
mod presence;
mod relay;
mod serve;
mod session;
mod socket;
mod state;
pub mod wire;

use crate::config::{Config, Secret};
use crate::games::{Deliveries, Games, Outcome};
use crate::i18n::Lang;
use crate::ui::{Deliverer, Transport};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderMap, HeaderName, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Json;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A future the web table awaits (the chat side's work).
pub type Pending<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// What the web table needs of the chat side: it delivers what a move stored (the channel's
/// table message first), and posts the public message a challenge or a practice match opens
/// with. The discord adapter hands in its deliverer.
pub trait Out: Send + Sync + 'static {
    fn deliver(&self, d: Deliveries) -> Pending<()>;
    /// False if it could not be posted.
    fn post(&self, channel: u64, outcome: Outcome, lang: Lang) -> Pending<bool>;
}

impl<T: Transport> Out for Arc<Deliverer<T>> {
    fn deliver(&self, d: Deliveries) -> Pending<()> {
        let deliverer = self.clone();
        Box::pin(async move { deliverer.deliver(d).await })
    }

    fn post(&self, channel: u64, outcome: Outcome, lang: Lang) -> Pending<bool> {
        let deliverer = self.clone();
        Box::pin(async move {
            let answer = deliverer.respond(outcome, lang).await;
            deliverer.post_answer(channel, answer).await
        })
    }
}

/// What every request of the web table can reach.
pub struct Web {
    games: Arc<Games>,
    out: Arc<dyn Out>,
    client_id: u64,
    /// Where requests may come from: Discord's proxy, and the configured ones.
    origins: Vec<String>,
    exchange: auth::Exchange,
    key: session::Key,
    session_secs: i64,
    /// Hellos and moves per user, as the bot limits commands and presses.
    limiter: crate::limit::Limiter,
    /// Requests per source.
    requests: crate::limit::Limiter<IpAddr>,
    /// Code exchanges (each a request to Discord) per source, and in all.
    sign_ins_per_source: crate::limit::Limiter<IpAddr>,
    sign_ins: crate::limit::Limiter<()>,
    /// The header a reverse proxy in front puts the client's address in, if one is trusted.
    source_header: Option<HeaderName>,
    /// Who has the table open, per channel.
    presence: presence::Presence,
    /// Activity instances as Discord last described them, and the bounds on asking.
    instances: instances::Instances,
    /// The bot's own user, once asked.
    bot: tokio::sync::OnceCell<auth::Player>,
    /// Requests for servers another process owns go to it (processes sharing PostgreSQL,
    /// each running part of the shards); `None`: every server is this process's.
    relay: Option<Arc<relay::Relay>>,
}

/// The longest code taken for a sign-in (Discord's are a few dozen characters).
const CODE_LIMIT: usize = 512;

/// The longest a stop waits for its pages to leave the shared lists.
pub const STOP_WAIT: Duration = Duration::from_secs(1);

/// The running web table.
pub struct Running {
    pub addr: SocketAddr,
    pub task: tokio::task::JoinHandle<()>,
    web: Arc<Web>,
    relay: Option<Arc<relay::Relay>>,
}

impl Running {
    /// A clean stop: the other processes' requests are no longer taken, and those being
    /// applied are answered within `grace` (false if some were not).
    pub async fn drain(&self, grace: Duration) -> bool {
        match &self.relay {
            Some(relay) => relay.drain(grace).await,
            None => true,
        }
    }

    /// Stops serving; where processes share the table, its pages leave the others' lists.
    /// At most `wait` (at most [`STOP_WAIT`] is asked): the database may be what the
    /// process stops for.
    pub async fn stop(self, wait: Duration) {
        self.task.abort();
        let left = tokio::time::timeout(wait, self.web.presence.leave_all()).await;
        if left.is_err() {
            tracing::warn!("web table: its pages not taken off the lists within {wait:?}");
        }
    }
}

/// Starts the web table if it is configured; if not, one log line says what is missing.
pub async fn start(config: &Config, games: Arc<Games>, out: Arc<dyn Out>) -> Option<Running> {
    let a = &config.activity;
    if let Some(missing) = a.missing() {
        tracing::info!(missing, "the Activity (web table) is off");
        return None;
    }
    let dir = std::path::PathBuf::from(&a.static_dir);
    if !dir.join("index.html").is_file() {
        tracing::warn!(
            static_dir = %a.static_dir,
            "the web table's page is not built: run `npm ci && npm run build` in activity/"
        );
    }
    // Bound first: a table that cannot listen takes no requests of the other processes
    // either (its relay would listen for them, and none would be answered).
    let listener = match tokio::net::TcpListener::bind(a.addr.trim()).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(addr = %a.addr, error = %e, "the web table cannot listen: it is off");
            return None;
        }
    };
    let relay = relay::Relay::new(&games.db);
    let mut origins = vec![format!("https://{}.discordsays.com", a.client_id)];
    origins.extend(a.origins.iter().cloned());
    // Where processes share the table, each shows the pages of the others too.
    let presence = if games.db.bus().origin().is_some() {
        presence::Presence::shared(games.clone(), a.presence_seconds)
    } else {
        presence::Presence::local()
    };
    let web = Arc::new(Web {
        games,
        out,
        client_id: a.client_id,
        origins,
        exchange: auth::Exchange::new(
            &config.api_base_url,
            a.client_id,
            a.client_secret.clone(),
            Secret::new(config.token.clone()),
        ),
        key: session::Key::from_secret(a.client_secret.expose()),
        session_secs: a.session_hours as i64 * 3600,
        limiter: crate::limit::Limiter::new(&config.limits),
        requests: crate::limit::Limiter::new(&a.requests_per_source),
        sign_ins_per_source: crate::limit::Limiter::new(&a.sign_ins_per_source),
        sign_ins: crate::limit::Limiter::new(&a.sign_ins),
        source_header: Some(a.source_header.trim())
            .filter(|h| !h.is_empty())
            .and_then(|h| HeaderName::try_from(h).ok()),
        presence,
        instances: instances::Instances::new(a),
        bot: Default::default(),
        relay: relay.as_ref().map(|(r, _)| r.clone()),
    });
    let addr = listener.local_addr().ok()?;
    let page = tower_http::services::ServeDir::new(&dir)
        .fallback(tower_http::services::ServeFile::new(dir.join("index.html")));
    let router = axum::Router::new()
        .route("/api/config", get(assets::config))
        .route("/api/strings/{lang}", get(assets::strings))
        .route("/api/token", post(token))
        .route("/api/ws", get(socket::upgrade))
        .route("/cards/{deck}/{file}", get(assets::card))
        .fallback_service(page)
        .layer(DefaultBodyLimit::max(a.body_bytes))
        .layer(axum::middleware::from_fn_with_state(web.clone(), paced))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(a.request_seconds),
        ))
        .with_state(web.clone());
    tracing::info!(%addr, "the web table listens");
    let bounds = serve::Bounds {
        connections: a.max_connections,
        per_source: a.connections_per_source,
        headers: Duration::from_secs(a.header_seconds),
    };
    let relay = relay.map(|(relay, heard)| {
        tokio::spawn(relay.clone().run(web.clone(), heard));
        relay
    });
    let kept = web.clone();
    let task = tokio::spawn(async move {
        tokio::select! {
            () = serve::serve(listener, router, bounds) => {}
            () = kept.presence.keep() => {}
        }
    });
    Some(Running {
        addr,
        task,
        web,
        relay,
    })
}

/// Every request: within its source's rate, or 429.
async fn paced(
    State(web): State<Arc<Web>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let source = web.source(peer, request.headers());
    if !web.requests.spend(source, Instant::now()) {
        return error(StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    }
    next.run(request).await
}

impl Web {
    /// Whether a request that acts for a player comes from the page as Discord serves it.
    fn origin_allowed(&self, headers: &HeaderMap) -> bool {
        headers
            .get(header::ORIGIN)
            .and_then(|o| o.to_str().ok())
            .is_some_and(|o| self.origins.iter().any(|a| a == o))
    }

    fn now(&self) -> i64 {
        self.games.now()
    }

    fn source(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        source_of(self.source_header.as_ref(), peer, headers)
    }

    /// Where `user` is with Activity instance `id`, as Discord says.
    async fn place(&self, id: &str, user: u64) -> instances::Place {
        self.instances.place(&self.exchange, id, user).await
    }

    /// [`Web::place`] for an open table checking again.
    async fn recheck_place(&self, id: &str, user: u64) -> instances::Place {
        self.instances.recheck_place(&self.exchange, id, user).await
    }

    /// The bot's own user: the AI's seat in a practice match.
    async fn bot_user(&self) -> Option<auth::Player> {
        self.bot
            .get_or_try_init(|| self.exchange.bot_user())
            .await
            .map_err(|e| tracing::warn!(error = %e, "web table: the bot's own user"))
            .ok()
            .cloned()
    }
}

/// Where a request comes from: the trusted proxy's `header` where one is configured (its
/// last address, the one that proxy wrote), else the connection's peer.
fn source_of(header: Option<&HeaderName>, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    header
        .and_then(|h| headers.get_all(h).iter().next_back())
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|v| v.trim().parse().ok())
        .map_or(source_key(peer.ip()), source_key)
}

/// The source an address counts as: an IPv4 address itself, an IPv6 address its /64 (one
/// host's usual share, which it may rotate through at will), an IPv4-mapped one its IPv4.
fn source_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

/// An error answer: `{"error": code}`.
fn error(status: StatusCode, code: &str) -> Response {
    let body = wire::ApiError {
        error: code.to_string(),
    };
    (status, Json(body)).into_response()
}

/// A code as Discord hands them out: short, of URL-safe characters.
fn well_formed(code: &str) -> bool {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-_.~".contains(c);
    !code.is_empty() && code.len() <= CODE_LIMIT && code.chars().all(allowed)
}

/// `POST /api/token`: the SDK's code traded for the player's access token, and a session.
/// A request is checked whole before it spends a sign-in of its source's, then one of all.
async fn token(
    State(web): State<Arc<Web>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> Response {
    if !web.origin_allowed(&headers) {
        return error(StatusCode::FORBIDDEN, "origin");
    }
    let body = match body {
        Ok(body) => body,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return error(StatusCode::PAYLOAD_TOO_LARGE, "too_large")
        }
        Err(_) => return error(StatusCode::BAD_REQUEST, "bad_request"),
    };
    let code = match serde_json::from_slice(&body) {
        Ok(wire::TokenRequest { code }) if well_formed(&code) => code,
        _ => return error(StatusCode::BAD_REQUEST, "bad_request"),
    };
    let now = Instant::now();
    let source = web.source(peer, &headers);
    if !web.sign_ins_per_source.spend(source, now) || !web.sign_ins.spend((), now) {
        return error(StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    }
    match web.exchange.trade(&code).await {
        Ok((access_token, player)) => {
            let session = session::Session {
                user_id: player.id,
                name: player.name.clone(),
                expires: web.now() + web.session_secs,
            };
            tracing::info!(user = player.id, "web table: signed in");
            Json(wire::SignedIn {
                access_token,
                session: session.issue(&web.key),
                user: wire::User {
                    id: player.id.to_string(),
                    name: player.name,
                },
            })
            .into_response()
        }
        // Discord refusing a code is anyone's junk, not the bot's trouble.
        Err(e @ auth::ExchangeError::Refused(_)) => {
            tracing::info!(error = %e, "web table: a code was not traded");
            error(StatusCode::UNAUTHORIZED, "unauthorized")
        }
        Err(e) => {
            tracing::warn!(error = %e, "web table: a code was not traded");
            error(StatusCode::UNAUTHORIZED, "unauthorized")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The peer is the source, unless a trusted proxy's header is configured: then the last
    /// address in it (what that proxy saw), the peer when it is missing or not an address.
    #[test]
    fn a_source_is_the_peer_or_the_trusted_proxys_last_address() {
        let peer: SocketAddr = ([10, 0, 0, 1], 5000).into();
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "1.1.1.1, 203.0.113.7".parse().unwrap());
        let forwarded = HeaderName::from_static("x-forwarded-for");
        assert_eq!(source_of(None, peer, &headers), peer.ip());
        let seen: IpAddr = [203, 0, 113, 7].into();
        assert_eq!(source_of(Some(&forwarded), peer, &headers), seen);
        headers.insert("x-forwarded-for", "somewhere".parse().unwrap());
        assert_eq!(source_of(Some(&forwarded), peer, &headers), peer.ip());
        headers.clear();
        assert_eq!(source_of(Some(&forwarded), peer, &headers), peer.ip());
    }

    /// Addresses of one IPv6 /64 are one source; an IPv4-mapped address is its IPv4.
    #[test]
    fn an_ipv6_source_is_its_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(source_key(a), source_key(b));
        assert_ne!(source_key(a), source_key(other));
        let mapped: IpAddr = "::ffff:192.0.2.9".parse().unwrap();
        assert_eq!(source_key(mapped), "192.0.2.9".parse::<IpAddr>().unwrap());
        let v4: IpAddr = "192.0.2.9".parse().unwrap();
        assert_eq!(source_key(v4), v4);
    }
}
