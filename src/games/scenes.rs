//! What there is to show, as data: the presentation layer renders each of these. A scene holds
//! engine views, never the whole state, so no hidden card can reach a message by mistake.

use super::settings::CardLook;
use super::variants::{DealOf, EndOf, GameError, HandOf, RulesOf, TableOf};
use super::ChallengeRow;
use crate::engine::ai::coach::Hint;
use crate::engine::Seat;
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
    /// How the server's public messages show cards.
    pub look: CardLook,
    pub seats: Seats,
    pub view: TableOf,
    /// When the player to move is reminded and forfeits, if a person is to move.
    pub clock: Option<TurnClock>,
    /// The tournament round it is played for: the table shows the round's deadline.
    pub event: Option<crate::store::MatchEvent>,
}

/// The turn's idle clock, as times (seconds since the epoch) every client counts down to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnClock {
    pub remind_at: i64,
    pub forfeit_at: i64,
}

/// Whether a hand shows the knock choices instead of the discards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandMode {
    Normal,
    Knock,
    /// Team Gin: the choice of the card to give the partner.
    Swap,
}

/// Why a hand message comes with a remark instead of the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The button was drawn for an earlier moment of the match.
    Stale,
    MatchOver,
    /// The rules do not allow that move now.
    Refused(GameError),
    /// The coach's answer to Hint.
    Hint(Hint),
    /// Hint in a match that offers none (a rated one), or with nothing to decide.
    NoHint,
}

/// A player's private hand message.
#[derive(Clone, Debug)]
pub struct HandScene {
    pub lang: Lang,
    /// How the player chose to see their cards.
    pub look: CardLook,
    pub seats: Seats,
    pub view: HandOf,
    pub mode: HandMode,
    pub note: Option<Note>,
    /// Whether the hand message offers the coach's Hint ([`Live::coached`]).
    pub coach: bool,
}

/// A finished deal, shown to everyone.
#[derive(Clone, Debug)]
pub struct ShowdownScene {
    pub lang: Lang,
    pub look: CardLook,
    pub seats: Seats,
    pub record: DealOf,
    /// The deal's number (from 0).
    pub deal_no: u32,
    /// Rummy: aces count 15 (a rule the record's points were counted by).
    pub aces_high: bool,
}

/// The end of a match: totals, bonuses, settlement.
#[derive(Clone, Debug)]
pub struct MatchEndScene {
    pub lang: Lang,
    pub look: CardLook,
    pub seats: Seats,
    pub end: EndOf,
}

/// An open challenge (or one waiting for more acceptances).
#[derive(Clone, Debug)]
pub struct ChallengeScene {
    pub lang: Lang,
    pub row: ChallengeRow,
    pub rules: RulesOf,
    /// Minutes left to accept.
    pub minutes: u64,
}
