//! What a tournament's messages show, as data: the presentation layer draws these (the
//! standings message with its Join and Leave buttons, the bracket picture, the round's
//! pairings). Names and user ids only: a tournament has no hidden cards to leak.

use crate::games::tournament::{Bracket, EntrantId, Standing, TournamentFormat};
use crate::games::CardLook;
use crate::i18n::Lang;
use crate::store::TournamentState;

/// A tournament as its public message shows it.
#[derive(Clone, Debug)]
pub struct TournamentScene {
    pub lang: Lang,
    /// Pictures (the bracket drawn) or text only, as the server shows public messages.
    pub look: CardLook,
    pub id: i64,
    pub name: String,
    pub stage: TournamentState,
    pub format: TournamentFormat,
    /// The match rules' preset name, and what the matches play ("Gin", "Straight Gin",
    /// "Hollywood Gin", "Partnership Gin", "Team Gin").
    pub preset: String,
    pub game: TournamentGame,
    /// Who created it (a mention).
    pub created_by: u64,
    /// When sign-up closes and the event starts by itself (seconds since the epoch).
    pub signup_closes: i64,
    /// How long each round lasts, in minutes.
    pub round_minutes: i64,
    /// The field, in registration order: a player, or a team of two.
    pub entrants: Vec<EntrantLine>,
    /// Once started: the current (or last) round, from 1, and its deadline.
    pub round: Option<RoundLine>,
    /// How many rounds the event has in all (0 before the start).
    pub planned_rounds: usize,
    /// Once started: best placed first.
    pub standings: Vec<Standing>,
    /// A knockout's whole bracket, once started.
    pub bracket: Option<Bracket>,
}

/// What a tournament's matches are, as its game names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// The catalogue key of its name (with the preset as `$preset`).
    pub key: &'static str,
    /// Whether entrants are teams of two (the four-player games).
    pub teams: bool,
}

/// One entrant: a player, or a registered team (the player who signed it up, then the
/// partner).
#[derive(Clone, Debug, PartialEq)]
pub struct EntrantLine {
    pub id: EntrantId,
    pub users: Vec<(u64, String)>,
    pub rating: f64,
    /// Disqualified, or knocked out.
    pub out: bool,
    /// A team signed up whose partner has not confirmed yet (not entered until then).
    pub awaiting_partner: bool,
}

impl EntrantLine {
    /// The entrant's name as shown: the player's, or "A & B".
    pub fn name(&self) -> String {
        self.users
            .iter()
            .map(|(_, n)| n.as_str())
            .collect::<Vec<_>>()
            .join(" & ")
    }
}

/// The round being played (or the last one played).
#[derive(Clone, Debug, PartialEq)]
pub struct RoundLine {
    /// From 1.
    pub number: usize,
    /// When unfinished matches fall to the idle rules (seconds since the epoch).
    pub deadline: i64,
    pub tables: Vec<TableLine>,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq)]
pub struct TableLine {
    pub first: EntrantId,
    /// `None`: a bye.
    pub second: Option<EntrantId>,
    /// The winner once decided, and how.
    pub result: Option<(EntrantId, crate::games::tournament::Finish)>,
    /// The match, once opened (a table waits while one of its players finishes another
    /// match in the channel).
    pub match_id: Option<i64>,
}
