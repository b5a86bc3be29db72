//! A tournament's messages: the event's public message (sign-up with Join and Leave, then
//! each round's tables and the standings or the bracket), the announcements posted beside it
//! (a round's pairings, the final standings), the bracket picture, and the answers to the
//! tournament commands. Everything fits Discord's limits for a field of 256: lists are cut
//! short with how many were left out (see `page`).

mod about;
mod announce;
mod bracket;
mod field;
mod message;
mod page;
mod rounds;
#[cfg(test)]
mod tests;

pub use announce::announcement;
pub use bracket::bracket_picture;
pub use message::tournament;

use crate::games::organizer::TournamentNote;
use crate::i18n::Lang;
use crate::tr;
use crate::ui::model::Msg;
use crate::ui::text::escape;

/// A tournament command done, for the caller.
pub fn tournament_done(lang: Lang, note: &TournamentNote) -> Msg {
    Msg::text(match note {
        TournamentNote::Joined { name } => tr!(lang, "tournament-joined", name = escape(name)),
        TournamentNote::AwaitingPartner { name, partner } => tr!(
            lang,
            "tournament-awaiting-partner",
            name = escape(name),
            partner = format!("<@{partner}>")
        ),
        TournamentNote::Confirmed { name } => {
            tr!(lang, "tournament-confirmed", name = escape(name))
        }
        TournamentNote::Left { name } => tr!(lang, "tournament-left", name = escape(name)),
        TournamentNote::Started { name } => tr!(lang, "tournament-started", name = escape(name)),
        TournamentNote::Cancelled { name } => {
            tr!(lang, "tournament-cancelled-done", name = escape(name))
        }
        TournamentNote::Disqualified { name, user } => tr!(
            lang,
            "tournament-disqualified",
            name = escape(name),
            player = format!("<@{user}>")
        ),
        TournamentNote::Extended { name, deadline } => tr!(
            lang,
            "tournament-extended",
            name = escape(name),
            deadline = format!("<t:{deadline}:f>")
        ),
    })
}
