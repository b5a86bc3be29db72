//! What the tests share: the fake Discord, the in-process and binary runs of the bot
//! (`wire`) and its operators' endpoint (`endpoint`), the game service with a recording
//! transport (`harness`), and the tables of Rummy and the four-player games played through
//! the fake Discord (`table`), and real browsers for the Activity (`browser`).

pub mod browser;
pub mod compose;
pub mod endpoint;
pub mod fake_discord;
pub mod harness;
pub mod people;
pub mod table;
pub mod web;
pub mod wire;
