//! The rows the store takes in and hands out, as plain types: no SQL here. The table files
//! and the files of each database import them from here, not from each other.

use super::from_row::from_row;
use super::states::{ChallengeState, Format, HandKind, MatchState, PlaceKind};

/// What starting a match stores.
#[derive(Debug, Clone)]
pub struct NewMatch {
    /// The server Discord routes the match's events by (0 outside servers).
    pub guild_id: u64,
    /// Where it is played.
    pub place_kind: PlaceKind,
    /// The key of the ledger it counts in: the server, or the DM's channel.
    pub place_id: u64,
    pub channel_id: u64,
    pub table_message_id: Option<u64>,
    pub format: Format,
    pub preset: String,
    pub rules_json: String,
    pub locale: String,
    pub state_json: String,
    pub seed_hex: String,
    /// Seat order: (user id, display name, is the bot's AI).
    pub players: Vec<(u64, String, bool)>,
    /// The AI's level in a match against the bot.
    pub ai_level: Option<String>,
    pub now: i64,
    /// What the new match requires to be shown (the AI's first move), stored with it. The
    /// rows' match id is filled in once the match has one.
    pub outbox: Vec<OutboxRow>,
    /// Whether the bot's AI moves first.
    pub ai_to_act: bool,
    /// The tournament round it is played for, if any.
    pub event: Option<MatchEvent>,
}

/// A tournament match's event: which tournament, which round (from 1), and the round's
/// deadline (seconds since the epoch), past which the idle rules decide it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchEvent {
    pub tournament_id: i64,
    pub round: u32,
    pub deadline: i64,
}

impl NewMatch {
    /// The ledger's key as stored: none where it is the server itself.
    pub(crate) fn place_apart(&self) -> Option<u64> {
        (self.place_id != self.guild_id).then_some(self.place_id)
    }

    /// The row this match reads back as once stored under `id`: no need to read it back.
    pub fn stored_as(&self, id: i64) -> MatchRow {
        MatchRow {
            id,
            guild_id: self.guild_id,
            place_kind: self.place_kind,
            channel_id: self.channel_id,
            table_message_id: self.table_message_id,
            format: self.format,
            preset: self.preset.clone(),
            locale: self.locale.clone(),
            status: MatchState::Active,
            state_json: self.state_json.clone(),
            version: 0,
            table_deal: 0,
            turn_started_at: self.now,
            reminded: false,
            ai_level: self.ai_level.clone(),
            players: self.players.clone(),
            event: self.event,
        }
    }
}

/// A stored match.
#[derive(Debug, Clone)]
pub struct MatchRow {
    pub id: i64,
    pub guild_id: u64,
    pub place_kind: PlaceKind,
    pub channel_id: u64,
    pub table_message_id: Option<u64>,
    /// The game and player count: how `state_json` reads.
    pub format: Format,
    pub preset: String,
    pub locale: String,
    pub status: MatchState,
    pub state_json: String,
    pub version: i64,
    /// The deal the current table message was posted for.
    pub table_deal: u32,
    pub turn_started_at: i64,
    pub reminded: bool,
    pub ai_level: Option<String>,
    /// Seat order: (user id, display name, is the bot's AI).
    pub players: Vec<(u64, String, bool)>,
    /// The tournament round it is played for, if any.
    pub event: Option<MatchEvent>,
}

/// One accepted action with everything it changed, written in one transaction.
#[derive(Debug, Clone)]
pub struct SavedAction {
    pub match_id: i64,
    /// The version the action was decided against; the save fails if another got there first.
    pub version: i64,
    pub seat: u8,
    pub event_json: String,
    pub state_json: String,
    pub status: MatchState,
    pub now: i64,
    /// Whether the turn moved on (restarts the idle clock).
    pub turn_changed: bool,
    /// Whether someone else must act within the same turn (Team Gin's swap and its answer):
    /// the clock runs on, but the new actor gets a reminder of their own before a forfeit.
    pub actor_changed: bool,
    /// Whether the bot's AI is to move next.
    pub ai_to_act: bool,
    pub hands: Vec<HandRow>,
    /// Set when the match ended with this action.
    pub result: Option<Vec<PlayerResult>>,
    /// How ratings change, for a match that counts (people only); ratings stay untouched
    /// otherwise.
    pub rate: Option<RateFn>,
    pub winner_seat: Option<u8>,
    /// A Hollywood match's three games, when it ended with this action.
    pub hollywood: Vec<HollywoodRow>,
    /// What the action requires to be shown, stored with it.
    pub outbox: Vec<OutboxRow>,
}

/// One player's figures in one game (0 to 2) of a Hollywood match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HollywoodRow {
    pub game: u8,
    pub seat: u8,
    pub total: u32,
    pub lines: u32,
    pub final_total: u32,
    pub net: i64,
    pub won: bool,
}

/// A finished deal, as the score sheet records it.
#[derive(Debug, Clone)]
pub struct HandRow {
    pub deal_no: u32,
    pub dealer_seat: u8,
    pub first_seat: u8,
    pub second_seat: u8,
    pub knocker_seat: Option<u8>,
    pub kind: HandKind,
    pub knocker_deadwood: Option<u32>,
    pub defender_deadwood: Option<u32>,
    pub points: u32,
    pub winner_seat: Option<u8>,
    pub lines: u32,
    pub doubled: bool,
    pub commitment: String,
    pub seed_hex: String,
}

/// A player's figures at the end of a match.
#[derive(Debug, Clone)]
pub struct PlayerResult {
    pub seat: u8,
    pub total: u32,
    pub lines: u32,
    pub line_bonus: u32,
    pub game_bonus: u32,
    pub final_total: u32,
    pub net: i64,
    pub won: bool,
    pub hands_won: u32,
    pub gins: u32,
    pub knocks: u32,
    pub undercuts_given: u32,
    pub undercuts_suffered: u32,
    pub knock_deadwood: u32,
}

/// A player's Glicko-2 rating in one server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingRow {
    pub user_id: u64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub matches: i64,
}

/// Updates the ratings of a match's players (seat order) from the match result.
pub type RateFn = fn(&[RatingRow], &[PlayerResult]) -> Vec<RatingRow>;

/// A match the sweeper is to look at (see [`super::Matches::idle_matches`]).
#[derive(Clone, Debug)]
pub struct IdleRow {
    pub id: i64,
    pub version: i64,
    /// When its player was reminded (0: not yet).
    pub reminded: i64,
    pub idle_since: i64,
    /// The server's reminder and forfeit times (seconds) as this read found them: the
    /// sweeper checks with the same ones that picked the row.
    pub reminder: i64,
    pub forfeit: i64,
}

from_row! { IdleRow: id, version, reminded, idle_since, reminder, forfeit }

/// What an acceptance led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Acceptance {
    /// The challenge was no longer open: nothing changed.
    Closed,
    /// Others still have to accept; these have.
    Waiting(Vec<u64>),
    /// Everyone accepted: the match with this id was stored.
    Complete(i64),
    /// Its time ran out: the challenge is closed as expired, nothing else changed.
    Expired,
}

/// What `/gin start` stores.
#[derive(Debug, Clone)]
pub struct NewChallenge {
    /// The server Discord routes the challenge's events by (0 outside servers).
    pub guild_id: u64,
    /// Where it is made.
    pub place_kind: PlaceKind,
    pub channel_id: u64,
    pub challenger: (u64, String),
    pub opponents: Vec<(u64, String)>,
    pub preset: String,
    pub rules_json: String,
    pub locale: String,
    pub now: i64,
    pub expires_at: i64,
}

impl NewChallenge {
    /// The row this challenge reads back as once stored under `id`, still open.
    pub fn stored_as(&self, id: i64) -> ChallengeRow {
        ChallengeRow {
            id,
            guild_id: self.guild_id,
            place_kind: self.place_kind,
            channel_id: self.channel_id,
            message_id: None,
            challenger: self.challenger.clone(),
            opponents: self.opponents.clone(),
            accepted: Vec::new(),
            preset: self.preset.clone(),
            rules_json: self.rules_json.clone(),
            locale: self.locale.clone(),
            status: ChallengeState::Open,
            expires_at: self.expires_at,
        }
    }

    /// The opponents' ids and names, as the two JSON lists the row keeps.
    pub(crate) fn opponent_lists(&self) -> (String, String) {
        let ids: Vec<u64> = self.opponents.iter().map(|o| o.0).collect();
        let names: Vec<&str> = self.opponents.iter().map(|o| o.1.as_str()).collect();
        let json = "lists serialize";
        (
            serde_json::to_string(&ids).expect(json),
            serde_json::to_string(&names).expect(json),
        )
    }
}

/// A stored challenge.
#[derive(Debug, Clone)]
pub struct ChallengeRow {
    pub id: i64,
    pub guild_id: u64,
    pub place_kind: PlaceKind,
    pub channel_id: u64,
    pub message_id: Option<u64>,
    pub challenger: (u64, String),
    pub opponents: Vec<(u64, String)>,
    pub accepted: Vec<u64>,
    pub preset: String,
    pub rules_json: String,
    pub locale: String,
    pub status: ChallengeState,
    pub expires_at: i64,
}

/// One player's acceptance of a challenge, with the match it starts if it is the last one.
/// A burst of match starts brings many at once: the writer stores those of a slice together.
#[derive(Debug, Clone)]
pub(crate) struct Accept {
    pub challenge_id: i64,
    pub user: u64,
    pub new_match: NewMatch,
}

/// Names one outbox row: the match, the version that required it, and which part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OutboxKey {
    pub match_id: i64,
    pub version: i64,
    pub part: u8,
}

/// One stored row: what to show (`effects`, JSON) and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    pub key: OutboxKey,
    pub due_ms: i64,
    pub effects_json: String,
}

/// A row delivered: deleted with a later commit (the next of moves or other writes, or one
/// of its own within 200 ms), unanswered. Losing one to a crash costs a repeated delivery,
/// which shows the same again.
#[derive(Debug)]
pub(crate) struct Delivered(pub OutboxKey);

/// A posted message whose id a later edit needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MessageId {
    /// The public message of a challenge.
    Challenge { challenge_id: i64, message_id: u64 },
    /// The table message of a match's deal `deal`.
    Table {
        match_id: i64,
        message_id: u64,
        deal: u32,
    },
}

impl MessageId {
    /// The row it sets: of two ids for the same row the later one wins, as it would have
    /// written one after the other.
    pub(crate) fn row(&self) -> (bool, i64) {
        match *self {
            MessageId::Challenge { challenge_id, .. } => (false, challenge_id),
            MessageId::Table { match_id, .. } => (true, match_id),
        }
    }
}
