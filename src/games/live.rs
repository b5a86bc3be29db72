//! A match in memory: the engine state plus who sits where and where its table message is.

use super::scenes::{HandMode, HandScene, Note, Seats, TableScene};
use super::MatchState;
use crate::engine::ai::Level;
use crate::engine::{Match, Seat};
use crate::i18n::Lang;
use crate::store::{MatchRow, StoreError};

/// A loaded match. Only ever touched while it is held (see [`super::Held`]).
#[derive(Clone, Debug)]
pub struct Live {
    pub id: i64,
    pub guild_id: u64,
    pub channel_id: u64,
    pub table_message_id: Option<u64>,
    /// The deal the table message was posted for: a later deal gets a new table message.
    pub table_deal: u32,
    pub preset: String,
    /// The language of the match's public messages.
    pub lang: Lang,
    pub state: MatchState,
    /// Number of accepted actions; buttons carry it to detect stale presses.
    pub version: i64,
    pub users: Vec<u64>,
    pub names: Vec<String>,
    pub ai: Vec<bool>,
    /// The AI's level when one seat is the bot.
    pub ai_level: Option<Level>,
    pub game: Match,
}

impl Live {
    pub fn from_row(row: MatchRow) -> Result<Live, StoreError> {
        let game: Match = serde_json::from_str(&row.state_json)
            .map_err(|e| StoreError::Corrupt(format!("match {}: {e}", row.id)))?;
        Ok(Live {
            id: row.id,
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            table_message_id: row.table_message_id,
            table_deal: row.table_deal,
            preset: row.preset,
            lang: Lang::from_locale(&row.locale),
            state: row.status,
            version: row.version,
            users: row.players.iter().map(|p| p.0).collect(),
            names: row.players.iter().map(|p| p.1.clone()).collect(),
            ai: row.players.iter().map(|p| p.2).collect(),
            ai_level: row.ai_level.as_deref().and_then(|l| l.parse().ok()),
            game,
        })
    }

    pub fn seat_of(&self, user: u64) -> Option<Seat> {
        self.users
            .iter()
            .position(|&u| u == user)
            .map(|s| s as Seat)
    }

    pub fn is_active(&self) -> bool {
        self.state.is_active()
    }

    /// The AI's seat if it is the one to move.
    pub fn ai_to_act(&self) -> Option<Seat> {
        let seat = self.game.to_act()?;
        (self.is_active() && self.ai[seat as usize]).then_some(seat)
    }

    /// Seats played by people.
    pub fn human_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.users.len() as Seat).filter(|&s| !self.ai[s as usize])
    }

    pub fn seats(&self) -> Seats {
        Seats {
            match_id: self.id,
            version: self.version,
            preset: self.preset.clone(),
            names: self.names.clone(),
            users: self.users.clone(),
        }
    }

    /// The public table as it stands.
    pub fn table_scene(&self) -> TableScene {
        TableScene {
            lang: self.lang,
            seats: self.seats(),
            view: self.game.table_view(),
        }
    }

    /// `seat`'s own hand as it stands, in `lang`.
    pub fn hand_scene(
        &self,
        lang: Lang,
        seat: Seat,
        mode: HandMode,
        note: Option<Note>,
    ) -> HandScene {
        HandScene {
            lang,
            seats: self.seats(),
            view: self.game.view_for(seat),
            mode,
            note,
        }
    }
}
