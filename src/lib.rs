//! `gin`: Gin Rummy for Discord.
//!
//! - [`engine`]: the rules, pure and synchronous: the `gin-engine` crate of this workspace.
//! - [`games`]: matches in play, in domain terms: ownership, persistence, the outbox,
//!   challenges, timers.
//! - [`ui`]: the presentation layer: button ids, rendering, answers, delivering the outbox.
//! - [`web`]: the other presentation: the card table as a Discord Activity (docs/activity.md).
//! - [`discord`]: the poise/serenity adapter only; [`i18n`]: the message catalogue.
//! - [`app`]: the process, assembled from all of these: its tasks, started and stopped.
//! - [`store`]: the ledger (every SQL statement); [`config`]: the configuration file.
//! - [`vectors`]: checks the engine against the shared test vectors.

pub mod app;
pub mod config;
pub mod discord;
/// The rules engine, its own crate (`engine/`, package `gin-engine`), under its old path.
pub use gin_engine as engine;
pub mod games;
pub mod i18n;
pub(crate) mod limit;
pub mod metrics;
pub mod store;
pub mod ui;
pub mod vectors;
pub mod web;
