//! What there is to show, as data: the presentation layer renders each of these. A scene holds
//! engine views, never the whole state, so no hidden card can reach a message by mistake.

use super::game::GameError;
use super::settings::CardLook;
use super::ChallengeRow;
use crate::engine::ai::coach::Hint;
use crate::engine::hollywood::HollywoodSheet;
use crate::engine::partnership::DealRecord;
use crate::engine::rummy::{
    RummyRecord, RummyRules, RummySettlement, RummyStatus, RummyTable, RummyView,
};
use crate::engine::{
    HandRecord, MatchStatus, PlayerView, Rules, Seat, Settlement, TableView, TeamHandRecord,
    TeamTable, TeamView,
};
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
}

/// The turn's idle clock, as times (seconds since the epoch) every client counts down to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnClock {
    pub remind_at: i64,
    pub forfeit_at: i64,
}

/// The public view of the table, by game (scenes travel boxed already).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum TableOf {
    Gin(TableView),
    Rummy(RummyTable),
    /// Both tables of the deal (each with the teams' totals).
    Partnership([TableView; 2]),
    Team(TeamTable),
}

impl TableOf {
    /// The match is over (a table showing it needs no later edit).
    pub fn ended(&self) -> bool {
        match self {
            TableOf::Gin(v) => v.status != MatchStatus::InProgress,
            TableOf::Rummy(v) => v.status != RummyStatus::InProgress,
            TableOf::Partnership(v) => v[0].status != MatchStatus::InProgress,
            TableOf::Team(v) => v.status != MatchStatus::InProgress,
        }
    }
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

/// One player's own view, by game (scenes travel boxed already).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum HandOf {
    /// Gin, and Partnership Gin (the seat's own table).
    Gin(PlayerView),
    Rummy(RummyView),
    /// Team Gin: the table and the seat's view (its own hand and its partner's).
    Team {
        table: TeamTable,
        view: TeamView,
    },
}

impl HandOf {
    pub fn ended(&self) -> bool {
        match self {
            HandOf::Gin(v) => v.table.status != MatchStatus::InProgress,
            HandOf::Rummy(v) => v.table.status != RummyStatus::InProgress,
            HandOf::Team { table, .. } => table.status != MatchStatus::InProgress,
        }
    }
}

/// A finished deal, shown to everyone.
#[derive(Clone, Debug)]
pub struct ShowdownScene {
    pub lang: Lang,
    pub look: CardLook,
    pub seats: Seats,
    pub record: DealOf,
    /// Rummy: aces count 15 (a rule the record's points were counted by).
    pub aces_high: bool,
}

/// A finished deal's record, by game.
#[derive(Clone, Debug)]
pub enum DealOf {
    Gin(HandRecord),
    Rummy(RummyRecord),
    Partnership(DealRecord),
    Team(TeamHandRecord),
}

/// The end of a match: totals, bonuses, settlement.
#[derive(Clone, Debug)]
pub struct MatchEndScene {
    pub lang: Lang,
    pub look: CardLook,
    pub seats: Seats,
    pub end: EndOf,
}

/// A match's settlement, by game (scenes travel boxed already).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum EndOf {
    Gin {
        settlement: Settlement,
        rules: Rules,
        /// A Hollywood match's three games.
        hollywood: Option<HollywoodSheet>,
    },
    Rummy(RummySettlement),
    /// Partnership or Team Gin: the settlement's "seats" are the teams (0: seats 0 and 2).
    Teams {
        settlement: Settlement,
        rules: Rules,
    },
}

/// A game's rules, for `/gin rules` and challenges.
#[derive(Clone, Debug)]
pub enum RulesOf {
    Gin(Rules),
    Rummy(RummyRules),
    Partnership(Rules),
    Team(Rules),
}

impl RulesOf {
    /// The score that ends the match.
    pub fn target(&self) -> u32 {
        match self {
            RulesOf::Gin(r) => r.target,
            RulesOf::Rummy(r) => r.target,
            RulesOf::Partnership(r) | RulesOf::Team(r) => r.target,
        }
    }

    /// Whether these are the rules of a four-player team game (two teams of two).
    pub fn four_players(&self) -> bool {
        matches!(self, RulesOf::Partnership(_) | RulesOf::Team(_))
    }
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
