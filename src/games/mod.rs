//! The matches being played: one owner per match, every accepted action stored before it is
//! answered, challenges and idle timers. Transport-neutral: the Discord adapter and the tests
//! call the same functions and get the same [`Outcome`]s.

mod challenge;
pub mod ledger;
mod live;
mod play;
mod practice;
pub mod results;
mod sweep;

pub use challenge::UserRef;
pub use live::Live;

use crate::config::Config;
use crate::discord::model::{Msg, Response};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::store::{Db, StoreError};
use crate::tr;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Who is interacting, where.
#[derive(Clone, Debug)]
pub struct Caller {
    pub guild_id: Option<u64>,
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

/// The answer to an interaction, and what to do after answering.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub response: Response,
    pub effects: Vec<Effect>,
    /// The response is a hand message of this seat: its token may refresh it later.
    pub hand_of: Option<(i64, Seat)>,
}

impl Outcome {
    pub fn reply(response: Response) -> Outcome {
        Outcome {
            response,
            effects: Vec::new(),
            hand_of: None,
        }
    }

    /// A friendly ephemeral refusal: nothing changed.
    pub fn refusal(lang: Lang, key: &str) -> Outcome {
        Outcome::reply(Response::Ephemeral(Msg::text(tr!(lang, key))))
    }
}

/// Work after the answer: channel messages to post or edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Store the id of the message the response created as this challenge's message.
    ChallengeMessage(i64),
    /// The response created this match's table message: store its id.
    TableFromResponse(i64),
    /// The AI is to move in this match: pause, decide, play.
    AiTurn(i64),
    /// Edit the match's table message to the current state.
    RefreshTable(i64),
    /// The table moved on to a new hand: retire the old table message, post a new one.
    NewTable(i64),
    Post {
        channel: u64,
        msg: Msg,
    },
    Edit {
        channel: u64,
        message: u64,
        msg: Msg,
    },
    /// Refresh a player's open hand message, if its token is still alive.
    RefreshHand {
        match_id: i64,
        seat: Seat,
    },
}

/// Where effects go: Discord, or a recorder in tests.
pub trait Outbox: Send + Sync {
    /// Posts a message; returns its id.
    fn post(
        &self,
        channel: u64,
        msg: &Msg,
    ) -> impl std::future::Future<Output = Result<u64, String>> + Send;
    fn edit(
        &self,
        channel: u64,
        message: u64,
        msg: &Msg,
    ) -> impl std::future::Future<Output = Result<(), String>> + Send;
    /// Edits the ephemeral message an interaction token answered with.
    fn edit_ephemeral(
        &self,
        token: &str,
        msg: &Msg,
    ) -> impl std::future::Future<Output = Result<(), String>> + Send;
}

/// Produces the 32-byte seed of each new match.
pub type SeedSource = Arc<dyn Fn() -> crate::engine::Seed + Send + Sync>;

/// Seconds since the epoch; replaceable in tests.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

pub fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or_default()
    })
}

/// A match's slot: the lock that makes one press at a time its owner. `None` until loaded.
type Slot = Arc<tokio::sync::Mutex<Option<Live>>>;

/// An open hand message's interaction token, when it was issued, and its language.
type HandToken = (String, i64, Lang);
type HandTokens = HashMap<(i64, Seat), HandToken>;

/// Interaction tokens of open hand messages live 15 minutes; we use them for 14.
const HAND_TOKEN_SECONDS: i64 = 14 * 60;

/// The bot's game service.
pub struct Games {
    pub db: Db,
    pub config: Config,
    pub clock: Clock,
    /// Where match seeds come from: the OS generator, or a fixed sequence in tests.
    seeds: SeedSource,
    slots: Mutex<HashMap<i64, Slot>>,
    /// Open hand messages: their interaction token, when it was issued, their language.
    /// With the time of the last sweep of expired ones.
    hand_tokens: Mutex<(HandTokens, i64)>,
    /// Per match, the version of the last table written to Discord: edits are made one at a
    /// time and never replace a newer table with an older one.
    table_gates: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<i64>>>>,
    /// While the bulk warm-up runs: matches loaded or evicted meanwhile, which it must not
    /// overwrite with its older copy. `None` when no warm-up runs.
    warming: Mutex<Option<std::collections::HashSet<i64>>>,
}

/// Why an interaction could not be served; shown to the caller, nothing changed.
#[derive(Debug)]
pub(crate) enum Failure {
    /// A message id of the catalogue.
    User(&'static str),
    Store(StoreError),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        Failure::Store(e)
    }
}

impl Failure {
    fn into_outcome(self, lang: Lang) -> Outcome {
        match self {
            Failure::User(key) => Outcome::refusal(lang, key),
            Failure::Store(e) => {
                tracing::error!(error = %e, "storage failure");
                Outcome::refusal(lang, "err-internal")
            }
        }
    }
}

impl Games {
    pub fn new(db: Db, config: Config, clock: Clock) -> Games {
        Games {
            db,
            config,
            clock,
            seeds: Arc::new(rand::random),
            slots: Mutex::new(HashMap::new()),
            hand_tokens: Mutex::new((HashMap::new(), 0)),
            table_gates: Mutex::new(HashMap::new()),
            warming: Mutex::new(None),
        }
    }

    /// Replaces the seed source (tests replay the same matches).
    pub fn with_seeds(mut self, seeds: SeedSource) -> Games {
        self.seeds = seeds;
        self
    }

    pub(crate) fn next_seed(&self) -> crate::engine::Seed {
        (self.seeds)()
    }

    /// A copy of a match's current state (loading it if needed), for inspection.
    pub async fn snapshot(&self, match_id: i64) -> Option<Live> {
        self.lock(match_id).await.ok()?.clone()
    }

    pub fn now(&self) -> i64 {
        (self.clock)()
    }

    fn slot(&self, match_id: i64) -> Slot {
        self.slots
            .lock()
            .expect("slot map lock")
            .entry(match_id)
            .or_default()
            .clone()
    }

    /// Starts a warm-up: from now on, loads and evictions are noted (see [`Games::warm_up`]).
    pub fn begin_warm_up(&self) {
        *self.warming.lock().expect("warm-up lock") = Some(Default::default());
    }

    /// Notes a match a press loaded or evicted while a warm-up runs.
    pub(crate) fn touched(&self, match_id: i64) {
        if let Some(set) = self.warming.lock().expect("warm-up lock").as_mut() {
            set.insert(match_id);
        }
    }

    /// Loads every active match into memory in bulk (after a start), so the first presses of
    /// thousands of resumed matches do not each wait for their own load. A page at a time, off
    /// the bot's runtime (see [`Db::scan_active_matches`]): the first matches are ready long
    /// before the last are read. Call [`Games::begin_warm_up`] first; matches a press loaded
    /// or evicted since are left alone.
    pub async fn warm_up(self: &Arc<Self>) -> usize {
        let games = Arc::clone(self);
        let loaded = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = Arc::clone(&loaded);
        let scan = self.db.scan_active_matches(500, move |rows| {
            let mut page = Vec::with_capacity(rows.len());
            for row in rows {
                let id = row.id;
                match Live::from_row(row) {
                    Ok(live) => page.push((id, live)),
                    Err(e) => tracing::warn!(match_id = id, error = %e, "unreadable match"),
                }
            }
            let warming = games.warming.lock().expect("warm-up lock");
            let touched = |id| warming.as_ref().is_some_and(|t| t.contains(&id));
            let mut map = games.slots.lock().expect("slot map lock");
            for (id, live) in page {
                if !touched(id) && !map.contains_key(&id) {
                    map.insert(id, Arc::new(tokio::sync::Mutex::new(Some(live))));
                    count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
        });
        if let Err(e) = scan.await {
            tracing::warn!(error = %e, "warming up");
        }
        self.warming.lock().expect("warm-up lock").take();
        let loaded = loaded.load(std::sync::atomic::Ordering::Relaxed);
        tracing::info!(loaded, "active matches in memory");
        loaded
    }

    /// Drops the slot of a match that could not be loaded, unless someone is using it.
    fn evict_if_empty(&self, match_id: i64) {
        let mut slots = self.slots.lock().expect("slot map lock");
        if let Some(slot) = slots.get(&match_id) {
            if Arc::strong_count(slot) == 1 && slot.try_lock().is_ok_and(|g| g.is_none()) {
                slots.remove(&match_id);
            }
        }
    }

    /// How many matches are held in memory (tests check that forged ids leave none).
    pub fn live_count(&self) -> usize {
        self.slots.lock().expect("slot map lock").len()
    }

    /// Forgets a finished match's in-memory state (the database keeps it).
    fn evict(&self, match_id: i64) {
        self.touched(match_id);
        self.slots.lock().expect("slot map lock").remove(&match_id);
    }

    /// Remembers the token of an interaction answered with a hand message in `lang`.
    pub fn remember_hand_token(&self, match_id: i64, seat: Seat, token: String, lang: Lang) {
        let now = self.now();
        let mut guard = self.hand_tokens.lock().expect("token lock");
        let (tokens, swept_at) = &mut *guard;
        // Expired tokens go once a minute, not on every insert (a scan of every match).
        if now - *swept_at >= 60 {
            tokens.retain(|_, (_, at, _)| now - *at < HAND_TOKEN_SECONDS);
            *swept_at = now;
        }
        tokens.insert((match_id, seat), (token, now, lang));
    }

    fn hand_token(&self, match_id: i64, seat: Seat) -> Option<(String, Lang)> {
        let now = self.now();
        let tokens = self.hand_tokens.lock().expect("token lock");
        tokens
            .0
            .get(&(match_id, seat))
            .filter(|(_, at, _)| now - *at < HAND_TOKEN_SECONDS)
            .map(|(t, _, lang)| (t.clone(), *lang))
    }

    fn table_gate(&self, match_id: i64) -> Arc<tokio::sync::Mutex<i64>> {
        let mut gates = self.table_gates.lock().expect("gate lock");
        gates.entry(match_id).or_default().clone()
    }

    /// Carries out effects in order (and those they lead to, such as the AI's next move);
    /// failures are logged (the game state is already safe).
    pub async fn run_effects(
        &self,
        effects: Vec<Effect>,
        out: &impl Outbox,
        response_message: Option<u64>,
    ) {
        let mut queue: std::collections::VecDeque<Effect> = effects.into();
        while let Some(effect) = queue.pop_front() {
            match self.run_effect(effect.clone(), out, response_message).await {
                Ok(more) => queue.extend(more),
                Err(e) => tracing::warn!(?effect, error = %e, "effect failed"),
            }
        }
    }

    /// Stores (and caches) the id of a match's current table message.
    async fn remember_table(&self, match_id: i64, message: u64) -> Result<(), String> {
        self.db
            .set_table_message(match_id, message)
            .await
            .map_err(|e| e.to_string())?;
        self.set_live_table_message(match_id, message).await;
        Ok(())
    }

    async fn run_effect(
        &self,
        effect: Effect,
        out: &impl Outbox,
        response_message: Option<u64>,
    ) -> Result<Vec<Effect>, String> {
        match effect {
            Effect::ChallengeMessage(id) => {
                if let Some(message) = response_message {
                    self.db
                        .set_challenge_message(id, message)
                        .await
                        .map_err(|e| e.to_string())?;
                }
            }
            Effect::TableFromResponse(match_id) => {
                if let Some(message) = response_message {
                    self.remember_table(match_id, message).await?;
                }
            }
            Effect::AiTurn(match_id) => {
                tokio::time::sleep(std::time::Duration::from_millis(
                    self.config.timeouts.ai_delay_ms,
                ))
                .await;
                return Ok(self.ai_move(match_id).await);
            }
            Effect::Post { channel, msg } => {
                out.post(channel, &msg).await?;
            }
            Effect::Edit {
                channel,
                message,
                msg,
            } => out.edit(channel, message, &msg).await?,
            Effect::RefreshTable(match_id) | Effect::NewTable(match_id) => {
                let gate = self.table_gate(match_id);
                let mut shown = gate.lock().await;
                let Some(t) = self.table_snapshot(match_id).await else {
                    return Ok(Vec::new());
                };
                if !t.active {
                    self.table_gates
                        .lock()
                        .expect("gate lock")
                        .remove(&match_id);
                }
                if t.version < *shown {
                    return Ok(Vec::new()); // a newer table is out already
                }
                match (t.message, matches!(effect, Effect::NewTable(_))) {
                    (Some(message), false) => out.edit(t.channel, message, &t.msg).await?,
                    (old, _) => {
                        if let Some(old) = old {
                            out.edit(t.channel, old, &t.retired).await?;
                        }
                        let id = out.post(t.channel, &t.msg).await?;
                        self.remember_table(match_id, id).await?;
                    }
                }
                *shown = t.version;
            }
            Effect::RefreshHand { match_id, seat } => {
                if let Some((token, lang)) = self.hand_token(match_id, seat) {
                    if let Some(msg) = self.hand_message_for_seat(match_id, seat, lang).await {
                        out.edit_ephemeral(&token, &msg).await?;
                    }
                }
            }
        }
        Ok(Vec::new())
    }
}
