//! What there is to show, as data: the presentation layer renders each of these. A scene holds
//! engine views, never the whole state, so no hidden card can reach a message by mistake.

use super::ChallengeRow;
use crate::engine::{HandRecord, MatchError, PlayerView, Rules, Seat, Settlement, TableView};
use crate::i18n::Lang;

/// Who sits where, and the state version that buttons are drawn for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats {
    pub match_id: i64,
    pub version: i64,
    pub preset: String,
    pub names: Vec<String>,
    pub users: Vec<u64>,
}

impl Seats {
    pub fn name(&self, seat: Seat) -> &str {
        self.names
            .get(seat as usize)
            .map(String::as_str)
            .unwrap_or("?")
    }

    pub fn user(&self, seat: Seat) -> u64 {
        self.users.get(seat as usize).copied().unwrap_or_default()
    }
}

/// The public table message.
#[derive(Clone, Debug)]
pub struct TableScene {
    pub lang: Lang,
    pub seats: Seats,
    pub view: TableView,
}

/// Whether a hand shows the knock choices instead of the discards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandMode {
    Normal,
    Knock,
}

/// Why a hand message comes with a remark instead of the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The button was drawn for an earlier moment of the match.
    Stale,
    MatchOver,
    /// The rules do not allow that move now.
    Refused(MatchError),
}

/// A player's private hand message.
#[derive(Clone, Debug)]
pub struct HandScene {
    pub lang: Lang,
    pub seats: Seats,
    pub view: PlayerView,
    pub mode: HandMode,
    pub note: Option<Note>,
}

/// A finished deal, shown to everyone.
#[derive(Clone, Debug)]
pub struct ShowdownScene {
    pub lang: Lang,
    pub seats: Seats,
    pub record: HandRecord,
}

/// The end of a match: totals, bonuses, settlement.
#[derive(Clone, Debug)]
pub struct MatchEndScene {
    pub lang: Lang,
    pub seats: Seats,
    pub settlement: Settlement,
    pub rules: Rules,
}

/// An open challenge (or one waiting for more acceptances).
#[derive(Clone, Debug)]
pub struct ChallengeScene {
    pub lang: Lang,
    pub row: ChallengeRow,
    pub rules: Rules,
    /// Minutes left to accept.
    pub minutes: u64,
}
