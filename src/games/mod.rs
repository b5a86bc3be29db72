//! The matches being played, in domain terms: one owner per match, every accepted action stored
//! with what it requires to be shown (the outbox) before it is answered, challenges and idle
//! timers. Nothing here knows buttons, custom ids or Discord: callers get an [`Outcome`] (the
//! answer as a [`Reply`], and the stored [`Delivery`]s to carry out after answering), and the
//! presentation layer turns those into messages.

mod batch;
mod challenge;
mod commit;
mod effects;
mod export;
mod formats;
mod hold;
pub mod ledger;
mod live;
mod membership;
pub mod organizer;
pub(crate) mod place;
mod play;
mod practice;
mod rematch;
mod replay;
mod request;
mod rereads;
pub mod results;
mod resync;
mod scenes;
mod seams;
mod seasons;
mod settings;
mod sight;
mod sweep;
#[cfg(test)]
pub(crate) mod testing;
mod tokens;
pub mod tournament;
mod transition;
mod unposted;
mod variants;
mod views;

pub use challenge::UserRef;
pub use effects::{
    Delivery, Effect, HandHandle, Post, Show, Token, Turn, PART_AI, PART_MESSAGES, PART_REMINDER,
};
pub use export::{ExportFile, EXPORT_MATCHES};
pub use hold::Held;
pub use live::Live;
pub use membership::Membership;
pub use place::{Place, PlaceKind, Reach};
pub use play::Move;
pub use practice::ai_seed;
pub use replay::ReplayScene;
pub use request::{ChallengeRequest, RummyOptions, PRACTICE_LEVEL, RUMMY_PRACTICE_SEATS};
pub use resync::{Missed, Resyncs};
pub use scenes::{
    ChallengeScene, HandMode, HandScene, MatchEndScene, Note, Seats, ShowdownScene, TableScene,
    TurnClock,
};
pub use seams::{
    Challenges, Following, Ledger, Matches, Practice, Seasons, Settings, Sweeper, Tournaments,
};
pub use settings::{CardLook, LanguageSetting, SettingBound, SettingsChange, MAX_AI_DELAY_MS};
pub use sight::{Challenged, Change, Sight};
pub use sweep::{ExpiredChallenge, Sweep};
pub use tokens::{Followup, PostTo, Via, FOLLOWUPS};
pub use transition::{plan, record, transition, Answered, Plan, Transition};
pub(crate) use variants::{each, each_kind};
pub use variants::{
    DealOf, EndOf, ErrorOf, Event, Game, GameChoice, GameError, GinChoice, GinEnd, HandOf, Kind,
    Play, RulesOf, Sheet, TableOf, TeamHand, TeamsEnd, RUMMY_PRESET,
};

pub use crate::store::{
    BoardRow, BoardSort, ChallengeRow, ChallengeState, EndReason, Format, HandKind, HistoryRow,
    MatchState, OutboxKey, SheetHand, SheetMatch, StatsRow,
};

use crate::config::Config;
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::store::{Db, StoreError};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Who is interacting, where.
#[derive(Clone, Debug)]
pub struct Caller {
    pub place: Place,
    pub channel_id: u64,
    pub user_id: u64,
    pub name: String,
    /// The caller's own language (ephemeral answers).
    pub lang: Lang,
    /// The server's language (public messages).
    pub guild_lang: Lang,
    /// The message the pressed button is on.
    pub message_id: Option<u64>,
}

impl Caller {
    /// The server the caller is in, if any.
    pub fn guild_id(&self) -> Option<u64> {
        self.place.guild()
    }
}

/// The answer to an interaction, and what to carry out after answering.
#[derive(Debug)]
pub struct Outcome {
    pub reply: Reply,
    /// Already stored: to deliver once the reply is out (in this order).
    pub deliveries: Deliveries,
    /// The reply's message is this challenge's message or this match's table.
    pub reply_is: Option<ReplyRole>,
    /// The reply is a hand message of this seat: its token may refresh it later.
    pub hand_of: Option<(i64, Seat)>,
}

/// The message a reply creates, once its id is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyRole {
    Challenge(i64),
    Table(i64),
    /// A tournament's public message.
    Tournament(i64),
}

/// Deliveries of one match, with the right to deliver them before any later action of that
/// match (taken under the match's lock, so deliveries follow the order of the actions).
#[derive(Debug, Default)]
pub struct Deliveries {
    pub rows: Vec<Delivery>,
    pub turn: Option<Turn>,
}

impl Deliveries {
    pub fn none() -> Deliveries {
        Deliveries::default()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

impl Outcome {
    pub fn reply(reply: Reply) -> Outcome {
        Outcome {
            reply,
            deliveries: Deliveries::none(),
            reply_is: None,
            hand_of: None,
        }
    }

    /// A friendly refusal: nothing changed.
    pub fn refusal(why: Refusal) -> Outcome {
        Outcome::reply(Reply::Refused(why))
    }
}

/// What the caller is answered with, in domain terms.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Only the caller sees it; nothing changed.
    Refused(Refusal),
    /// The caller's hand: a new private message, or the one the button was on.
    Hand { scene: Box<HandScene>, update: bool },
    /// The public table: a new message, or the challenge message it replaces.
    Table {
        scene: Box<TableScene>,
        update: bool,
    },
    /// A challenge: a new public message, or the updated one.
    Challenge {
        scene: Box<ChallengeScene>,
        update: bool,
    },
    /// The challenge message becomes "declined by …".
    ChallengeDeclined { lang: Lang, by: String },
    /// The challenge message becomes "expired".
    ChallengeExpired { lang: Lang },
    /// The rules of a match (or of the default preset), for the caller only.
    Rules { preset: String, rules: Box<RulesOf> },
    /// A match ended by this command (a resignation): its settlement, in public.
    MatchEnd(Box<MatchEndScene>),
    /// A moderator cancelled a match, in public.
    Cancelled { lang: Lang, by: String },
    Leaderboard {
        lang: Lang,
        rows: Vec<BoardRow>,
        query: ledger::BoardQuery,
        viewer: u64,
        update: bool,
        /// The season's name, once the server has started seasons.
        season: Option<String>,
    },
    /// A new season began: the closing board of the one that ended, in public.
    SeasonStarted {
        lang: Lang,
        ended: String,
        started: String,
        rows: Vec<BoardRow>,
        query: ledger::BoardQuery,
        viewer: u64,
    },
    Stats {
        lang: Lang,
        name: String,
        stats: Option<StatsRow>,
        /// The player's recent matches, oldest first (the chart).
        recent: Vec<crate::store::RecentResult>,
        /// Pictures or text, as the server shows public messages.
        look: CardLook,
        /// `Some(places)`: the caller's own figures over that many places, for them alone;
        /// `None`: a player's figures in this place, in public.
        everywhere: Option<i64>,
    },
    /// `/gin cards`: the caller's choice, just made or as it stands.
    CardLook {
        lang: Lang,
        look: CardLook,
        changed: bool,
    },
    History {
        lang: Lang,
        name: String,
        rows: Vec<HistoryRow>,
    },
    /// A match's score sheet, for the caller only.
    Sheet(Box<SheetMatch>),
    /// One step of a replayed hand, for the caller only (a new message, or the one the
    /// Previous/Next button was on).
    Replay {
        scene: Box<ReplayScene>,
        update: bool,
    },
    /// A CSV file of the ledger, for the caller only.
    Export(Box<ExportFile>),
    /// A server's settings, for the caller only (`changed`: just now).
    Settings {
        lang: Lang,
        /// The preset new matches play (the server's, or the bot's).
        preset: String,
        /// The idle clock and the AI's pause in effect.
        timeouts: crate::config::Timeouts,
        settings: Box<crate::store::GuildSettings>,
        changed: bool,
    },
    /// `/gin watch`: a match's table for the caller only (a new message, or the one its
    /// Refresh button was on).
    Watch {
        scene: Box<TableScene>,
        update: bool,
    },
    /// A tournament's public message: new (`/tournament create`), or the one pressed.
    Tournament {
        scene: Box<organizer::TournamentScene>,
        update: bool,
    },
    /// `/tournament standings`: the event as it stands, for the caller only.
    Standings(Box<organizer::TournamentScene>),
    /// A tournament command done, for the caller only.
    TournamentDone {
        lang: Lang,
        note: organizer::TournamentNote,
    },
}

/// Why a request was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    UnknownButton,
    UnknownMatch,
    NotAPlayer,
    NotChallenged,
    ChallengeClosed,
    MatchOver,
    Stale,
    NoMatchHere,
    GuildOnly,
    /// A challenge in the bot's own DM, which nobody else sees.
    ChallengeInBotDm,
    SelfChallenge,
    BotChallenge,
    SameOpponent,
    /// Too many (or no) players named for this game.
    PlayerCount,
    YouBusy,
    OpponentBusy,
    /// A player of the challenge started another match here meanwhile.
    AlreadyPlaying,
    /// `user` declined the caller's last challenges: not again for `minutes`.
    DeclinedRecently {
        user: u64,
        minutes: u64,
    },
    TargetRange,
    /// Rummy's `rounds` outside 1 to 50 (`MAX_ROUNDS`).
    RoundsRange,
    ModeratorsOnly,
    NothingToCancel,
    CancelWhich,
    /// Replays are of finished matches only.
    ReplayInPlay,
    /// Replays are of Gin matches.
    ReplayGinOnly,
    /// The match has no such (finished) hand.
    NoSuchHand,
    /// A match's hands (replay, score sheet) are shown outside the channel it was played in
    /// to its players only.
    PlayedElsewhere,
    /// A challenge's button pressed on another message, or from another channel or server:
    /// forged (a press carries the message it was on).
    OtherChallenge,
    /// Accept on the card table for a challenge that has a message in chat (or where the bot
    /// posts them there): it is answered on that message.
    AcceptInChat,
    /// A press on a match from outside the server and channel it is played in: forged.
    MatchElsewhere,
    /// A rematch is for a match that has ended.
    RematchInPlay,
    /// `/gin watch` found no match in play here.
    NothingToWatch,
    /// A setting outside its bounds.
    SettingRange(SettingBound),
    /// The server starts matches in other channels only.
    ChannelNotAllowed,
    /// No season of that name or number.
    NoSuchSeason,
    /// A season's name: 1 to 50 characters.
    SeasonName,
    /// No tournament is open in this channel.
    NoTournamentHere,
    /// This channel has an open tournament already.
    TournamentExists,
    /// A tournament's name: 1 to 60 characters.
    TournamentName,
    /// Sign-up or round minutes out of their bounds.
    TournamentTimes,
    /// A Swiss's rounds: 1 to 30.
    SwissRounds,
    /// The bot may not post (or attach files) in this channel.
    CannotPostHere,
    /// Sign-up is over (or the tournament started).
    SignUpClosed,
    /// A team tournament: name your partner.
    PartnerNeeded,
    /// Not a team tournament: no partner.
    PartnerNotWanted,
    AlreadyEntered,
    NotEntered,
    /// The field is full (256).
    TournamentFull,
    /// The tournament has started already.
    TournamentRunning,
    /// Fewer than two entrants: nothing to start.
    TooFewEntrants,
    /// The tournament is not running (still in sign-up).
    TournamentNotRunning,
    /// That player is not in the tournament.
    NotAnEntrant,
    /// That entrant is already out.
    AlreadyOut,
    /// A tournament match is decided by the tournament's commands (disqualify, cancel).
    TournamentMatch,
    /// No tournament of that name or number on this server.
    NoSuchTournament,
    /// Seasons and tournaments are a server's: a DM's board has neither.
    ServersOnlyBoard,
    /// Figures over every place are the caller's own alone: they would tell where someone
    /// else plays.
    OwnFiguresOnly,
    /// Something broke on our side (logged); the caller may try again.
    Internal,
}

/// Why an interaction could not be served; shown to the caller, nothing changed.
#[derive(Debug)]
pub enum Failure {
    User(Refusal),
    Store(StoreError),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        Failure::Store(e)
    }
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Failure {
        Failure::User(r)
    }
}

impl Failure {
    fn into_outcome(self) -> Outcome {
        Outcome::refusal(self.refusal())
    }

    fn refusal(self) -> Refusal {
        match self {
            Failure::User(r) => r,
            Failure::Store(e) => {
                tracing::error!(error = %e, "storage failure");
                Refusal::Internal
            }
        }
    }
}

/// Produces the 32-byte seed of each new match.
pub type SeedSource = Arc<dyn Fn() -> crate::engine::Seed + Send + Sync>;

/// Seconds since the epoch; replaceable in tests.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The process's clock: see [`epoch_ms`].
pub fn system_clock() -> Clock {
    Arc::new(|| epoch_ms() / 1000)
}

/// Milliseconds since the epoch: the system clock at the process's start plus the time since
/// on the monotonic clock, so a system clock stepped back while the bot runs delays none of
/// its reminders, forfeits, AI turns, leases or token ages. A system clock found ahead (set
/// by NTP after an early start, or a machine resumed from suspend, when the monotonic clock
/// stood still) is followed forward: this clock never runs behind real time for long, and it
/// never goes back.
fn epoch_ms() -> i64 {
    use std::sync::atomic::AtomicI64;
    static START: std::sync::OnceLock<(i64, std::time::Instant)> = std::sync::OnceLock::new();
    /// How far the system clock was found ahead of the monotonic reckoning, in all.
    static AHEAD: AtomicI64 = AtomicI64::new(0);
    let wall_now = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or_default()
    };
    let (wall, at) = START.get_or_init(|| (wall_now(), std::time::Instant::now()));
    reckon(wall + at.elapsed().as_millis() as i64, wall_now(), &AHEAD)
}

/// The clock of [`epoch_ms`] from the monotonic reckoning and the system clock now; `ahead`
/// keeps the furthest the system clock was found ahead of the reckoning.
fn reckon(reckoned: i64, wall: i64, ahead: &std::sync::atomic::AtomicI64) -> i64 {
    use std::sync::atomic::Ordering;
    // Two seconds of slack: the two clocks drift apart a little, and a step forward of less
    // matters to no timer.
    if wall - reckoned > 2_000 {
        ahead.fetch_max(wall - reckoned, Ordering::SeqCst);
    }
    reckoned + ahead.load(Ordering::SeqCst)
}

/// Whether a hand message's token noted at `at` can still edit it at `now`, a hand message
/// being editable for `window` seconds after the press it answered (see
/// [`Games::hand_edit_window`]). One noted ahead of now (the clock was stepped back since)
/// has an unknown age: too old.
pub(crate) fn token_fresh(now: i64, at: i64, window: i64) -> bool {
    (0..window).contains(&(now - at))
}

/// An open hand message's token, when it was issued, and its language.
type HandToken = (Token, i64, Lang);
type HandTokens = HashMap<(i64, Seat), HandToken>;

/// The bot's game service: the core its seams share, each a view reached by a method of it
/// ([`Games::matches`], [`Games::ledger`], ...).
pub struct Games {
    pub db: Db,
    pub config: Config,
    pub clock: Clock,
    /// How long (seconds) a hand message can still be edited after the press it answered:
    /// the chat platform's rule, handed in by whoever builds the service.
    hand_edit_window: i64,
    /// Where match seeds come from: the OS generator, or a fixed sequence in tests.
    seeds: SeedSource,
    slots: Mutex<hold::Slots>,
    /// How many times a match was read from the store into memory.
    loads: std::sync::atomic::AtomicU64,
    /// Matches read for their first press, together (see [`batch`]).
    match_reads: batch::Batched<i64, Result<crate::store::MatchRow, String>>,
    /// Open hand messages: their token, when it was issued, their language; with the time of
    /// the last sweep of expired ones.
    hand_tokens: Mutex<(HandTokens, i64)>,
    /// Tokens that may show matches played where the bot reaches the chat through them only.
    match_tokens: Mutex<tokens::MatchTokens>,
    /// Likewise for challenges' messages.
    challenge_tokens: Mutex<challenge::ChallengeTokens>,
    /// Per match: whose turn it is to deliver (see [`Deliveries::turn`]); with the map's size
    /// at its last sweep.
    delivery_turns: Mutex<(HashMap<i64, std::sync::Weak<effects::TurnGate>>, usize)>,
    /// Servers' settings and players' card looks in memory (see [`Settings`]).
    settings_cache: settings::Cache,
    /// Leaderboards read lately, for their page buttons.
    boards: ledger::BoardCache,
    /// The tournament organizer's wake-up and queue (see [`Tournaments::run_tournaments`]).
    organizer: organizer::Organizer,
    /// News of every change of a match (see [`Following::changes`]).
    changes: tokio::sync::broadcast::Sender<Change>,
    /// Matches of other processes' servers as last read (see [`views`]).
    views: Mutex<views::Views>,
    /// The times news may have been missed (see [`Following::resyncs`]).
    resyncs: tokio::sync::watch::Sender<resync::Log>,
    /// Channels whose card table presence changed, heard on the bus (see
    /// [`Following::presence_news`]).
    presence: tokio::sync::broadcast::Sender<u64>,
    /// The servers the bot is in (see [`Membership`]).
    membership: Membership,
}

impl Games {
    /// The service; a hand message stays editable for `hand_edit_window` seconds.
    pub fn new(db: Db, config: Config, clock: Clock, hand_edit_window: i64) -> Games {
        let match_reads = batch::Batched::new(
            db.clone(),
            Arc::new(|db: Db, ids: Vec<i64>| {
                Box::pin(async move {
                    let rows = db.matches().load_matches(&ids).await?;
                    // A row that cannot be read is its own caller's error only.
                    Ok(rows
                        .into_iter()
                        .map(|(id, r)| (id, r.map_err(|e| e.to_string())))
                        .collect())
                }) as _
            }),
        );
        let settings_cache = settings::Cache::new(&db);
        Games {
            db,
            config,
            clock,
            hand_edit_window,
            seeds: Arc::new(rand::random),
            slots: Mutex::new(Default::default()),
            loads: Default::default(),
            match_reads,
            hand_tokens: Mutex::new((HashMap::new(), 0)),
            match_tokens: Default::default(),
            challenge_tokens: Default::default(),
            delivery_turns: Mutex::new((HashMap::new(), 0)),
            settings_cache,
            boards: Default::default(),
            organizer: Default::default(),
            changes: tokio::sync::broadcast::channel(sight::CHANGES_KEPT).0,
            views: Default::default(),
            resyncs: tokio::sync::watch::Sender::new(Default::default()),
            presence: tokio::sync::broadcast::channel(sight::CHANGES_KEPT).0,
            membership: Default::default(),
        }
    }

    /// The servers the bot is in: told by the gateway, read where a place comes without it.
    pub fn membership(&self) -> &Membership {
        &self.membership
    }

    /// Replaces the seed source (tests replay the same matches).
    pub fn with_seeds(mut self, seeds: SeedSource) -> Games {
        self.seeds = seeds;
        self
    }

    pub(crate) fn next_seed(&self) -> crate::engine::Seed {
        (self.seeds)()
    }

    pub fn now(&self) -> i64 {
        (self.clock)()
    }

    /// Milliseconds since the epoch, for delivery times.
    pub fn now_ms(&self) -> i64 {
        epoch_ms()
    }

    /// A copy of a match's current state (loading it if needed), for inspection.
    pub async fn snapshot(&self, match_id: i64) -> Option<Live> {
        let held = self.hold(match_id).await.ok()?;
        Some(held.clone())
    }

    /// How many matches are held in memory (tests check that finished and unknown ones leave).
    pub fn live_count(&self) -> usize {
        self.slots.lock().expect("slot map lock").len()
    }

    /// How many times a match was read from the store into memory since the start (tests
    /// count what following a match costs).
    pub fn matches_loaded(&self) -> u64 {
        self.loads.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Remembers the token of an interaction answered with a hand message in `lang`. Kept in
    /// memory; a hand refresh that an action requires stores it with the action.
    pub fn remember_hand_token(&self, match_id: i64, seat: Seat, token: String, lang: Lang) {
        let now = self.now();
        let mut guard = self.hand_tokens.lock().expect("token lock");
        let (tokens, swept_at) = &mut *guard;
        // Expired tokens go once a minute, not on every insert (a scan of every match).
        if now - *swept_at >= 60 {
            tokens.retain(|_, (_, at, _)| token_fresh(now, *at, self.hand_edit_window));
            *swept_at = now;
        }
        tokens.insert((match_id, seat), (Token::new(token), now, lang));
    }

    /// The newest live handle of a seat's hand message, for storing with an action.
    pub(crate) fn hand_handle(&self, match_id: i64, seat: Seat) -> Option<HandHandle> {
        let now = self.now();
        let tokens = self.hand_tokens.lock().expect("token lock");
        tokens
            .0
            .get(&(match_id, seat))
            .filter(|(_, at, _)| token_fresh(now, *at, self.hand_edit_window))
            .map(|(token, at, lang)| HandHandle {
                token: token.clone(),
                locale: lang.code().to_string(),
                at: *at,
            })
    }

    pub(crate) fn hand_token(&self, match_id: i64, seat: Seat) -> Option<(Token, Lang)> {
        let now = self.now();
        let tokens = self.hand_tokens.lock().expect("token lock");
        tokens
            .0
            .get(&(match_id, seat))
            .filter(|(_, at, _)| token_fresh(now, *at, self.hand_edit_window))
            .map(|(t, _, lang)| (t.clone(), *lang))
    }
}

#[cfg(test)]
mod clock_tests {
    /// A token noted ahead of now (the clock was stepped back since) is not taken for young.
    #[test]
    fn a_token_noted_ahead_of_now_is_too_old() {
        let window = 60;
        assert!(super::token_fresh(1_000, 1_000, window));
        assert!(!super::token_fresh(1_000, 1_000 - window, window));
        assert!(
            !super::token_fresh(1_000, 1_001, window),
            "an hour's step back"
        );
    }

    /// The clock follows a system clock stepped forward (NTP after an early start, a resume
    /// from suspend), ignores one stepped back, and never goes back itself.
    #[test]
    fn the_clock_follows_a_step_forward_and_ignores_a_step_back() {
        let ahead = std::sync::atomic::AtomicI64::new(0);
        assert_eq!(super::reckon(10_000, 10_500, &ahead), 10_000, "drift");
        assert_eq!(
            super::reckon(11_000, 3_611_000, &ahead),
            3_611_000,
            "an hour on"
        );
        assert_eq!(
            super::reckon(12_000, 12_000, &ahead),
            3_612_000,
            "stepped back"
        );
        assert_eq!(super::reckon(13_000, 3_613_000, &ahead), 3_613_000);
    }
}
