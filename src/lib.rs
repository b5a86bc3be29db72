//! `gin`: Gin Rummy for Discord.
//!
//! - [`engine`]: the rules, pure and synchronous.
//! - [`vectors`]: checks the engine against the shared test vectors.

pub mod engine;
pub mod vectors;
