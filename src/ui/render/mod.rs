//! Engine state into messages. Public messages are rendered from the table views, hand
//! messages from the player's own view: neither holds an opponent's hidden card, so no
//! rendering mistake can reveal one.
//!
//! A module per game of the list, each implementing [`Present`] ([`teams`] holds what
//! Partnership and Team Gin share), what they share in `words` (which imports none of them),
//! and the scenes, dispatched to their game's [`Present`] by the list (`dispatch`). A
//! tournament's own messages are in [`tournament`].

mod dispatch;
pub mod teams;
pub mod tournament;
mod words;

/// A module per game, named as the list names it.
macro_rules! game_modules {
    (() $($name:ident $module:ident $match:ty,)*) => {
        $(pub mod $module;)*
    };
}
crate::engine::with_games!(game_modules);

use crate::games::{ChallengeScene, HandMode, Kind, Seats};
use crate::i18n::Lang;
use crate::ui::art::showdown::Row;
use crate::ui::model::Msg;

/// A game's messages in Discord, implemented by each game in its own module here. `seats`
/// carries the names as shown (escaped).
pub(crate) trait Present: Kind {
    /// The channel's table.
    fn table(lang: Lang, seats: &Seats, view: &Self::Public) -> Msg;
    /// A player's hand message, with `note` (a remark on the last press) and, where the
    /// game offers it, the coach's Hint.
    fn hand(
        lang: Lang,
        seats: &Seats,
        own: &Self::Own,
        mode: HandMode,
        note: Option<&str>,
        coach: bool,
    ) -> Msg;
    /// A finished deal, in public.
    fn showdown(lang: Lang, seats: &Seats, record: &Self::Record, aces_high: bool) -> Msg;
    /// The match's end.
    fn end(lang: Lang, seats: &Seats, end: &Self::End) -> Msg;
    /// The rules in words (`/gin rules`).
    fn rules_text(lang: Lang, preset: &str, rules: &Self::Rules) -> String;
    /// The challenge's first line.
    fn challenge_text(s: &ChallengeScene, rules: &Self::Rules) -> String;
    /// The remark on a move the engine refused; `None`: the general one.
    fn refusal(lang: Lang, error: &Self::Error) -> Option<String>;
    /// A finished deal as a picture: its rows and its footer; `None` where the game shows
    /// its showdowns as text only. `seats` carries the names unescaped.
    fn picture(_lang: Lang, _seats: &Seats, _record: &Self::Record) -> Option<(Vec<Row>, String)> {
        None
    }
}

pub use self::gin::{action_text, hand, match_end, rules_text, showdown, table};
pub use dispatch::{
    challenge, hand_scene, match_end_scene, new_table_scene, note_text, rules_of_text,
    showdown_rows, showdown_text, table_scene, watch,
};
pub(super) use words::pile_line;
pub use words::{arranged, card, cards};
