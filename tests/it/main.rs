//! Every integration test of the bot, in one crate: one build, one binary. The parts:
//! `engine` (the rules alone), `service` (the game service and its texts, with a recording
//! transport instead of Discord), `e2e` (the bot against the fake Discord, in this process or
//! as the real binary), `games` (each game's own part: how the harness plays and checks it)
//! and `support` (what they share). Tests run in parallel in one process:
//! none may set what the others see (environment variables, a global log subscriber, fixed
//! ports or paths).

mod e2e;
mod engine;
mod games;
mod service;
mod support;
