//! Gin Rummy (two or three players, Hollywood, Straight): `/gin` and the `/gin` family; no command of its own.

use crate::discord::{Data, Error};

/// None: the `/gin` family's commands play this game.
pub(super) fn commands() -> Vec<poise::Command<Data, Error>> {
    Vec::new()
}
