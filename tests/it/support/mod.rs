//! What the tests share: the fake Discord, the in-process and binary runs of the bot
//! (`wire`), and the game service with a recording transport (`harness`).

pub mod endpoint;
pub mod fake_discord;
pub mod harness;
pub mod wire;
