//! Engine state into messages. Public messages are rendered from the table views, hand
//! messages from the player's own view: neither holds an opponent's hidden card, so no
//! rendering mistake can reveal one.
//!
//! A file per game ([`gin`], [`rummy`], [`teams`] for Partnership and Team Gin), what they
//! share in `words` (which imports none of them), and the scenes dispatched to their game
//! in one place (`dispatch`). A tournament's own messages are in [`tournament`].

mod dispatch;
pub mod gin;
pub mod rummy;
pub mod teams;
pub mod tournament;
mod words;

pub use dispatch::{
    challenge, hand_scene, match_end_scene, new_table_scene, note_text, rules_of_text,
    showdown_text, table_scene, watch,
};
pub use gin::{action_text, hand, match_end, rules_text, showdown, table};
pub(super) use words::pile_line;
pub use words::{arranged, card, cards};
