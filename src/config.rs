//! The bot's configuration: a TOML file (`--config`, default `config.toml`) with environment
//! overrides. Every problem is reported as one line that says what to fix.

use crate::engine::Preset;
use serde::Deserialize;
use std::path::Path;
use std::time::Duration;

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
    /// How often the idle sweeper looks, in seconds.
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
        config.check(&shown)?;
        Ok(config)
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

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn the_example_file_is_valid_and_documents_the_defaults() {
        let text = include_str!("../config.example.toml");
        let c = Config::parse(text, "config.example.toml").unwrap();
        let d = Config::default();
        assert_eq!(c.database_url, d.database_url);
        assert_eq!(c.timeouts.forfeit_hours, d.timeouts.forfeit_hours);
        assert_eq!(c.timeouts.reminder_minutes, d.timeouts.reminder_minutes);
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
}
