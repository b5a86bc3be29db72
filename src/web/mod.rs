//! The card table as a Discord Activity (docs/activity.md): a web server in the bot process,
//! one more presentation beside [`crate::ui`]. A move from the browser is [`Games::act`], as a
//! button press is (one owner per match, stored with its outbox before it is answered), and
//! what it requires, the channel's table message first, is delivered by the same deliverer.

mod assets;
mod auth;
mod instances;
mod session;
mod socket;
mod state;

use crate::config::{Config, Secret};
use crate::games::{Deliveries, Games, Outcome};
use crate::i18n::Lang;
use crate::ui::{Deliverer, Transport};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Json;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;

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
    /// Moves per user, as the bot limits commands and presses.
    limiter: crate::limit::Limiter,
    /// Code exchanges in all: each is a request to Discord, whoever asks.
    exchanges: crate::limit::Limiter,
    presence: socket::Presence,
    /// Activity instances as Discord last described them, and the bounds on asking.
    instances: instances::Instances,
    /// The bot's own user, once asked.
    bot: tokio::sync::OnceCell<auth::Player>,
}

/// Code exchanges the bot makes in all, a burst and then per minute.
const EXCHANGES: crate::config::Limits = crate::config::Limits {
    burst: 30,
    per_minute: 300,
};

/// The running web table.
pub struct Running {
    pub addr: SocketAddr,
    pub task: tokio::task::JoinHandle<()>,
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
    let mut origins = vec![format!("https://{}.discordsays.com", a.client_id)];
    origins.extend(a.origins.iter().cloned());
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
        exchanges: crate::limit::Limiter::new(&EXCHANGES),
        presence: socket::Presence::default(),
        instances: instances::Instances::new(a),
        bot: Default::default(),
    });
    let listener = match tokio::net::TcpListener::bind(a.addr.trim()).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(addr = %a.addr, error = %e, "the web table cannot listen: it is off");
            return None;
        }
    };
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
        .with_state(web);
    tracing::info!(%addr, "the web table listens");
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router).await {
            tracing::error!(error = %e, "the web table stopped");
        }
    });
    Some(Running { addr, task })
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

/// An error answer: `{"error": code}`.
fn error(status: StatusCode, code: &str) -> Response {
    (status, Json(serde_json::json!({ "error": code }))).into_response()
}

#[derive(serde::Deserialize)]
struct CodeBody {
    code: String,
}

/// `POST /api/token`: the SDK's code traded for the player's access token, and a session.
async fn token(
    axum::extract::State(web): axum::extract::State<Arc<Web>>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if !web.origin_allowed(&headers) {
        return error(StatusCode::FORBIDDEN, "origin");
    }
    static ASKED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let counter = ASKED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    if !web.exchanges.admit(0, counter, std::time::Instant::now()) {
        return error(StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    }
    let Ok(CodeBody { code }) = serde_json::from_slice(&body) else {
        return error(StatusCode::BAD_REQUEST, "bad_request");
    };
    if code.is_empty() || code.len() > 512 {
        return error(StatusCode::BAD_REQUEST, "bad_request");
    }
    match web.exchange.trade(&code).await {
        Ok((access_token, player)) => {
            let session = session::Session {
                user_id: player.id,
                name: player.name.clone(),
                expires: web.now() + web.session_secs,
            };
            tracing::info!(user = player.id, "web table: signed in");
            Json(serde_json::json!({
                "access_token": access_token,
                "session": session.issue(&web.key),
                "user": {"id": player.id.to_string(), "name": player.name},
            }))
            .into_response()
        }
        Err(e) => {
            tracing::warn!(error = %e, "web table: a code was not traded");
            error(StatusCode::UNAUTHORIZED, "unauthorized")
        }
    }
}
