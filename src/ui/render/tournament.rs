//! A tournament's messages: the standings message (sign-up with its buttons, then rounds
//! and standings), and the answers to the tournament commands.

use crate::games::organizer::{TournamentNote, TournamentScene};
use crate::ui::model::Msg;

/// The event's public message.
pub fn tournament(scene: &TournamentScene) -> Msg {
    let mut lines = vec![format!("**{}**", crate::ui::text::escape(&scene.name))];
    for e in &scene.entrants {
        lines.push(crate::ui::text::escape(&e.name()));
    }
    Msg::text(lines.join("\n"))
}

/// A tournament command done.
pub fn tournament_done(note: &TournamentNote) -> Msg {
    Msg::text(format!("{note:?}"))
}
