//! Each game's own commands, a module per game of the list. The `/gin` family's
//! subcommands (`play`, `ledger`, ...) serve every game; a game adds top-level commands of its
//! own here (`/rummy`).

use crate::discord::{Data, Error};

/// A module per game, and every game's own commands in the list's order.
macro_rules! game_commands {
    (() $($name:ident $module:ident $match:ty,)*) => {
        $(mod $module;)*

        /// Every game's own top-level commands, in the list's order.
        pub(super) fn commands() -> Vec<poise::Command<Data, Error>> {
            let mut all = Vec::new();
            $(all.extend($module::commands());)*
            all
        }
    };
}
crate::engine::with_games!(game_commands);
