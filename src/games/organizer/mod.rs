//! The tournament organizer: runs a Swiss, knockout or round robin over ordinary matches.
//!
//! Moderators create an event in a channel with its match rules; players sign up (a command
//! or the message's Join button); at its sign-up deadline (or a moderator's start) the
//! pairing core ([`super::tournament`]) pairs round 1 and each table is opened as an
//! ordinary match, with the round's deadline on it. When a round's last match ends, the
//! next round is paired. Every step is stored (see `store::tournaments`) before it is
//! shown, and the organizer's pass ([`Tournaments::run_tournaments`]) takes whatever step is due
//! from what is stored, so a restart, a crash between two steps or a second process finds
//! the same step to take and stores it once.

mod moderation;
mod run;
mod scene;
mod signup;

pub(crate) use run::Organizer;
pub use scene::{EntrantLine, RoundLine, TableLine, TournamentGame, TournamentScene};

use super::tournament::{self, EntrantId, Tournament};
use super::{each, Failure, GameChoice, Kind, Refusal, RulesOf, Tournaments};
use crate::i18n::Lang;
use crate::store::{CancelCause, EntryRow, StoreError, TournamentRow, TournamentState};

/// How a moderator asks for an event.
#[derive(Clone, Debug)]
pub struct TournamentRequest {
    pub name: String,
    pub format: FormatAsk,
    /// The matches' game; `target` as in `/gin start`.
    pub game: GameChoice,
    pub target: Option<i64>,
    /// Minutes until sign-up closes and the event starts by itself.
    pub signup_minutes: i64,
    /// Minutes each round lasts before the idle rules decide its unfinished matches.
    pub round_minutes: i64,
}

/// The format as asked: a Swiss's rounds may be left to the field's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatAsk {
    Swiss { rounds: Option<u32> },
    Knockout,
    RoundRobin,
}

/// Limits of what a moderator may ask.
pub const SIGNUP_MINUTES: (i64, i64) = (1, 7 * 24 * 60);
pub const ROUND_MINUTES: (i64, i64) = (5, 7 * 24 * 60);
/// The longest event name.
pub const NAME_CHARS: usize = 60;
/// A bye (or a walkover) is worth this many net points: about a typical match's margin.
const BYE_POINTS: u32 = 100;
/// The rating of a player who has played no rated match here.
const UNRATED: f64 = 1500.0;

/// A tournament message to post or bring up to date: the deliverer shows it, then notes it
/// with [`Tournaments::tournament_shown`].
#[derive(Clone, Debug)]
pub struct TournamentShow {
    pub tournament_id: i64,
    /// The stored step it shows.
    pub version: i64,
    pub channel: u64,
    /// The message to edit; none yet: post one.
    pub message: Option<u64>,
    pub scene: Box<TournamentScene>,
    /// A post of its own besides (a round's pairings, with the players mentioned; the final
    /// standings), none when only the message changes.
    pub announce: Option<Announcement>,
}

/// A public post besides the standings message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Announcement {
    /// Round `n` (from 1) was paired: its tables, the players mentioned.
    Round(usize),
    /// The event ended: the final standings.
    Final,
    /// The event was called off, and why (none for events stored before that was kept).
    Cancelled(Option<CancelCause>),
}

/// What one pass of the organizer found to show.
#[derive(Debug, Default)]
pub struct TournamentPass {
    /// The opened matches' first tables, stored in their outbox.
    pub deliveries: Vec<super::Deliveries>,
    pub shows: Vec<TournamentShow>,
    /// Organizers to tell privately that their event's channel was lost.
    pub notes: Vec<OrganizerNote>,
}

/// A private note to an event's organizer: the bot can no longer post in the event's
/// channel, so the event was called off there (or its end could not be shown). Sent once;
/// the deliverer notes it with [`Tournaments::organizer_told`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrganizerNote {
    pub tournament_id: i64,
    pub organizer: u64,
    pub lang: Lang,
    pub name: String,
    pub channel: u64,
    /// Whether the loss called it off (else it had ended already).
    pub called_off: bool,
}

/// A moderator's or player's command done, for the caller only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentNote {
    Joined {
        name: String,
    },
    /// A team signed up: entered once `partner` confirms (their own join).
    AwaitingPartner {
        name: String,
        partner: u64,
    },
    /// The partner confirmed: the team is entered.
    Confirmed {
        name: String,
    },
    Left {
        name: String,
    },
    Started {
        name: String,
    },
    Cancelled {
        name: String,
    },
    Disqualified {
        name: String,
        user: u64,
    },
    Extended {
        name: String,
        deadline: i64,
    },
}

/// An event as stored, with its field and (once started) its pairing state.
pub(crate) struct Loaded {
    pub row: TournamentRow,
    pub entries: Vec<EntryRow>,
    pub core: Option<Tournament>,
}

impl Loaded {
    fn game(&self) -> TournamentGame {
        game_of(&self.row)
    }

    /// The entry behind an entrant id.
    fn entry(&self, id: EntrantId) -> Option<&EntryRow> {
        self.entries.iter().find(|e| e.id as u64 == id.0)
    }

    /// The entry a player is in (theirs, or their team's).
    fn entry_of(&self, user: u64) -> Option<&EntryRow> {
        self.entries
            .iter()
            .find(|e| e.user.0 == user || e.partner.as_ref().is_some_and(|p| p.0 == user))
    }
}

/// What an event's matches play, from its stored rules.
fn game_of(row: &TournamentRow) -> TournamentGame {
    match RulesOf::from_json(&row.preset, &row.rules_json) {
        Ok(rules) => TournamentGame {
            key: each!(RulesOf, &rules, r, K => K::tournament_key(r)),
            teams: rules.four_players(),
        },
        // Sign-up stored them: unreadable, they name no game.
        Err(_) => TournamentGame {
            key: "tournament-game-gin",
            teams: false,
        },
    }
}

impl Tournaments<'_> {
    /// An event with its field and state.
    pub(crate) async fn load_tournament(&self, id: i64) -> Result<Option<Loaded>, Failure> {
        let Some(row) = self.db.tournaments().tournament(id).await? else {
            return Ok(None);
        };
        let entries = self.db.tournaments().entries(id).await?;
        let core = match &row.state_json {
            Some(json) => Some(serde_json::from_str(json).map_err(|e| {
                Failure::Store(StoreError::Corrupt(format!("tournament {id}: {e}")))
            })?),
            None => None,
        };
        Ok(Some(Loaded { row, entries, core }))
    }

    /// The channel's open event.
    pub(crate) async fn tournament_here(&self, channel: u64) -> Result<Loaded, Failure> {
        let id = self
            .db
            .tournaments()
            .open_tournament_in(channel)
            .await?
            .ok_or(Refusal::NoTournamentHere)?
            .id;
        self.load_tournament(id)
            .await?
            .ok_or(Refusal::NoTournamentHere.into())
    }

    /// The event as its message shows it now.
    pub(crate) fn tournament_scene(&self, t: &Loaded) -> TournamentScene {
        let lang = Lang::from_locale(&t.row.locale);
        let out: Vec<EntrantId> = t.core.iter().flat_map(|c| c.withdrawn().to_vec()).collect();
        let entrants = t
            .entries
            .iter()
            .map(|e| EntrantLine {
                id: EntrantId(e.id as u64),
                users: std::iter::once(e.user.clone())
                    .chain(e.partner.clone())
                    .collect(),
                rating: e.rating,
                out: out.contains(&EntrantId(e.id as u64)) || e.out,
                awaiting_partner: e.awaiting_partner,
            })
            .collect();
        let format = match &t.core {
            Some(c) => c.settings().format,
            None => serde_json::from_str::<tournament::Settings>(&t.row.settings_json)
                .map(|s| s.format)
                .unwrap_or(tournament::TournamentFormat::Knockout),
        };
        TournamentScene {
            lang,
            look: self.settings().public_look(t.row.guild_id),
            id: t.row.id,
            name: t.row.name.clone(),
            stage: t.row.status,
            format,
            preset: t.row.preset.clone(),
            game: t.game(),
            created_by: t.row.created_by,
            signup_closes: t.row.signup_closes,
            round_minutes: t.row.round_minutes,
            entrants,
            round: None,
            planned_rounds: t.core.as_ref().map_or(0, Tournament::planned_rounds),
            standings: t
                .core
                .as_ref()
                .map(Tournament::standings)
                .unwrap_or_default(),
            bracket: t.core.as_ref().and_then(Tournament::bracket),
        }
    }

    /// The scene with the current round's tables and their matches.
    pub(crate) async fn tournament_scene_now(
        &self,
        t: &Loaded,
    ) -> Result<TournamentScene, Failure> {
        let mut scene = self.tournament_scene(t);
        let Some(c) = &t.core else {
            return Ok(scene);
        };
        let Some(round) = c.rounds().last() else {
            return Ok(scene);
        };
        let number = c.rounds().len();
        let opened = self
            .db
            .tournaments()
            .round_tables(t.row.id, number as u32)
            .await?;
        let tables = round
            .pairings
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let match_id = opened
                    .iter()
                    .find(|o| o.table as usize == k + 1)
                    .and_then(|o| o.match_id);
                match *p {
                    tournament::Pairing::Match {
                        first,
                        second,
                        decision,
                    } => TableLine {
                        first,
                        second: Some(second),
                        result: decision.map(|d| (d.winner, d.finish)),
                        match_id,
                    },
                    tournament::Pairing::Bye { entrant } => TableLine {
                        first: entrant,
                        second: None,
                        result: Some((entrant, tournament::Finish::Played)),
                        match_id: None,
                    },
                }
            })
            .collect();
        scene.round = Some(RoundLine {
            number,
            deadline: t.row.round_deadline.unwrap_or_default(),
            tables,
        });
        Ok(scene)
    }
}

/// Whether an event is still taking sign-ups.
fn signing_up(row: &TournamentRow, now: i64) -> bool {
    row.status == TournamentState::SignUp && row.signup_closes > now
}
