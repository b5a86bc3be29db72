//! Delivering the outbox: each stored effect is resolved against the match as it is now,
//! rendered, and sent; the row is marked done once Discord took all of it. A send that fails
//! for a reason that passes (5xx, 429, the network; for a follow-up, which has no nonce, only
//! what surely made nothing) is tried again with backoff, from the effect that failed; rows
//! left over from before a restart are delivered at start.

use super::faces::Faces;
use super::model::{Attachment, Msg};
use super::painter::Painter;
use super::render;
use crate::games::{
    Deliveries, Delivery, Effect, ExpiredChallenge, Games, OutboxKey, Outcome, Post, PostTo,
    Refusal, Reply, ReplyRole, Show, ShowdownScene, Token, Turn, Via,
};
use crate::i18n::Lang;
use crate::tr;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

mod tournament;

/// How long a showdown waits for its picture (drawn in about 5 ms on an idle core).
const DRAW_TIMEOUT: Duration = Duration::from_millis(500);
/// How long a stats chart waits for the painter's thread before the blocking pool draws it.
const CHART_QUEUE_WAIT: Duration = Duration::from_millis(500);

/// Why a send failed, and whether trying again may help.
#[derive(Clone, Debug)]
pub struct SendError {
    /// Worth another try: 5xx, 429 or a network error (for a follow-up: 429, or no
    /// connection).
    pub retry: bool,
    /// Refused for good, and what it says is gone for the bot.
    pub gone: Option<Gone>,
    pub message: String,
}

/// What a refusal for good says is out of the bot's reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gone {
    /// The channel: no access, no permission to post, or deleted. Every later request there
    /// would be refused too, and counts toward Discord's ban of invalid requests.
    Channel,
    /// The message (deleted).
    Message,
    /// The interaction token (expired, or unknown): no later use of it would pass.
    Token,
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Where messages go: Discord, or a recorder in tests.
pub trait Transport: Send + Sync + 'static {
    /// Posts a message; returns its id. A `nonce` makes repeated posts of it create one message.
    fn post(
        &self,
        channel: u64,
        msg: &Msg,
        nonce: Option<&str>,
    ) -> impl Future<Output = Result<u64, SendError>> + Send;
    fn edit(
        &self,
        channel: u64,
        message: u64,
        msg: &Msg,
    ) -> impl Future<Output = Result<(), SendError>> + Send;
    /// Edits the ephemeral message an interaction token answered with.
    fn edit_ephemeral(
        &self,
        token: &str,
        msg: &Msg,
    ) -> impl Future<Output = Result<(), SendError>> + Send;
    /// A public follow-up of the interaction `token` stands for; its id. Transports without
    /// interactions refuse.
    fn followup(
        &self,
        token: &str,
        msg: &Msg,
    ) -> impl Future<Output = Result<u64, SendError>> + Send {
        let _ = (token, msg);
        async { Err(no_interactions()) }
    }
    /// Edits, through `token`, its interaction's response (`message: None`) or a follow-up
    /// it made. Transports without interactions refuse.
    fn edit_via(
        &self,
        token: &str,
        message: Option<u64>,
        msg: &Msg,
    ) -> impl Future<Output = Result<(), SendError>> + Send {
        let _ = (token, message, msg);
        async { Err(no_interactions()) }
    }
    /// Sends `user` a direct message; its id. Transports without direct messages refuse.
    fn direct(&self, user: u64, msg: &Msg) -> impl Future<Output = Result<u64, SendError>> + Send {
        let _ = (user, msg);
        async {
            Err(SendError {
                retry: false,
                gone: None,
                message: "no direct messages through this transport".into(),
            })
        }
    }
}

/// The refusal of a transport that knows no interactions.
fn no_interactions() -> SendError {
    SendError {
        retry: false,
        gone: None,
        message: "no interactions through this transport".into(),
    }
}

impl<T: Transport> Transport for Arc<T> {
    fn post(
        &self,
        channel: u64,
        msg: &Msg,
        nonce: Option<&str>,
    ) -> impl Future<Output = Result<u64, SendError>> + Send {
        (**self).post(channel, msg, nonce)
    }

    fn edit(
        &self,
        channel: u64,
        message: u64,
        msg: &Msg,
    ) -> impl Future<Output = Result<(), SendError>> + Send {
        (**self).edit(channel, message, msg)
    }

    fn edit_ephemeral(
        &self,
        token: &str,
        msg: &Msg,
    ) -> impl Future<Output = Result<(), SendError>> + Send {
        (**self).edit_ephemeral(token, msg)
    }

    fn followup(
        &self,
        token: &str,
        msg: &Msg,
    ) -> impl Future<Output = Result<u64, SendError>> + Send {
        (**self).followup(token, msg)
    }

    fn edit_via(
        &self,
        token: &str,
        message: Option<u64>,
        msg: &Msg,
    ) -> impl Future<Output = Result<(), SendError>> + Send {
        (**self).edit_via(token, message, msg)
    }

    fn direct(&self, user: u64, msg: &Msg) -> impl Future<Output = Result<u64, SendError>> + Send {
        (**self).direct(user, msg)
    }
}

/// Tries of one row before it is given up (about ten minutes with the backoff below).
const MAX_TRIES: u32 = 24;

/// The wait before try `n + 1` (n >= 1): 0.5 s, doubling up to 32 s.
fn backoff(n: u32) -> Duration {
    Duration::from_millis(500u64 << n.clamp(1, 7).saturating_sub(1))
}

/// Per match: one delivery step at a time, and the newest table version on Discord.
#[derive(Default)]
struct Gate {
    /// The version the table message shows, once this process has edited or posted it.
    table_shown: Option<i64>,
    /// The match has ended: the gate goes once nobody uses it.
    ended: bool,
}

/// Carries out deliveries through a [`Transport`].
pub struct Deliverer<T: Transport> {
    games: Arc<Games>,
    out: T,
    gates: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<Gate>>>>,
    /// The application's card emojis, once synced (none until then: cards are text).
    faces: RwLock<Arc<Faces>>,
    painter: Painter,
    /// Per tournament: one show at a time, and what this process showed of it.
    boards: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<tournament::Board>>>>,
}

impl<T: Transport> Deliverer<T> {
    pub fn new(games: Arc<Games>, out: T) -> Arc<Deliverer<T>> {
        Arc::new(Deliverer {
            games,
            out,
            gates: Mutex::new(HashMap::new()),
            faces: RwLock::new(Arc::new(Faces::default())),
            painter: Painter::start(),
            boards: Mutex::new(HashMap::new()),
        })
    }

    /// The card emojis to dress messages with from now on.
    pub fn set_faces(&self, faces: Faces) {
        *self.faces.write().expect("faces lock") = Arc::new(faces);
    }

    /// The card emojis as they stand (for answers to interactions, dressed by the caller).
    pub fn faces(&self) -> Arc<Faces> {
        self.faces.read().expect("faces lock").clone()
    }

    /// Delivers what one outcome requires, in order, after every earlier delivery of the same
    /// match. The AI's turn comes after the messages and after this delivery's turn is over
    /// (its move takes a turn of its own); when it is due later, in a task of its own.
    pub async fn deliver(self: &Arc<Self>, d: Deliveries) {
        let Deliveries { rows, turn } = d;
        if let Some(turn) = &turn {
            turn.wait().await;
        }
        // A row that has to be tried again keeps the turn until it is through, so that later
        // deliveries of the match never overtake it (a showdown below the next deal's table).
        let turn = turn.map(Arc::new);
        let (ai, messages): (Vec<Delivery>, Vec<Delivery>) = rows
            .into_iter()
            .partition(|r| r.effects.contains(&Effect::AiTurn));
        for row in messages {
            self.run_row(row, turn.clone()).await;
        }
        drop(turn);
        for row in ai {
            self.run_row(row, None).await;
        }
    }

    /// One row: now if due, else in a task that waits for it.
    async fn run_row(self: &Arc<Self>, row: Delivery, turn: Option<Arc<Turn>>) {
        crate::metrics::get().outbox_backlog.inc();
        // Nothing is due later than the AI's longest pause: a row due further ahead was
        // stored before the clock was stepped back, and waits no longer than that.
        let longest = crate::games::MAX_AI_DELAY_MS.max(self.games.config.timeouts.ai_delay_ms);
        let wait = (row.due_ms - self.games.now_ms()).min(longest as i64);
        if wait > 0 {
            let this = Arc::clone(self);
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(wait as u64)).await;
                this.attempt(row, 0, 1, turn).await;
            });
        } else {
            Arc::clone(self).attempt(row, 0, 1, turn).await;
        }
    }

    /// Carries out `row` from effect `from` on; on a passing failure, schedules try `tries + 1`
    /// (holding on to the match's turn meanwhile: `turn` is kept, never read).
    #[allow(clippy::only_used_in_recursion)]
    fn attempt(
        self: Arc<Self>,
        row: Delivery,
        from: usize,
        tries: u32,
        turn: Option<Arc<Turn>>,
    ) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        Box::pin(async move {
            match self.effects(&row, from).await {
                Ok(()) => {
                    crate::metrics::get().outbox_backlog.dec();
                    self.games.delivered(row.key)
                }
                Err((at, e)) if e.retry && tries < MAX_TRIES => {
                    crate::metrics::get().outbox_retries.inc();
                    tracing::warn!(match_id = row.key.match_id, tries, error = %e, "delivery failed; trying again");
                    tokio::spawn(async move {
                        tokio::time::sleep(backoff(tries)).await;
                        self.attempt(row, at, tries + 1, turn).await;
                    });
                }
                Err((_, e)) => {
                    tracing::error!(match_id = row.key.match_id, tries, error = %e, "delivery given up");
                    let metrics = crate::metrics::get();
                    metrics.outbox_backlog.dec();
                    metrics.outbox_given_up.inc();
                    self.games.delivered(row.key);
                }
            }
        })
    }

    /// The effects of `row` from `from` on; the index and error of the first that failed.
    async fn effects(
        self: &Arc<Self>,
        row: &Delivery,
        from: usize,
    ) -> Result<(), (usize, SendError)> {
        for (i, effect) in row.effects.iter().enumerate().skip(from) {
            let sent = if *effect == Effect::AiTurn {
                self.ai_turn(row).await
            } else {
                self.effect(row, i, effect.clone()).await
            };
            match sent {
                Ok(()) => {}
                Err(e) if e.retry => return Err((i, e)),
                // Refused for good (a deleted message, missing permissions): go on without it.
                Err(e) => {
                    tracing::warn!(match_id = row.key.match_id, ?effect, error = %e, "not delivered")
                }
            }
        }
        Ok(())
    }

    /// The AI moves; what its move requires was stored with it, and is delivered next.
    async fn ai_turn(self: &Arc<Self>, row: &Delivery) -> Result<(), SendError> {
        match self.games.ai_turn(row.key).await {
            Ok(Some(next)) => {
                self.deliver(next).await;
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(e) => Err(SendError {
                retry: true,
                gone: None,
                message: e.to_string(),
            }),
        }
    }

    fn gate(&self, match_id: i64) -> Arc<tokio::sync::Mutex<Gate>> {
        let mut gates = self.gates.lock().expect("gate lock");
        gates.entry(match_id).or_default().clone()
    }

    /// Resolves and sends one effect, under the match's gate: never an older table after a
    /// newer one, never two edits of one version.
    async fn effect(&self, row: &Delivery, index: usize, effect: Effect) -> Result<(), SendError> {
        let match_id = row.key.match_id;
        let gate = self.gate(match_id);
        let mut shown = gate.lock().await;
        let show = self
            .games
            .resolve(row, effect)
            .await
            .map_err(|e| SendError {
                retry: true,
                gone: None,
                message: e.to_string(),
            })?;
        shown.ended |= match &show {
            Show::EditTable { scene, .. } | Show::NewTable { scene, .. } => scene.view.ended(),
            Show::EditHand { scene, .. } => scene.view.ended(),
            Show::Nothing | Show::Post { .. } => false,
        };
        let result = match show {
            Show::Nothing => Ok(()),
            Show::EditTable { via, scene } => {
                let version = scene.seats.version;
                if shown.table_shown.is_some_and(|s| version <= s) {
                    return Ok(()); // this version, or a newer one, is out already
                }
                let msg = self.faces().dress(render::table_scene(&scene));
                self.edit(match_id, &via, &msg).await?;
                shown.table_shown = Some(version);
                Ok(())
            }
            Show::NewTable {
                to,
                retire,
                deal,
                scene,
            } => {
                if let Some(old) = retire {
                    let retired = Msg::text(tr!(scene.lang, "table-retired"));
                    match self.edit(match_id, &old, &retired).await {
                        Err(e) if e.retry => return Err(e),
                        _ => {} // gone already: nothing to retire
                    }
                }
                let nonce = nonce(row.key, index);
                let msg = self.faces().dress(render::new_table_scene(&scene, deal));
                let id = self.send(match_id, &to, &msg, &nonce).await?;
                self.games
                    .table_posted(match_id, id, deal)
                    .await
                    .map_err(|e| SendError {
                        retry: true,
                        gone: None,
                        message: e.to_string(),
                    })?;
                if let PostTo::Followup(made) = to {
                    self.games.table_followed_up(match_id, made, id);
                }
                shown.table_shown = Some(scene.seats.version);
                Ok(())
            }
            Show::Post { to, post } => {
                let nonce = nonce(row.key, index);
                let mut msg = post_msg(&post);
                if let Post::Showdown(scene) = post {
                    msg.files
                        .extend(self.showdown_picture(match_id, scene, &msg).await);
                }
                let mut msg = self.faces().dress(msg);
                match self.send(match_id, &to, &msg, &nonce).await {
                    // Refused for good with a file (no Attach Files in this channel, say):
                    // the text still goes out. Not for a follow-up: one that failed may have
                    // been made all the same (it is not tried again, and has no nonce).
                    Err(e)
                        if !e.retry
                            && !msg.files.is_empty()
                            && e.gone != Some(Gone::Token)
                            && matches!(to, PostTo::Channel(_)) =>
                    {
                        tracing::warn!(match_id, error = %e, "a post with a picture was refused; posting its text alone");
                        msg.files.clear();
                        self.send(match_id, &to, &msg, &nonce).await.map(|_| ())
                    }
                    sent => sent.map(|_| ()),
                }
            }
            Show::EditHand { token, scene } => {
                let msg = self.faces().dress(render::hand_scene(&scene));
                let edited = self.out.edit_ephemeral(token.secret(), &msg).await;
                self.token_refused(match_id, &token, &edited);
                edited
            }
        };
        // A gate that remembers nothing (no table shown by this process: a forfeit whose
        // every effect resolved to nothing, say) is as good as none: it goes too.
        let done = shown.ended || shown.table_shown.is_none();
        drop(shown);
        if done {
            self.forget(match_id, &gate);
        }
        result
    }

    /// Edits a message of match `match_id` the way it can be reached.
    async fn edit(&self, match_id: i64, via: &Via, msg: &Msg) -> Result<(), SendError> {
        match via {
            Via::Channel { channel, message } => self.out.edit(*channel, *message, msg).await,
            Via::Token { token, message } => {
                let edited = self.out.edit_via(token.secret(), *message, msg).await;
                self.token_refused(match_id, token, &edited);
                edited
            }
        }
    }

    /// Sends a new message of match `match_id` where it goes: its id. A channel post carries
    /// `nonce`, so that a repeated post creates it once; a follow-up has none.
    async fn send(
        &self,
        match_id: i64,
        to: &PostTo,
        msg: &Msg,
        nonce: &str,
    ) -> Result<u64, SendError> {
        match to {
            PostTo::Channel(channel) => self.out.post(*channel, msg, Some(nonce)).await,
            PostTo::Followup(made) => {
                let sent = self.out.followup(made.token.secret(), msg).await;
                self.token_refused(match_id, &made.token, &sent);
                sent
            }
        }
    }

    /// A request through `token` that Discord refused for the token's sake: nothing of the
    /// match goes through it any more.
    fn token_refused<R>(&self, match_id: i64, token: &Token, sent: &Result<R, SendError>) {
        if matches!(sent, Err(e) if e.gone == Some(Gone::Token)) {
            self.games.token_gone(match_id, token);
        }
    }

    /// The picture of a showdown whose text is `text` (where the server shows pictures). It is
    /// CPU work, drawn on the painter's thread; the match's next messages wait for this post,
    /// so a drawing that fails or takes longer than [`DRAW_TIMEOUT`] (a saturated machine) is
    /// left out and the text goes alone.
    async fn showdown_picture(
        &self,
        match_id: i64,
        scene: Box<ShowdownScene>,
        text: &Msg,
    ) -> Option<Attachment> {
        let text = text.clone();
        let drawing = self.painter.draw(move || {
            let drawn = super::render::showdown_rows(&scene);
            super::pictures::showdown_picture(&scene, &text, drawn)
        });
        match tokio::time::timeout(DRAW_TIMEOUT, drawing).await {
            Ok(Ok(picture)) => picture,
            Ok(Err(e)) => {
                tracing::warn!(match_id, error = %e, "a showdown picture failed; its text goes alone");
                None
            }
            Err(_) => {
                tracing::warn!(
                    match_id,
                    "a showdown picture took too long; its text goes alone"
                );
                None
            }
        }
    }

    /// The answer to `outcome` in `lang`. One with a picture to draw (the stats chart, a
    /// knockout's bracket) is rendered on the painter's thread: drawing never holds up a
    /// runtime worker.
    pub async fn respond(&self, outcome: Outcome, lang: Lang) -> super::Answer {
        if !draws(&outcome.reply) {
            return super::respond(outcome, lang);
        }
        if matches!(outcome.reply, Reply::Standings(_)) {
            return self.standings(outcome, lang).await;
        }
        // The painter may be busy with showdown pictures; a command must be answered within
        // Discord's 3 s. A chart still queued after CHART_QUEUE_WAIT is drawn on the blocking
        // pool instead (still off the runtime's workers); one the painter started is awaited.
        let slot = Arc::new(Mutex::new(Some(outcome)));
        let queued = slot.clone();
        let drawing = self.painter.draw(move || {
            let taken = queued.lock().expect("chart slot").take();
            taken.map(|o| super::respond(o, lang))
        });
        tokio::pin!(drawing);
        let drawn = match tokio::time::timeout(CHART_QUEUE_WAIT, &mut drawing).await {
            Ok(drawn) => drawn.map_err(|e| e.to_string()),
            Err(_) => {
                let mine = slot.lock().expect("chart slot").take();
                match mine {
                    Some(o) => tokio::task::spawn_blocking(move || Some(super::respond(o, lang)))
                        .await
                        .map_err(|e| e.to_string()),
                    None => drawing.await.map_err(|e| e.to_string()),
                }
            }
        };
        match drawn {
            Ok(Some(answer)) => answer,
            Ok(None) => super::respond(Outcome::refusal(Refusal::Internal), lang),
            Err(e) => {
                tracing::error!(error = %e, "rendering an answer with a picture");
                super::respond(Outcome::refusal(Refusal::Internal), lang)
            }
        }
    }

    /// The answer to `/tournament standings` with its bracket drawn: a large picture, which
    /// members may ask for at will, so it waits for the painter only within its bound (see
    /// [`super::painter::LARGE_AT_ONCE`]); beyond it the standings answer as text at once.
    async fn standings(&self, mut outcome: Outcome, lang: Lang) -> super::Answer {
        match self.painter.admit_large() {
            Ok(place) => {
                let drawing = self
                    .painter
                    .draw_large(place, move || super::respond(outcome, lang));
                match drawing.await {
                    Ok(answer) => answer,
                    Err(e) => {
                        tracing::error!(error = %e, "rendering the standings with their bracket");
                        super::respond(Outcome::refusal(Refusal::Internal), lang)
                    }
                }
            }
            Err(busy) => {
                tracing::info!(%busy, "standings answered without their bracket picture");
                if let Reply::Standings(scene) = &mut outcome.reply {
                    scene.look = crate::games::CardLook::Text;
                }
                super::respond(outcome, lang)
            }
        }
    }

    /// Forgets the gate of a match that has ended (or that holds nothing), once nobody else
    /// uses it (a later effect of that match makes a new one, and forgets it again).
    fn forget(&self, match_id: i64, gate: &Arc<tokio::sync::Mutex<Gate>>) {
        let mut gates = self.gates.lock().expect("gate lock");
        let ours = gates.get(&match_id).is_some_and(|g| Arc::ptr_eq(g, gate));
        // The map's reference and ours: nobody waits on it.
        if ours && Arc::strong_count(gate) == 2 {
            gates.remove(&match_id);
        }
    }

    /// How many matches have a delivery gate (tests check that ended matches leave none).
    pub fn gates(&self) -> usize {
        self.gates.lock().expect("gate lock").len()
    }

    /// An answer that opens a public message (a challenge, a practice match's table) given
    /// without an interaction to reply to (a move on the web table): posted in `channel`,
    /// noted as the challenge's message or the match's table, then what it requires is
    /// delivered. False if it could not be posted (a table's stored first post is retried).
    pub async fn post_answer(self: &Arc<Self>, channel: u64, answer: super::Answer) -> bool {
        let msg = self.faces().dress(answer.response.msg().clone());
        let posted = match self.out.post(channel, &msg, None).await {
            Ok(id) => {
                if let Some(role) = answer.reply_is {
                    self.reply_created(role, id).await;
                }
                true
            }
            Err(e) => {
                tracing::warn!(channel, error = %e, "posting an answer");
                false
            }
        };
        self.deliver(answer.deliveries).await;
        posted
    }

    /// The reply of an interaction created this challenge's message or this match's table:
    /// recorded under the match's gate, so that a delivery of the same match sees it.
    pub async fn reply_created(&self, role: ReplyRole, message: u64) {
        match role {
            ReplyRole::Table(match_id) => {
                let gate = self.gate(match_id);
                let _shown = gate.lock().await;
                self.games.reply_created(role, message).await;
            }
            ReplyRole::Challenge(_) | ReplyRole::Tournament(_) => {
                self.games.reply_created(role, message).await
            }
        }
    }

    /// The first answer to an interaction on `match_id` went out through `token` (so that
    /// token lives), having made `followups` follow-ups (or maybe made them), and is shown on
    /// `message` (with whether that is its own response, not a follow-up). Where the match is
    /// shown through tokens, the token may carry what follows, and edit the table if
    /// `message` is it: noted under the match's gate, so that a table a delivery is posting
    /// meanwhile stays the one that is edited.
    pub async fn answered_through(
        &self,
        match_id: i64,
        token: &str,
        followups: u8,
        message: Option<(u64, bool)>,
    ) {
        if !self.games.reached_by_tokens(match_id).await {
            return;
        }
        let gate = self.gate(match_id);
        let _shown = gate.lock().await;
        self.games.acted_through(match_id, token, followups);
        if let Some((message, original)) = message {
            self.games
                .table_answered(match_id, token, message, original)
                .await;
        }
    }

    /// After a start: every delivery left from before, per match in its order, and the AI's
    /// turn wherever it is due.
    pub async fn resume(self: &Arc<Self>) {
        let pending = match self.games.pending_deliveries().await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::error!(error = %e, "reading the outbox");
                Vec::new()
            }
        };
        let mut count = pending.len();
        let mut by_match: HashMap<i64, Vec<Delivery>> = HashMap::new();
        for row in pending {
            by_match.entry(row.key.match_id).or_default().push(row);
        }
        // What was stored goes out at once; finding the AI's turns reads every match it plays
        // in, which must not hold that up.
        let mut under_way = HashMap::with_capacity(by_match.len());
        for (match_id, rows) in by_match {
            let this = Arc::clone(self);
            let task = tokio::spawn(async move {
                this.deliver(Deliveries { rows, turn: None }).await;
            });
            under_way.insert(match_id, task);
        }
        let ai = self.games.ai_due().await;
        count += ai.len();
        for row in ai {
            // After what its match still had to deliver: the AI's move must not overtake it.
            let before = under_way.remove(&row.key.match_id);
            let this = Arc::clone(self);
            tokio::spawn(async move {
                if let Some(before) = before {
                    let _ = before.await;
                }
                this.deliver(Deliveries {
                    rows: vec![row],
                    turn: None,
                })
                .await;
            });
        }
        tracing::info!(count, "deliveries resumed");
    }

    /// A challenge that expired unanswered: its message says so.
    pub async fn expired(&self, c: ExpiredChallenge) {
        let msg = Msg::text(tr!(c.lang, "challenge-expired"));
        let edited = match c.via {
            Via::Channel { channel, message } => self.out.edit(channel, message, &msg).await,
            Via::Token { token, message } => self.out.edit_via(token.secret(), message, &msg).await,
        };
        if let Err(e) = edited {
            tracing::warn!(error = %e, "marking a challenge expired");
        }
    }
}

/// Whether the answer to `reply` comes with a picture to draw.
fn draws(reply: &Reply) -> bool {
    match reply {
        Reply::Stats { .. } => true,
        Reply::Standings(scene) => {
            scene.bracket.is_some() && super::pictures::deck_of(scene.look).is_some()
        }
        _ => false,
    }
}

/// The nonce of the `index`-th effect of a row: the same on every attempt, so that Discord
/// creates the message once however often it is sent. 17 characters (Discord takes 25): a
/// 64-bit mix of the row and the effect.
fn nonce(k: OutboxKey, index: usize) -> String {
    mixed(
        0x9E37_79B9_7F4A_7C15,
        [
            k.match_id as u64,
            k.version as u64,
            k.part as u64,
            index as u64,
        ],
    )
}

/// A nonce of `values` mixed from `start` (each kind of post starts elsewhere, so that two
/// kinds never share a nonce).
fn mixed(start: u64, values: [u64; 4]) -> String {
    let mut h = start;
    for v in values {
        h = (h ^ v).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 31;
    }
    format!("g{h:016x}")
}

/// A public post's message (a showdown's text: its picture is drawn apart).
fn post_msg(post: &Post) -> Msg {
    match post {
        Post::Showdown(s) => render::showdown_text(s),
        Post::MatchEnd(s) => render::match_end_scene(s),
        Post::Forfeit { lang, user } => {
            Msg::text(tr!(*lang, "forfeit", player = format!("<@{user}>")))
        }
        Post::Reminder {
            lang,
            user,
            hours,
            at,
        } => {
            let mut msg = Msg::text(match at {
                Some(at) => tr!(
                    *lang,
                    "reminder-at",
                    player = format!("<@{user}>"),
                    at = format!("<t:{at}:R>")
                ),
                None => tr!(
                    *lang,
                    "reminder",
                    player = format!("<@{user}>"),
                    hours = *hours
                ),
            });
            msg.mentions = vec![*user];
            msg
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testing::{games, practice, CHANNEL, TABLE};
    use crate::games::{Place, PART_MESSAGES};
    use std::sync::atomic::AtomicI64;

    /// Discord for a chat reached through tokens, which it refuses as expired.
    #[derive(Default)]
    struct Expired {
        /// Requests made through a token.
        tried: Mutex<u32>,
    }

    impl Expired {
        fn refuse(&self) -> SendError {
            *self.tried.lock().unwrap() += 1;
            SendError {
                retry: false,
                gone: Some(Gone::Token),
                message: "Invalid Webhook Token".into(),
            }
        }
    }

    impl Transport for Expired {
        async fn post(&self, _: u64, _: &Msg, _: Option<&str>) -> Result<u64, SendError> {
            panic!("nothing through the channel");
        }
        async fn edit(&self, _: u64, _: u64, _: &Msg) -> Result<(), SendError> {
            panic!("nothing through the channel");
        }
        async fn edit_ephemeral(&self, _: &str, _: &Msg) -> Result<(), SendError> {
            Err(self.refuse())
        }
        async fn followup(&self, _: &str, _: &Msg) -> Result<u64, SendError> {
            Err(self.refuse())
        }
        async fn edit_via(&self, _: &str, _: Option<u64>, _: &Msg) -> Result<(), SendError> {
            Err(self.refuse())
        }
    }

    /// A practice in the bot's DM, and its deliverer through `Expired`.
    async fn in_the_bot_dm() -> (tempfile::TempDir, Arc<Deliverer<Arc<Expired>>>, i64) {
        let (dir, games) = games(Arc::new(AtomicI64::new(1_800_000_000))).await;
        let id = practice(&games, Place::BotDm { channel: CHANNEL }).await;
        let deliverer = Deliverer::new(Arc::new(games), Arc::new(Expired::default()));
        (dir, deliverer, id)
    }

    fn row(match_id: i64, effects: Vec<Effect>) -> Deliveries {
        let row = Delivery {
            key: OutboxKey {
                match_id,
                version: 1,
                part: PART_MESSAGES,
            },
            due_ms: 0,
            effects,
        };
        Deliveries {
            rows: vec![row],
            turn: None,
        }
    }

    /// A token Discord refused carries nothing more: after its follow-up was refused, neither
    /// another follow-up nor an edit of the table is tried through it.
    #[tokio::test]
    async fn a_refused_token_is_tried_once() {
        let (_dir, d, id) = in_the_bot_dm().await;
        d.answered_through(id, "cmd", 0, Some((TABLE, true))).await;
        let forfeit = Effect::Forfeit { seat: 0 };
        d.deliver(row(id, vec![forfeit.clone()])).await;
        assert_eq!(*d.out.tried.lock().unwrap(), 1);
        d.deliver(row(id, vec![forfeit, Effect::Table])).await;
        assert_eq!(*d.out.tried.lock().unwrap(), 1, "nothing more through it");
    }

    /// The same, from a refused edit of the table.
    #[tokio::test]
    async fn a_token_refused_for_an_edit_carries_no_follow_up() {
        let (_dir, d, id) = in_the_bot_dm().await;
        d.answered_through(id, "cmd", 0, Some((TABLE, true))).await;
        d.deliver(row(id, vec![Effect::Table])).await;
        assert_eq!(*d.out.tried.lock().unwrap(), 1);
        d.deliver(row(id, vec![Effect::Forfeit { seat: 0 }])).await;
        assert_eq!(*d.out.tried.lock().unwrap(), 1, "nothing more through it");
    }

    /// An answer's token is noted under the match's gate: after the delivery that holds it
    /// (which may be posting a newer table meanwhile), never in the middle of it.
    #[tokio::test]
    async fn an_answer_is_noted_after_the_delivery_in_flight() {
        let (_dir, d, id) = in_the_bot_dm().await;
        let gate = d.gate(id);
        let held = gate.lock().await;
        let noting = {
            let d = d.clone();
            tokio::spawn(async move { d.answered_through(id, "cmd", 0, Some((TABLE, true))).await })
        };
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
        assert!(
            !noting.is_finished(),
            "noted while a delivery held the gate"
        );
        drop(held);
        noting.await.unwrap();
        d.deliver(row(id, vec![Effect::Table])).await;
        assert_eq!(*d.out.tried.lock().unwrap(), 1, "the table was edited");
    }

    #[test]
    fn the_backoff_doubles_up_to_half_a_minute() {
        let waits: Vec<u64> = (1..10).map(|n| backoff(n).as_millis() as u64).collect();
        assert_eq!(
            waits,
            vec![500, 1000, 2000, 4000, 8000, 16000, 32000, 32000, 32000]
        );
        assert_eq!(backoff(40), Duration::from_secs(32));
    }

    #[test]
    fn nonces_fit_discord_and_differ_by_row_and_effect() {
        let k = OutboxKey {
            match_id: i64::MAX,
            version: i64::MAX,
            part: 2,
        };
        assert_eq!(nonce(k, 99).len(), 17);
        let small = OutboxKey {
            match_id: 123_456_789,
            version: 9_999,
            part: 0,
        };
        assert_eq!(nonce(small, 12), nonce(small, 12));
        assert_ne!(nonce(small, 0), nonce(small, 1));
        assert_ne!(nonce(small, 0), nonce(OutboxKey { part: 1, ..small }, 0));
        assert_ne!(
            nonce(small, 0),
            nonce(
                OutboxKey {
                    version: 1,
                    ..small
                },
                0
            )
        );
    }
}
