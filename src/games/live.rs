//! A match in memory: the engine state plus who sits where and where its table message is.

use super::results::rating_policy;
use super::scenes::{
    HandMode, HandScene, MatchEndScene, Note, Seats, ShowdownScene, TableScene, TurnClock,
};
use super::settings::CardLook;
use super::variants::{Game, RulesOf};
use super::{MatchState, Place};
use crate::config::Timeouts;
use crate::engine::ai::coach::Hint;
use crate::engine::ai::Level;
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::store::{MatchEvent, MatchRow, StoreError};

/// A loaded match. Only ever touched while it is held (see [`super::Held`]).
#[derive(Clone, Debug)]
pub struct Live {
    pub id: i64,
    /// The server Discord routes the match's events by (0 outside servers); its settings.
    pub guild_id: u64,
    /// Where it is played, and so how the bot may show it there.
    pub place: Place,
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
    pub game: Game,
    /// When the idle clock of the turn started (seconds): the table shows when the player to
    /// move is reminded and when they forfeit.
    pub turn_started_at: i64,
    /// The coach's last answer (seat, press version, hint): asking again at the same moment
    /// shows it again, without thinking or counting twice.
    pub last_hint: Option<(Seat, i64, Hint)>,
    /// The tournament round it is played for, if any.
    pub event: Option<MatchEvent>,
}

/// A stored state that does not read back.
pub(crate) fn corrupt(match_id: i64, e: serde_json::Error) -> StoreError {
    StoreError::Corrupt(format!("match {match_id}: {e}"))
}

impl Live {
    pub fn from_row(row: MatchRow) -> Result<Live, StoreError> {
        let game = Game::from_json(row.format, &row.state_json).map_err(|e| corrupt(row.id, e))?;
        Ok(Live {
            id: row.id,
            guild_id: row.guild_id,
            place: Place::stored(row.place_kind, row.guild_id, row.channel_id),
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
            turn_started_at: row.turn_started_at,
            last_hint: None,
            event: row.event,
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

    /// An AI seat that may move now (at Partnership Gin, the one whose table has waited
    /// longer first).
    pub fn ai_to_act(&self) -> Option<Seat> {
        if !self.is_active() {
            return None;
        }
        let mut seats = self.game.seats_to_act();
        seats.sort_by_key(|&s| Some(s) != self.game.to_act());
        seats.into_iter().find(|&s| self.ai[s as usize])
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

    /// The public table as it stands; `timeouts` say when an idle player to move is reminded
    /// and forfeits (none while the bot's AI is to move).
    pub fn table_scene(&self, timeouts: &Timeouts, look: CardLook) -> TableScene {
        let waiting =
            self.is_active() && self.ai_to_act().is_none() && self.game.to_act().is_some();
        let reminder = timeouts.reminder().as_secs() as i64;
        let forfeit = timeouts.forfeit().as_secs() as i64;
        let remind_at = self.turn_started_at + reminder;
        // Past a tournament round's deadline the forfeit comes one reminder's time after the
        // reminder (the sweeper's rule, see `Matches::idle_matches`).
        let forfeit_at = match self.event {
            Some(e) if 2 * reminder < forfeit => {
                let tight = (self.turn_started_at + 2 * reminder).max(e.deadline);
                tight.min(self.turn_started_at + forfeit)
            }
            _ => self.turn_started_at + forfeit,
        };
        TableScene {
            lang: self.lang,
            look,
            clock: waiting.then_some(TurnClock {
                remind_at,
                forfeit_at,
            }),
            seats: self.seats(),
            view: self.game.table(),
            event: self.event,
        }
    }

    /// `seat`'s own hand as it stands, in `lang`.
    pub fn hand_scene(
        &self,
        lang: Lang,
        seat: Seat,
        mode: HandMode,
        note: Option<Note>,
        look: CardLook,
    ) -> HandScene {
        let mut seats = self.seats();
        seats.version = self.game.press_version(seat, self.version);
        HandScene {
            lang,
            look,
            seats,
            view: self.game.hand(seat),
            mode,
            note,
            coach: self.coached(seat),
        }
    }

    /// Whether `seat` may ask the coach: a person in a practice match of a game that offers
    /// it (Gin with two players, or Partnership). A rated match never offers hints
    /// ([`rating_policy`]).
    pub fn coached(&self, seat: Seat) -> bool {
        rating_policy(self).is_none()
            && !self.ai.get(seat as usize).copied().unwrap_or(true)
            && self.game.offers_coach()
    }

    /// The public record of finished deal `deal`, if it is finished.
    pub fn showdown_scene(&self, deal: u32, look: CardLook) -> Option<ShowdownScene> {
        Some(ShowdownScene {
            lang: self.lang,
            look,
            seats: self.seats(),
            record: self.game.deal(deal)?,
            deal_no: deal,
            aces_high: self.game.aces_high(),
        })
    }

    /// The match's settlement, once it has one.
    pub fn match_end_scene(&self, look: CardLook) -> Option<MatchEndScene> {
        Some(MatchEndScene {
            lang: self.lang,
            look,
            seats: self.seats(),
            end: self.game.end()?,
        })
    }

    pub fn rules(&self) -> RulesOf {
        self.game.rules()
    }

    /// The coach's last answer while it still answers the moment (its seat's press version
    /// has not moved): shown again if asked again, and kept in memory until then.
    pub fn current_hint(&self) -> Option<(Seat, &Hint)> {
        let (seat, moment, hint) = self.last_hint.as_ref()?;
        (*moment == self.game.press_version(*seat, self.version)).then_some((*seat, hint))
    }
}

#[cfg(test)]
impl Live {
    /// A fresh two-player match of the classic preset, for tests (seat 1 an AI when `ai`).
    pub(crate) fn sample(id: i64, ai: bool) -> Live {
        let game = crate::engine::Match::new(crate::engine::Preset::Classic.rules(), 2, [3u8; 32])
            .expect("a match");
        Live {
            id,
            guild_id: 1,
            place: Place::Guild {
                guild: 1,
                member: true,
            },
            channel_id: 2,
            table_message_id: Some(3),
            table_deal: 0,
            preset: "classic".into(),
            lang: Lang::En,
            state: MatchState::Active,
            version: 0,
            users: vec![10, 11],
            names: vec!["Ann".into(), "Ben".into()],
            ai: vec![false, ai],
            ai_level: None,
            game: Game::from(game),
            turn_started_at: 0,
            last_hint: None,
            event: None,
        }
    }
}
