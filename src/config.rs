//! The bot's configuration: a TOML file (`--config`, default `config.toml`) with environment
//! overrides. Every problem is reported as one line that says what to fix.

use crate::engine::Preset;
use serde::Deserialize;
use std::path::Path;
use std::time::Duration;

/// More runtime threads than any machine the bot runs on could use: a typo, not a choice.
const MAX_RUNTIME_THREADS: usize = 1024;

/// Everything the bot reads at start.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The bot token (or `DISCORD_TOKEN` in the environment).
    #[serde(default)]
    pub token: String,
    /// Base URL replacing `https://discord.com` for every REST call (an HTTP proxy, or a fake
    /// Discord in tests). Empty: talk to Discord directly.
    #[serde(default)]
    pub api_base_url: String,
    /// Register the commands in this guild only (instant, for development); 0: globally.
    #[serde(default)]
    pub guild_id: u64,
    #[serde(default = "default_database_url")]
    pub database_url: String,
    /// When an answered move is safe: `full` (the default, see [`crate::store::Durability`])
    /// once it is on disk, so that even a power loss keeps every move a player saw accepted;
    /// `normal` once it is in the operating system's hands (a crash of the bot loses nothing,
    /// a power loss may lose the last moves).
    #[serde(default)]
    pub durability: crate::store::Durability,
    /// `tracing` filter, e.g. `info,gin=debug` (or `RUST_LOG`).
    #[serde(default = "default_log")]
    pub log: String,
    #[serde(default)]
    pub default_preset: PresetName,
    /// Upload the card art as the application's emojis at start and show cards as pictures
    /// (where servers and players chose them); `false`: cards are text everywhere.
    #[serde(default = "default_true")]
    pub card_emojis: bool,
    #[serde(default)]
    pub timeouts: Timeouts,
    /// The gateway shards this process runs, `FIRST-LAST/TOTAL` such as `0-3/8` (or
    /// `GIN_SHARDS`); unset: one shard, one process. Each process sweeps, warms up and
    /// delivers for its own servers only (see [`crate::store::Shards`]).
    #[serde(default, deserialize_with = "shards")]
    pub shards: Option<crate::store::Shards>,
    /// Whether this process registers the slash commands at start (or
    /// `GIN_REGISTER_COMMANDS`); unset: the process with shard 0 does, the others do not.
    #[serde(default)]
    pub register_commands: Option<bool>,
    /// Who keeps Discord's REST rate limits (or `GIN_RATELIMITER`): `own` (serenity's, in
    /// this process) or `proxy` (the HTTP proxy at `api_base_url`, shared by every process,
    /// such as twilight-http-proxy). Unset: `proxy` when `api_base_url` is set, else `own`.
    #[serde(default)]
    pub ratelimiter: Option<RateLimiter>,
    /// Where to serve Prometheus metrics (`/metrics`) and the health check (`/health`),
    /// e.g. `127.0.0.1:9100` (or `GIN_METRICS_ADDR`); empty: off.
    #[serde(default)]
    pub metrics_addr: String,
    /// Threads of the async runtime (or `GIN_RUNTIME_THREADS`); 0: one fewer than the CPUs
    /// the bot may use, at least one (see [`Config::runtime_threads`]).
    #[serde(default)]
    pub runtime_threads: usize,
    #[serde(default)]
    pub limits: Limits,
    #[serde(default)]
    pub activity: Activity,
}

/// The card table as a Discord Activity (docs/activity.md): a web server in this process.
/// Off unless `addr`, `client_id` and `client_secret` are all set.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Activity {
    /// Where the web table listens, e.g. `0.0.0.0:8080` (or `GIN_ACTIVITY_ADDR`); empty: off.
    pub addr: String,
    /// The application's id, its OAuth2 client id (or `GIN_CLIENT_ID`).
    pub client_id: u64,
    /// The application's OAuth2 client secret (or `GIN_CLIENT_SECRET`): it exchanges the
    /// players' codes and keys their sessions.
    pub client_secret: Secret,
    /// The built front end (`npm run build` in `activity/`; or `GIN_ACTIVITY_DIR`).
    pub static_dir: String,
    /// Origins allowed besides Discord's proxy (`https://{client_id}.discordsays.com`).
    pub origins: Vec<String>,
    /// How long a session lasts, in hours.
    pub session_hours: u64,
    /// Connections served at once, in all (open sockets count); past it a new one is
    /// answered 503 at once.
    pub max_connections: usize,
    /// Connections one source address may hold at once (or `GIN_CONNECTIONS_PER_SOURCE`).
    /// Discord's proxy reaches the table from a few addresses of its own, so this is a bound
    /// on a single address, not a player.
    pub connections_per_source: usize,
    /// Seconds a client has to send a request's headers; a kept-alive connection waits no
    /// longer than this for its next request.
    pub header_seconds: u64,
    /// Seconds to read a request's body and answer it.
    pub request_seconds: u64,
    /// The largest request body taken, in bytes (a sign-in's is a few hundred).
    pub body_bytes: usize,
    /// Requests one source may send: a burst, then per minute.
    pub requests_per_source: Limits,
    /// Sign-ins (`POST /api/token`, each a request to Discord) one source may ask for.
    pub sign_ins_per_source: Limits,
    /// Sign-ins in all, whoever asks.
    pub sign_ins: Limits,
    /// A header that carries the client's address, set by a reverse proxy of your own in
    /// front of the table (`X-Forwarded-For`: its last address is taken; or
    /// `GIN_SOURCE_HEADER`); empty: the peer's address. Anyone can send it, so set it only when every request comes through that
    /// proxy.
    pub source_header: String,
    /// How often an open table checks again that its player is still in the Activity, in
    /// seconds; Discord's answer is trusted this long.
    pub instance_recheck_secs: u64,
    /// Lookups of Activity instances at Discord per player (a burst, then per minute): each
    /// is a request with the bot's token, so made-up instances cannot spend its limits.
    pub instance_lookups: Limits,
    /// Lookups of Activity instances at Discord in all.
    pub instance_lookups_in_all: Limits,
    /// Where processes share the card table: how long a process's word that a page is open
    /// holds, in seconds, unless renewed (it renews at a third of it). A page of a process
    /// that died unseen leaves the others' lists after this long.
    pub presence_seconds: u64,
}

impl Default for Activity {
    fn default() -> Activity {
        Activity {
            addr: String::new(),
            client_id: 0,
            client_secret: Secret::default(),
            static_dir: "activity/dist".into(),
            origins: Vec::new(),
            session_hours: 12,
            max_connections: 1024,
            connections_per_source: 128,
            header_seconds: 10,
            request_seconds: 30,
            body_bytes: 2048,
            requests_per_source: Limits {
                burst: 300,
                per_minute: 3000,
            },
            sign_ins_per_source: Limits {
                burst: 20,
                per_minute: 120,
            },
            sign_ins: Limits {
                burst: 30,
                per_minute: 300,
            },
            source_header: String::new(),
            instance_recheck_secs: 60,
            instance_lookups: Limits {
                burst: 6,
                per_minute: 30,
            },
            instance_lookups_in_all: Limits {
                burst: 20,
                per_minute: 300,
            },
            presence_seconds: 30,
        }
    }
}

/// The seconds a process's word that a page is open may hold (`presence_seconds`).
const PRESENCE_SECONDS: std::ops::RangeInclusive<u64> = 5..=3600;

impl Activity {
    /// The web server's bounds: each at least 1; the source header a header's name.
    fn check(&self) -> Result<(), ConfigError> {
        let counts = [
            self.max_connections as u64,
            self.connections_per_source as u64,
            self.header_seconds,
            self.request_seconds,
            self.body_bytes as u64,
            self.presence_seconds,
        ];
        let rates = [
            &self.requests_per_source,
            &self.sign_ins_per_source,
            &self.sign_ins,
        ];
        if counts.contains(&0) || rates.iter().any(|l| l.burst == 0 || l.per_minute == 0) {
            return Err(ConfigError::Value(
                "the web table's bounds in [activity] (connections, seconds, bytes, \
                 bursts and rates) must each be at least 1"
                    .into(),
            ));
        }
        if !PRESENCE_SECONDS.contains(&self.presence_seconds) {
            return Err(ConfigError::Value(format!(
                "activity.presence_seconds must be from {} to {}: long enough for a renewal \
                 at a third of it to land, short enough for a lost page to leave",
                PRESENCE_SECONDS.start(),
                PRESENCE_SECONDS.end()
            )));
        }
        let header = self.source_header.trim();
        if !header
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(ConfigError::Value(format!(
                "activity.source_header must be a header's name such as X-Forwarded-For, \
                 not `{header}`"
            )));
        }
        Ok(())
    }

    /// What is missing for the web table to run, if anything: it is then off.
    pub fn missing(&self) -> Option<&'static str> {
        if self.addr.trim().is_empty() {
            Some("activity.addr")
        } else if self.client_id == 0 {
            Some("activity.client_id")
        } else if self.client_secret.expose().trim().is_empty() {
            Some("activity.client_secret")
        } else {
            None
        }
    }
}

/// A secret from the configuration: its `Debug` never shows it, so no log line can.
#[derive(Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(s: impl Into<String>) -> Secret {
        Secret(s.into())
    }

    /// The secret itself, for the one place that sends it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_empty() {
            "(none)"
        } else {
            "(hidden)"
        })
    }
}

/// How many commands and button presses one user may send: a burst of `burst`, then
/// `per_minute` (a token bucket per user). Beyond that, a friendly private answer and nothing
/// done. Normal play never comes near it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    pub burst: u32,
    pub per_minute: u32,
}

/// `BURST/PER_MINUTE`, as `GIN_LIMITS` gives them.
impl std::str::FromStr for Limits {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<Limits, ConfigError> {
        let bad = || {
            ConfigError::Value(format!(
                "GIN_LIMITS must be BURST/PER_MINUTE such as 30/90, not `{s}`"
            ))
        };
        let (burst, per_minute) = s.trim().split_once('/').ok_or_else(bad)?;
        Ok(Limits {
            burst: burst.trim().parse().map_err(|_| bad())?,
            per_minute: per_minute.trim().parse().map_err(|_| bad())?,
        })
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            burst: 30,
            per_minute: 90,
        }
    }
}

/// Who keeps Discord's REST rate limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RateLimiter {
    /// Serenity's own limiter: right for one process talking to Discord directly.
    Own,
    /// A proxy in front of Discord's API does it for every process; serenity's is off.
    Proxy,
}

impl std::str::FromStr for RateLimiter {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<RateLimiter, ConfigError> {
        match s.trim() {
            "own" => Ok(RateLimiter::Own),
            "proxy" => Ok(RateLimiter::Proxy),
            other => Err(ConfigError::Value(format!(
                "ratelimiter must be `own` or `proxy`, not `{other}`"
            ))),
        }
    }
}

fn shards<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<crate::store::Shards>, D::Error> {
    let s = String::deserialize(d)?;
    if s.trim().is_empty() {
        return Ok(None);
    }
    s.parse().map(Some).map_err(serde::de::Error::custom)
}

/// A preset named in the config file.
#[derive(Debug, Clone, Copy, Default)]
pub struct PresetName(pub Preset);

impl<'de> Deserialize<'de> for PresetName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map(PresetName).map_err(serde::de::Error::custom)
    }
}

/// How long things may wait, in the units players think in.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Timeouts {
    /// An unanswered challenge expires after this many minutes.
    pub challenge_minutes: u64,
    /// The player to move is reminded after this many idle minutes.
    pub reminder_minutes: u64,
    /// And forfeits the match after this many idle hours.
    pub forfeit_hours: u64,
    /// How often the idle sweeper looks, in seconds (each look renews the lease of the
    /// process's shards, which runs out after three).
    pub sweep_seconds: u64,
    /// The AI's pause before each move, in milliseconds (so its moves can be followed).
    pub ai_delay_ms: u64,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            challenge_minutes: 15,
            reminder_minutes: 30,
            forfeit_hours: 24,
            sweep_seconds: 30,
            ai_delay_ms: 1500,
        }
    }
}

impl Timeouts {
    pub fn challenge(&self) -> Duration {
        Duration::from_secs(self.challenge_minutes * 60)
    }
    pub fn reminder(&self) -> Duration {
        Duration::from_secs(self.reminder_minutes * 60)
    }
    pub fn forfeit(&self) -> Duration {
        Duration::from_secs(self.forfeit_hours * 3600)
    }
}

fn default_database_url() -> String {
    "sqlite://gin.db".into()
}

fn default_true() -> bool {
    true
}

fn default_log() -> String {
    "info".into()
}

/// A configuration problem, worded as the fix.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {reason} (copy config.example.toml to {path}, or pass --config PATH)")]
    Unreadable { path: String, reason: String },
    #[error("the config file {path} is not valid: {reason}")]
    Invalid { path: String, reason: String },
    #[error("no Discord bot token: set DISCORD_TOKEN or `token` in {path}")]
    MissingToken { path: String },
    #[error("{0}")]
    Value(String),
}

impl Default for Config {
    fn default() -> Config {
        toml::from_str("").expect("every key has a default")
    }
}

impl Config {
    /// The log filter: [`Config::log`], with serenity's HTTP client held to errors whatever
    /// it says. Its spans carry each request: an interaction's route holds its token (with
    /// which anyone can post as the bot for 15 minutes), and a hand's edit its cards.
    /// A directive of the operator's that names a target inside `serenity::http` would beat
    /// the cap (the most specific directive wins), so it is left out.
    pub fn log_filter(&self) -> Result<tracing_subscriber::EnvFilter, String> {
        let kept: Vec<&str> = self
            .log
            .split(',')
            .filter(|d| !d.trim().starts_with("serenity::http"))
            .collect();
        let filter = tracing_subscriber::EnvFilter::try_new(kept.join(","))
            .map_err(|e| format!("the log filter `{}` is not valid: {e}", self.log))?;
        Ok(filter.add_directive("serenity::http=error".parse().expect("a directive")))
    }

    /// Reads `path` (a missing file reads as the defaults: the environment may supply the rest;
    /// the caller decides whether a file it was told to read may be missing), then
    /// applies `DISCORD_TOKEN`, `GIN_API_BASE_URL`, `GIN_GUILD_ID`, `DATABASE_URL`, `RUST_LOG`.
    pub fn load(path: &Path, env: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let shown = path.display().to_string();
        let mut config = match std::fs::read_to_string(path) {
            Ok(text) => Config::parse(&text, &shown)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Config::default(),
            Err(e) => {
                return Err(ConfigError::Unreadable {
                    path: shown,
                    reason: e.to_string(),
                })
            }
        };
        if let Some(v) = env("DISCORD_TOKEN").filter(|v| !v.trim().is_empty()) {
            config.token = v;
        }
        if let Some(v) = env("GIN_API_BASE_URL") {
            config.api_base_url = v;
        }
        if let Some(v) = env("GIN_GUILD_ID") {
            config.guild_id = v.trim().parse().map_err(|_| {
                ConfigError::Value(format!(
                    "GIN_GUILD_ID must be a server id (a number), not `{v}`"
                ))
            })?;
        }
        if let Some(v) = env("DATABASE_URL") {
            config.database_url = v;
        }
        if let Some(v) = env("RUST_LOG") {
            config.log = v;
        }
        if let Some(v) = env("GIN_SHARDS").filter(|v| !v.trim().is_empty()) {
            config.shards = Some(v.parse().map_err(ConfigError::Value)?);
        }
        if let Some(v) = env("GIN_REGISTER_COMMANDS") {
            config.register_commands = Some(match v.trim() {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" => false,
                other => {
                    return Err(ConfigError::Value(format!(
                        "GIN_REGISTER_COMMANDS must be true or false, not `{other}`"
                    )))
                }
            });
        }
        if let Some(v) = env("GIN_RATELIMITER") {
            config.ratelimiter = Some(v.parse()?);
        }
        if let Some(v) = env("GIN_METRICS_ADDR") {
            config.metrics_addr = v;
        }
        if let Some(v) = env("GIN_RUNTIME_THREADS").filter(|v| !v.trim().is_empty()) {
            config.runtime_threads = v.trim().parse().map_err(|_| {
                ConfigError::Value(format!(
                    "GIN_RUNTIME_THREADS must be a number of threads (0: automatic), not `{v}`"
                ))
            })?;
        }
        if let Some(v) = env("GIN_LIMITS").filter(|v| !v.trim().is_empty()) {
            config.limits = v.parse()?;
        }
        if let Some(v) = env("GIN_ACTIVITY_ADDR") {
            config.activity.addr = v;
        }
        if let Some(v) = env("GIN_CLIENT_ID").filter(|v| !v.trim().is_empty()) {
            config.activity.client_id = v.trim().parse().map_err(|_| {
                ConfigError::Value(format!(
                    "GIN_CLIENT_ID must be the application's id (a number), not `{v}`"
                ))
            })?;
        }
        if let Some(v) = env("GIN_ACTIVITY_DIR").filter(|v| !v.trim().is_empty()) {
            config.activity.static_dir = v;
        }
        if let Some(v) = env("GIN_CLIENT_SECRET").filter(|v| !v.trim().is_empty()) {
            config.activity.client_secret = Secret::new(v.trim());
        }
        if let Some(v) = env("GIN_SOURCE_HEADER") {
            config.activity.source_header = v.trim().to_string();
        }
        if let Some(v) = env("GIN_CONNECTIONS_PER_SOURCE").filter(|v| !v.trim().is_empty()) {
            config.activity.connections_per_source = v.trim().parse().map_err(|_| {
                ConfigError::Value(format!(
                    "GIN_CONNECTIONS_PER_SOURCE must be a number of connections, not `{v}`"
                ))
            })?;
        }
        config.check(&shown)?;
        Ok(config)
    }

    /// The async runtime's threads: as configured, or one fewer than the CPUs the bot may
    /// use (its affinity and quota; at least one). Beside the runtime the bot keeps two
    /// threads busy under load, the database writer and SQLite's worker (on PostgreSQL, the
    /// writer alone). On two cores, one runtime thread rather than two cost 9%
    /// less CPU per move at 1,000 moves a second (fewer threads parking and waking each
    /// other) for 3 to 4% less throughput when saturated (README, "What a move costs").
    pub fn runtime_threads(&self) -> usize {
        if self.runtime_threads > 0 {
            return self.runtime_threads;
        }
        std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
    }

    /// The shards this process runs (all of them, one shard, unless `shards` says otherwise).
    pub fn shard_range(&self) -> crate::store::Shards {
        self.shards.unwrap_or(crate::store::Shards::ALL)
    }

    /// Whether this process registers the slash commands.
    pub fn registers_commands(&self) -> bool {
        self.register_commands
            .unwrap_or_else(|| self.shard_range().has_first())
    }

    /// Whether a proxy keeps the REST rate limits (serenity's own limiter is off).
    pub fn proxy_limits(&self) -> bool {
        self.ratelimiter
            .unwrap_or(if self.api_base_url.trim().is_empty() {
                RateLimiter::Own
            } else {
                RateLimiter::Proxy
            })
            == RateLimiter::Proxy
    }

    /// Parses the file's text; `path` only names it in errors.
    pub fn parse(text: &str, path: &str) -> Result<Config, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::Invalid {
            path: path.to_string(),
            reason: e.message().to_string()
                + &e.span()
                    .map(|s| format!(" (at line {})", text[..s.start].lines().count().max(1)))
                    .unwrap_or_default(),
        })
    }

    fn check(&self, path: &str) -> Result<(), ConfigError> {
        if self.token.trim().is_empty() {
            return Err(ConfigError::MissingToken {
                path: path.to_string(),
            });
        }
        let base = self.api_base_url.trim();
        if !(base.is_empty() || base.starts_with("http://") || base.starts_with("https://")) {
            return Err(ConfigError::Value(format!(
                "api_base_url must start with http:// or https://, not `{base}`"
            )));
        }
        if base.is_empty() && self.ratelimiter == Some(RateLimiter::Proxy) {
            return Err(ConfigError::Value(
                "ratelimiter = \"proxy\" needs api_base_url: the proxy that keeps the limits"
                    .into(),
            ));
        }
        if !base.is_empty() && self.ratelimiter == Some(RateLimiter::Own) {
            return Err(ConfigError::Value(
                "ratelimiter = \"own\" cannot go with api_base_url: serenity sends nothing \
                 through a proxy while its own rate limiter is on; use \"proxy\", with a proxy \
                 that keeps Discord's limits (twilight-http-proxy)"
                    .into(),
            ));
        }
        let metrics = self.metrics_addr.trim();
        if !metrics.is_empty() && metrics.parse::<std::net::SocketAddr>().is_err() {
            return Err(ConfigError::Value(format!(
                "metrics_addr must be an address and port such as 127.0.0.1:9100, not `{metrics}`"
            )));
        }
        if self.runtime_threads > MAX_RUNTIME_THREADS {
            return Err(ConfigError::Value(format!(
                "runtime_threads must be at most {MAX_RUNTIME_THREADS} (0: automatic), not {}",
                self.runtime_threads
            )));
        }
        let web = self.activity.addr.trim();
        if !web.is_empty() && web.parse::<std::net::SocketAddr>().is_err() {
            return Err(ConfigError::Value(format!(
                "activity.addr must be an address and port such as 0.0.0.0:8080, not `{web}`"
            )));
        }
        let s = self.shard_range();
        let split = !(s.first == 0 && s.last + 1 == s.total);
        let postgres = self.database_url.trim().starts_with("postgres");
        if self.activity.missing().is_none() && split && !postgres {
            return Err(ConfigError::Value(
                "the card table across processes needs PostgreSQL: its processes talk through \
                 LISTEN/NOTIFY (with the shards split, set database_url to postgres://…, or \
                 leave [activity] off)"
                    .into(),
            ));
        }
        if self.activity.session_hours == 0 {
            return Err(ConfigError::Value(
                "activity.session_hours must be at least 1".into(),
            ));
        }
        let a = &self.activity;
        let lookups = [&a.instance_lookups, &a.instance_lookups_in_all];
        if a.instance_recheck_secs == 0 || lookups.iter().any(|l| l.burst == 0 || l.per_minute == 0)
        {
            return Err(ConfigError::Value(
                "activity.instance_recheck_secs, and the burst and per_minute of \
                 activity.instance_lookups and activity.instance_lookups_in_all, must be at least 1"
                    .into(),
            ));
        }
        if let Some(o) =
            self.activity.origins.iter().find(|o| {
                !(o.starts_with("http://") || o.starts_with("https://")) || o.ends_with('/')
            })
        {
            return Err(ConfigError::Value(format!(
                "activity.origins are origins such as https://example.org (scheme and host, \
                 no path), not `{o}`"
            )));
        }
        self.activity.check()?;
        if self.limits.burst == 0 || self.limits.per_minute == 0 {
            return Err(ConfigError::Value(
                "every value in [limits] must be at least 1".into(),
            ));
        }
        let t = &self.timeouts;
        if t.challenge_minutes == 0
            || t.reminder_minutes == 0
            || t.forfeit_hours == 0
            || t.sweep_seconds == 0
        {
            return Err(ConfigError::Value(
                "every value in [timeouts] must be at least 1".into(),
            ));
        }
        if t.reminder() >= t.forfeit() {
            return Err(ConfigError::Value(
                "timeouts.reminder_minutes must be shorter than timeouts.forfeit_hours".into(),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever the operator's filter, serenity's requests (their spans carry interaction
    /// tokens) are not logged, and the rest is as asked.
    #[test]
    fn the_log_never_shows_serenitys_requests() {
        use tracing::Level;
        use tracing_subscriber::layer::SubscriberExt;
        for spec in [
            "info",
            "debug",
            "trace",
            "warn,gin=debug",
            "serenity=trace",
            "info,serenity::http::client=info,serenity::http::ratelimiting=trace",
        ] {
            let config = Config {
                log: spec.into(),
                ..Config::default()
            };
            let filter = config.log_filter().unwrap();
            let subscriber = tracing_subscriber::registry().with(filter);
            tracing::subscriber::with_default(subscriber, || {
                assert!(
                    !tracing::enabled!(target: "serenity::http::client", Level::INFO),
                    "{spec}"
                );
                assert!(
                    !tracing::enabled!(target: "serenity::http::ratelimiting", Level::WARN),
                    "{spec}"
                );
                assert!(
                    tracing::enabled!(target: "serenity::gateway::shard", Level::WARN),
                    "{spec}"
                );
            });
        }
        let bad = Config {
            log: "gin=loud".into(),
            ..Config::default()
        };
        assert!(bad.log_filter().unwrap_err().contains("gin=loud"));
    }

    fn no_env(_: &str) -> Option<String> {
        None
    }

    /// The card table: off until its address, id and secret are all set (from the file or
    /// the environment); the secret never shows in a debug print (a log line); bad values are
    /// one clear line.
    #[test]
    fn the_card_tables_keys_are_read_checked_and_the_secret_never_shown() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "token='x'\n[activity]\naddr='127.0.0.1:8080'").unwrap();
        let c = Config::load(&path, no_env).unwrap();
        assert_eq!(c.activity.missing(), Some("activity.client_id"));
        let env = |k: &str| match k {
            "GIN_CLIENT_ID" => Some("42".to_string()),
            "GIN_CLIENT_SECRET" => Some("hush-hush".to_string()),
            "GIN_ACTIVITY_DIR" => Some("/srv/page".to_string()),
            _ => None,
        };
        let c = Config::load(&path, env).unwrap();
        assert_eq!(c.activity.missing(), None);
        assert_eq!(c.activity.client_secret.expose(), "hush-hush");
        assert_eq!(c.activity.static_dir, "/srv/page");
        let shown = format!("{c:?}");
        assert!(!shown.contains("hush-hush"), "{shown}");
        for (bad, says) in [
            ("addr='8080'", "activity.addr"),
            ("session_hours=0", "session_hours"),
            ("origins=['https://x.org/']", "activity.origins"),
            ("header_seconds=0", "at least 1"),
            ("presence_seconds=0", "at least 1"),
            ("presence_seconds=4", "activity.presence_seconds"),
            ("presence_seconds=3601", "activity.presence_seconds"),
            (
                "presence_seconds=9223372036854775807",
                "activity.presence_seconds",
            ),
            ("sign_ins_per_source={burst=0, per_minute=5}", "at least 1"),
            ("source_header='X Forwarded'", "activity.source_header"),
            ("instance_recheck_secs=0", "activity.instance_recheck_secs"),
            (
                "instance_lookups_in_all={burst=0, per_minute=5}",
                "activity.instance_lookups_in_all",
            ),
        ] {
            std::fs::write(&path, format!("token='x'\n[activity]\n{bad}")).unwrap();
            let e = Config::load(&path, no_env).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let e = Config::load(&path, |k| (k == "GIN_CLIENT_ID").then(|| "app".to_string()));
        assert!(e.unwrap_err().to_string().contains("GIN_CLIENT_ID"));
        // Behind a reverse proxy of one's own (compose.yaml's): its header, and every
        // connection from its address.
        std::fs::write(&path, "token='x'").unwrap();
        let proxied = |k: &str| match k {
            "GIN_SOURCE_HEADER" => Some(" X-Forwarded-For ".to_string()),
            "GIN_CONNECTIONS_PER_SOURCE" => Some("1024".to_string()),
            _ => None,
        };
        let c = Config::load(&path, proxied).unwrap();
        assert_eq!(c.activity.source_header, "X-Forwarded-For");
        assert_eq!(c.activity.connections_per_source, 1024);
        for (key, bad, says) in [
            ("GIN_SOURCE_HEADER", "X Forwarded", "activity.source_header"),
            (
                "GIN_CONNECTIONS_PER_SOURCE",
                "many",
                "GIN_CONNECTIONS_PER_SOURCE",
            ),
            ("GIN_CONNECTIONS_PER_SOURCE", "0", "at least 1"),
        ] {
            let e = Config::load(&path, |k| (k == key).then(|| bad.to_string()));
            let e = e.unwrap_err().to_string();
            assert!(e.contains(says), "{key}={bad}: {e}");
        }
        std::fs::write(&path, "token='x'\nshards='0-1/4'\n[activity]\naddr='127.0.0.1:1'\nclient_id=1\nclient_secret='s'").unwrap();
        let e = Config::load(&path, no_env).unwrap_err().to_string();
        assert!(e.contains("needs PostgreSQL"), "{e}");
        // Split over processes sharing PostgreSQL, the table is allowed (they talk through it).
        std::fs::write(&path, "token='x'\nshards='0-1/4'\ndatabase_url='postgres://db/gin'\n[activity]\naddr='127.0.0.1:1'\nclient_id=1\nclient_secret='s'").unwrap();
        let c = Config::load(&path, no_env).unwrap();
        assert_eq!(c.shard_range().to_string(), "0-1/4");
        assert!(c.activity.missing().is_none());
    }

    #[test]
    fn the_example_file_is_valid_and_documents_the_defaults() {
        let text = include_str!("../config.example.toml");
        let c = Config::parse(text, "config.example.toml").unwrap();
        let d = Config::default();
        assert_eq!(c.database_url, d.database_url);
        assert_eq!(c.timeouts.forfeit_hours, d.timeouts.forfeit_hours);
        assert_eq!(c.timeouts.reminder_minutes, d.timeouts.reminder_minutes);
        assert_eq!(
            (c.limits.burst, c.limits.per_minute),
            (d.limits.burst, d.limits.per_minute)
        );
    }

    #[test]
    fn bad_files_and_a_missing_token_give_one_clear_line() {
        let e = Config::parse("tokn = 'x'", "c.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `tokn`"), "{e}");
        let e = Config::parse("default_preset = 'poker'", "c.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown preset"), "{e}");
        // A missing file reads as the defaults; without a token that is the one problem.
        let e = Config::load(Path::new("/nonexistent/gin.toml"), no_env)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("no Discord bot token"), "{e}");
        let e = Config::load(Path::new("/"), no_env)
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot read the config file"), "{e}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "").unwrap();
        let e = Config::load(&path, no_env).unwrap_err().to_string();
        assert!(e.starts_with("no Discord bot token"), "{e}");
        let c = Config::load(&path, |k| (k == "DISCORD_TOKEN").then(|| "abc".to_string())).unwrap();
        assert_eq!(c.token, "abc");
        std::fs::write(&path, "token='x'\n[timeouts]\nreminder_minutes=0").unwrap();
        assert!(Config::load(&path, no_env).is_err());
    }

    /// Shards, command registration, the rate limiter and the metrics address, from the file
    /// or the environment; a value that cannot work is one clear line.
    #[test]
    fn shards_ratelimiter_and_metrics_are_read_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "token='x'").unwrap();
        let c = Config::load(&path, no_env).unwrap();
        assert_eq!(c.shard_range(), crate::store::Shards::ALL);
        assert!(c.registers_commands() && !c.proxy_limits());
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|p| p.0 == k).map(|p| p.1.to_string())
        };
        let c = Config::load(
            &path,
            env(&[
                ("GIN_SHARDS", "1-1/2"),
                ("GIN_API_BASE_URL", "http://proxy:80"),
                ("GIN_METRICS_ADDR", "0.0.0.0:9100"),
            ]),
        )
        .unwrap();
        assert_eq!(c.shard_range().to_string(), "1-1/2");
        assert!(!c.registers_commands(), "shard 0's process registers");
        assert!(c.proxy_limits());
        let c = Config::load(&path, env(&[("GIN_REGISTER_COMMANDS", "true")])).unwrap();
        assert!(c.registers_commands());
        assert!(c.runtime_threads() >= 1, "automatic: at least one");
        let c = Config::load(&path, env(&[("GIN_RUNTIME_THREADS", "3")])).unwrap();
        assert_eq!(c.runtime_threads(), 3);
        for (pairs, says) in [
            (&[("GIN_SHARDS", "2-1/4")][..], "shards"),
            (&[("GIN_RATELIMITER", "proxy")][..], "needs api_base_url"),
            (
                &[("GIN_RATELIMITER", "own"), ("GIN_API_BASE_URL", "http://p")][..],
                "cannot go with api_base_url",
            ),
            (&[("GIN_RATELIMITER", "maybe")][..], "own` or `proxy"),
            (&[("GIN_METRICS_ADDR", "localhost")][..], "metrics_addr"),
            (&[("GIN_REGISTER_COMMANDS", "perhaps")][..], "true or false"),
            (&[("GIN_LIMITS", "30")][..], "BURST/PER_MINUTE"),
            (&[("GIN_LIMITS", "0/90")][..], "[limits]"),
            (&[("GIN_RUNTIME_THREADS", "two")][..], "GIN_RUNTIME_THREADS"),
            (&[("GIN_RUNTIME_THREADS", "5000")][..], "runtime_threads"),
        ] {
            let pairs: &'static [(&str, &str)] = Box::leak(pairs.to_vec().into_boxed_slice());
            let e = Config::load(&path, env(pairs)).unwrap_err().to_string();
            assert!(e.contains(says), "{pairs:?}: {e}");
        }
        std::fs::write(&path, "token='x'\nshards='0-3/8'\nratelimiter='own'").unwrap();
        assert_eq!(
            Config::load(&path, no_env)
                .unwrap()
                .shard_range()
                .to_string(),
            "0-3/8"
        );
    }
}
