//! A fake Discord for end-to-end tests, on 127.0.0.1: a REST server (what serenity calls
//! through `HttpBuilder::proxy`) and a gateway websocket, both started by the test.
//!
//! It records what the bot sends, keeps a model of the messages (so tests press the buttons
//! the bot really rendered), enforces Discord's message limits and the 3-second deadline of
//! a first response, and dispatches interactions that serenity's own model types accept.
//! Channels have places ([`FakePlace`]): where the bot is not a member it reaches the chat
//! only through interaction tokens, whose rules ([`tokens`]) the fake enforces too.
//!
//! The tests reach it as `crate::support::fake_discord`; a bench includes it:
//! `#[path = "../tests/it/support/fake_discord/mod.rs"] mod fake_discord;`.

pub mod acts;
mod gateway;
/// What only the load benchmark uses (the tests build it too).
#[allow(dead_code)]
mod lean;
mod limits;
mod oauth;
pub mod payloads;
mod places;
pub mod player;
mod rest;
mod tokens;

pub use oauth::Launch;
pub use payloads::{Opt, User};
pub use places::FakePlace;

use tokens::TokenInfo;

use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{oneshot, Notify};

/// How the fake behaves.
#[derive(Clone, Debug)]
pub struct FakeOptions {
    /// The token Identify must carry (another one is closed with 4004).
    pub token: String,
    pub app_id: u64,
    /// The bot's user: sent in READY, author of its messages.
    pub bot_user: User,
    pub guild_id: u64,
    /// The channel of interactions built without one.
    pub channel_id: u64,
    pub heartbeat_ms: u64,
    /// Keep every request, write and message (tests). Off (benchmarks): only messages with
    /// buttons, counters and latencies, so the fake's memory stays small.
    pub record: bool,
    /// How many payloads are read back with serenity before sending (all, by default).
    pub validate_limit: u64,
    /// custom_id prefixes that may only appear on ephemeral messages (a player's hand).
    pub private_prefixes: Vec<String>,
    /// Discord's deadline for the first response to an interaction.
    pub response_deadline: Duration,
    /// What `GET /gateway` answers: the fake's own gateway by default (another address
    /// makes the gateway unreachable while REST still answers).
    pub gateway_url: Option<String>,
    /// How many shards the gateway runs (`GET /gateway/bot` recommends as many). A guild's
    /// interactions go to shard `(guild_id >> 22) % shards` only, as on Discord.
    pub shards: u64,
}

impl Default for FakeOptions {
    fn default() -> FakeOptions {
        FakeOptions {
            token: "test-token".into(),
            app_id: 100,
            bot_user: User::bot(999, "Gin"),
            guild_id: 600,
            channel_id: 700,
            heartbeat_ms: 1000,
            record: true,
            validate_limit: u64::MAX,
            private_prefixes: vec![
                "gin:ref:".into(),
                "gin:a:".into(),
                "gin:r:".into(),
                "gin:rs:".into(),
            ],
            response_deadline: Duration::from_secs(3),
            gateway_url: None,
            shards: 1,
        }
    }
}

/// How a message came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// POST /channels/{c}/messages.
    Channel,
    /// An interaction response (callback type 4 or 5).
    Interaction,
    /// POST /webhooks/{app}/{token}.
    Followup,
    /// Put there by the load benchmark (messages from before the fake started).
    #[allow(dead_code)]
    Seeded,
}

/// A message as its viewers see it now.
#[derive(Clone, Debug)]
pub struct StoredMessage {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    /// The action rows as the bot last sent them.
    pub components: Value,
    pub embeds: Value,
    pub attachments: Vec<Value>,
    pub ephemeral: bool,
    /// Who sees an ephemeral message (the user of the interaction that created it).
    pub owner: Option<u64>,
    pub origin: Origin,
    /// Writes so far, creation included.
    pub version: u64,
}

/// A string select menu of a message: its id and its options as (label, value).
#[derive(Clone, Debug)]
pub struct SelectView {
    pub custom_id: String,
    pub options: Vec<(String, String)>,
}

/// A button of a message.
#[derive(Clone, Debug)]
pub struct ButtonView {
    pub custom_id: String,
    pub label: String,
    pub disabled: bool,
}

impl StoredMessage {
    pub(crate) fn new(
        id: u64,
        channel_id: u64,
        origin: Origin,
        ephemeral: bool,
        owner: Option<u64>,
    ) -> StoredMessage {
        StoredMessage {
            id,
            channel_id,
            content: String::new(),
            components: Value::Array(Vec::new()),
            embeds: Value::Array(Vec::new()),
            attachments: Vec::new(),
            ephemeral,
            owner,
            origin,
            version: 0,
        }
    }

    pub fn buttons(&self) -> Vec<ButtonView> {
        let rows = self.components.as_array().map(Vec::as_slice).unwrap_or(&[]);
        rows.iter()
            .flat_map(|r| r["components"].as_array().into_iter().flatten())
            .filter(|c| c["type"].as_u64() == Some(2))
            .filter_map(|c| {
                Some(ButtonView {
                    custom_id: c["custom_id"].as_str()?.to_string(),
                    label: c["label"].as_str().unwrap_or_default().to_string(),
                    disabled: c["disabled"].as_bool().unwrap_or(false),
                })
            })
            .collect()
    }

    pub fn selects(&self) -> Vec<SelectView> {
        let rows = self.components.as_array().map(Vec::as_slice).unwrap_or(&[]);
        rows.iter()
            .flat_map(|r| r["components"].as_array().into_iter().flatten())
            .filter(|c| c["type"].as_u64() == Some(3))
            .filter_map(|c| {
                Some(SelectView {
                    custom_id: c["custom_id"].as_str()?.to_string(),
                    options: c["options"]
                        .as_array()?
                        .iter()
                        .filter_map(|o| {
                            Some((
                                o["label"].as_str()?.to_string(),
                                o["value"].as_str()?.to_string(),
                            ))
                        })
                        .collect(),
                })
            })
            .collect()
    }

    pub fn custom_ids(&self) -> Vec<String> {
        self.buttons().into_iter().map(|b| b.custom_id).collect()
    }

    pub fn button(&self, custom_id: &str) -> Option<ButtonView> {
        self.buttons()
            .into_iter()
            .find(|b| b.custom_id == custom_id)
    }

    /// The first custom_id satisfying `f`.
    pub fn find_button(&self, f: impl Fn(&str) -> bool) -> Option<String> {
        self.custom_ids().into_iter().find(|id| f(id))
    }
}

/// The bot's first answer to an interaction.
#[derive(Clone, Debug)]
pub struct Callback {
    /// What the fake answered: 204, or an injected 500/429, or 4xx when the bot erred.
    pub status: u16,
    /// The response type: 4 message, 5 deferred message, 6 deferred update, 7 update.
    pub kind: u8,
    /// The response's `data` as sent.
    pub data: Value,
    /// From the INTERACTION_CREATE being sent to the callback request arriving.
    pub elapsed: Duration,
    /// The message the response created (4, 5) or updated (6, 7).
    pub message_id: Option<u64>,
    pub ephemeral: bool,
}

impl Callback {
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    pub fn content(&self) -> &str {
        self.data["content"].as_str().unwrap_or_default()
    }
}

/// One message write by the bot, as sent (recorded only with `record`).
#[derive(Clone, Debug)]
pub struct Write {
    pub kind: WriteKind,
    pub message_id: u64,
    pub channel_id: u64,
    pub ephemeral: bool,
    pub owner: Option<u64>,
    /// The message's content after this write.
    pub content: String,
    pub custom_ids: Vec<String>,
    /// What the fake answered (a write under an injected fault is recorded but not applied).
    pub status: u16,
    /// The write's `allowed_mentions` as sent (None when the body had none).
    pub allowed_mentions: Option<Value>,
}

impl Write {
    /// The users the write allows to be pinged (`allowed_mentions.users`), in order, repeats
    /// kept.
    pub fn mentioned_users(&self) -> Vec<u64> {
        self.allowed_mentions
            .as_ref()
            .and_then(|a| a["users"].as_array())
            .map(|users| {
                users
                    .iter()
                    .filter_map(|u| u.as_u64().or_else(|| u.as_str()?.parse().ok()))
                    .collect()
            })
            .unwrap_or_default()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteKind {
    ChannelPost,
    ChannelEdit,
    Callback(u8),
    Followup,
    WebhookEdit,
}

/// A part of a multipart upload.
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

/// One REST request (recorded only with `record`); the path is without `/api/v10`.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    pub method: String,
    pub path: String,
}

#[derive(Clone, Debug, Default)]
pub struct GatewayStats {
    pub connections: u64,
    pub identifies: u64,
    pub readies: u64,
    pub resumes: u64,
    pub invalid_sessions: u64,
    pub heartbeats: u64,
    pub drops: u64,
    /// Close frames with code 1000 the bot sent (a shard logging off), answered with a close.
    pub logoffs: u64,
}

/// An interaction sent; its callback can be awaited.
pub struct InteractionHandle {
    pub id: u64,
    rx: oneshot::Receiver<Callback>,
}

impl InteractionHandle {
    /// The bot's first answer; panics if none comes within 10 s.
    pub async fn callback(self) -> Callback {
        let id = self.id;
        self.within(Duration::from_secs(10))
            .await
            .unwrap_or_else(|| panic!("interaction {id}: no callback within 10 s"))
    }

    pub async fn within(self, limit: Duration) -> Option<Callback> {
        tokio::time::timeout(limit, self.rx).await.ok()?.ok()
    }
}

pub(crate) struct Pending {
    pub token: String,
    pub user: u64,
    pub channel: u64,
    pub message: Option<u64>,
    pub sent_at: Instant,
    /// The time tests had skipped when it was sent (see [`FakeDiscord::age_tokens`]).
    pub skipped_at_send: Duration,
    /// What was pressed or run, for the benchmarks' latency by kind (see [`interaction_kind`]).
    pub kind: Arc<str>,
    pub first_attempt: Option<Duration>,
    pub acknowledged: bool,
    pub forgiven: bool,
    pub tx: Option<oneshot::Sender<Callback>>,
    /// The owners map held only a user's installation (see [`TokenInfo::user_only`]).
    pub user_only: bool,
    /// The interaction's type: 2 a command, 3 a component, 5 a modal's submission.
    pub kind_no: u8,
}

#[derive(Default)]
pub(crate) struct ChannelLog {
    pub public_writes: u64,
    pub last_public: u64,
}

/// How many replaced tokens the lean fake keeps valid (see [`State::retired_tokens`]).
pub(crate) const RETIRED_TOKENS: usize = 20_000;

/// How many message nonces the fake remembers (Discord checks them over a few minutes).
pub(crate) const NONCES: usize = 100_000;

/// A request hold set up by [`FakeDiscord::hold_next`], shared with the connection that
/// holds the request.
pub(crate) struct HoldSlot {
    /// Matched against "METHOD /path" (without `/api/v10`), as faults are.
    pub route: String,
    /// Set (and `arrived` notified) once a request is held.
    pub held: AtomicBool,
    pub arrived: Notify,
    /// Taken by the connection holding the request: resolves when the [`Hold`] is dropped.
    pub dropped: Mutex<Option<oneshot::Receiver<()>>>,
}

/// A request the fake holds: neither processed nor answered. Dropping the hold withdraws it,
/// and drops a request it holds unanswered (its connection is closed).
#[must_use = "dropping a Hold withdraws it"]
pub struct Hold {
    slot: Arc<HoldSlot>,
    shared: Arc<Shared>,
    /// Dropped with the hold, which tells the connection holding a request.
    _dropped: oneshot::Sender<()>,
}

impl Hold {
    /// Whether a matching request arrived and is held (or was, if dropped since).
    pub fn is_held(&self) -> bool {
        self.slot.held.load(Ordering::SeqCst)
    }

    /// Resolves once a matching request arrived and is held; panics after 30 s.
    pub async fn wait_held(&self) {
        let slot = &self.slot;
        let wait = async {
            loop {
                let notified = slot.arrived.notified();
                tokio::pin!(notified);
                notified.as_mut().enable();
                if slot.held.load(Ordering::SeqCst) {
                    return;
                }
                notified.await;
            }
        };
        if tokio::time::timeout(Duration::from_secs(30), wait)
            .await
            .is_err()
        {
            panic!(
                "no request matching {:?} arrived to be held within 30 s",
                slot.route
            );
        }
    }
}

impl Drop for Hold {
    fn drop(&mut self) {
        // Not matched yet: withdraw it. A held request sees `_dropped` go.
        let slot = &self.slot;
        self.shared.lock().holds.retain(|s| !Arc::ptr_eq(s, slot));
    }
}

#[derive(Default)]
pub(crate) struct State {
    pub messages: HashMap<u64, StoredMessage>,
    /// custom_id -> the message that last showed it (meaningful for unique custom_ids).
    pub buttons: HashMap<String, u64>,
    pub tokens: HashMap<String, TokenInfo>,
    /// Time the tests skipped to age the tokens ([`FakeDiscord::age_tokens`]).
    pub skipped: Duration,
    /// Without `record`: the last token per message, to forget older ones.
    pub last_token: HashMap<u64, String>,
    /// Without `record`: tokens a newer one replaced, oldest first. They stay valid (as
    /// Discord's do for 15 minutes) until [`RETIRED_TOKENS`] newer ones have been retired:
    /// a slow bot may still edit with one after the next press.
    pub retired_tokens: std::collections::VecDeque<String>,
    pub interactions: HashMap<u64, Pending>,
    pub requests: Vec<RecordedRequest>,
    pub writes: Vec<Write>,
    pub channels: HashMap<u64, ChannelLog>,
    pub violations: Vec<String>,
    pub faults: Vec<(String, u16)>,
    pub faults_served: u64,
    pub commands: Option<Value>,
    /// Commands the server opened to every member whatever their default permissions.
    pub opened_commands: std::collections::HashSet<String>,
    /// The guild of the last registration (None: global commands).
    pub commands_guild: Option<u64>,
    pub registrations: u64,
    /// Each first callback: the interaction's kind, when it was sent, and how long its answer
    /// took in microseconds.
    pub latencies: Vec<(Arc<str>, Instant, u32)>,
    pub answered: u64,
    pub late: u64,
    /// Holds not matched yet, oldest first.
    pub holds: Vec<Arc<HoldSlot>>,
    /// (channel, nonce) -> the message created with that nonce.
    pub nonces: HashMap<(u64, String), u64>,
    /// The keys of `nonces`, oldest first (at most [`NONCES`]).
    pub nonce_order: std::collections::VecDeque<(u64, String)>,
    /// Channel posts answered with an earlier message of the same nonce.
    pub deduplicated_posts: u64,
    /// The application's emojis: (id, name, image bytes).
    pub app_emojis: Vec<(u64, String, usize)>,
    pub emoji_lists: u64,
    pub emoji_creates: u64,
    pub emoji_deletes: u64,
    /// Channels placed elsewhere than in `FakeOptions::guild_id` with the bot.
    pub places: HashMap<u64, FakePlace>,
    /// Per channel: the most follow-ups one interaction there made.
    pub most_followups: HashMap<u64, u32>,
    /// The application's OAuth2 side (the Activity's sign-in).
    pub oauth: oauth::OAuth,
    /// Requests by kind: how many, and their bodies' bytes in all.
    pub request_kinds: HashMap<&'static str, (u64, u64)>,
    /// Channels that answer every request with 403 Missing Access (the bot lost them).
    pub denied_channels: std::collections::HashSet<u64>,
    /// Each user's direct-message channel, once the bot opened one.
    pub dm_channels: HashMap<u64, u64>,
}

impl State {
    pub(crate) fn violation(&mut self, what: String) {
        self.violations.push(what);
    }

    /// Where `channel` is: the fake's server, with the bot, unless placed elsewhere.
    pub(crate) fn place_of(&self, opts: &FakeOptions, channel: u64) -> FakePlace {
        self.places
            .get(&channel)
            .cloned()
            .unwrap_or(FakePlace::Guild {
                guild: opts.guild_id,
                bot: true,
            })
    }

    /// Remembers the message created in `channel` with `nonce`.
    pub(crate) fn remember_nonce(&mut self, channel: u64, nonce: String, message: u64) {
        let key = (channel, nonce);
        if self.nonces.insert(key.clone(), message).is_none() {
            self.nonce_order.push_back(key);
            if self.nonce_order.len() > NONCES {
                if let Some(old) = self.nonce_order.pop_front() {
                    self.nonces.remove(&old);
                }
            }
        }
    }

    /// Stores a message and indexes its buttons; without `record`, messages without buttons
    /// are forgotten (nobody can press anything on them).
    pub(crate) fn put(&mut self, m: StoredMessage, record: bool) {
        let old: Vec<String> = self
            .messages
            .get(&m.id)
            .map(|o| o.custom_ids())
            .unwrap_or_default();
        for id in old {
            if self.buttons.get(&id) == Some(&m.id) {
                self.buttons.remove(&id);
            }
        }
        let ids = m.custom_ids();
        if !record && ids.is_empty() {
            self.messages.remove(&m.id);
            return;
        }
        for id in ids {
            self.buttons.insert(id, m.id);
        }
        self.messages.insert(m.id, m);
    }
}

pub(crate) struct Shared {
    pub opts: FakeOptions,
    pub http_url: String,
    pub ws_url: String,
    pub state: Mutex<State>,
    pub gateway: gateway::Gateway,
    next_id: AtomicU64,
    validated: AtomicU64,
    notifiers: Mutex<HashMap<u64, Arc<Notify>>>,
    /// The bytes of every uploaded file, by attachment id (when recording).
    pub uploads: Mutex<HashMap<u64, Vec<u8>>>,
}

impl Shared {
    pub(crate) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn notifier(&self, channel: u64) -> Arc<Notify> {
        self.notifiers
            .lock()
            .unwrap()
            .entry(channel)
            .or_default()
            .clone()
    }

    /// Wakes whoever waits for a write in `channel`.
    pub(crate) fn notify(&self, channel: u64) {
        if let Some(n) = self.notifiers.lock().unwrap().get(&channel) {
            n.notify_waiters();
        }
    }
}

/// The fake Discord. Cheap to clone; its servers run until the runtime ends.
#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Shared>,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        FakeDiscord::start_with(FakeOptions::default()).await
    }

    /// Binds a random port for REST and one for the gateway.
    pub async fn start_with(opts: FakeOptions) -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the REST port");
        let ws = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the gateway port");
        let inner = Arc::new(Shared {
            gateway: gateway::Gateway::new(opts.shards),
            opts,
            http_url: format!("http://{}", http.local_addr().unwrap()),
            ws_url: format!("ws://{}", ws.local_addr().unwrap()),
            state: Mutex::new(State::default()),
            next_id: AtomicU64::new(1_000_000_000_000),
            validated: AtomicU64::new(0),
            notifiers: Mutex::new(HashMap::new()),
            uploads: Mutex::new(HashMap::new()),
        });
        tokio::spawn(rest::serve(http, inner.clone()));
        tokio::spawn(gateway::serve(ws, inner.clone()));
        FakeDiscord { inner }
    }

    /// What goes into `config.api_base_url` (serenity appends `/api/v10/...`).
    pub fn http_url(&self) -> String {
        self.inner.http_url.clone()
    }
    pub fn options(&self) -> &FakeOptions {
        &self.inner.opts
    }
    pub fn token(&self) -> &str {
        &self.inner.opts.token
    }
    pub fn guild_id(&self) -> u64 {
        self.inner.opts.guild_id
    }
    pub fn channel_id(&self) -> u64 {
        self.inner.opts.channel_id
    }

    // ---- gateway ----

    /// Waits until `n` READYs were sent and the bot registered its commands `n` times (its
    /// setup ran: it is ready for interactions).
    pub async fn wait_ready(&self, n: u64) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let readies = self.gateway_stats().readies;
            let registrations = self.inner.lock().registrations;
            if readies >= n && registrations >= n {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the bot did not get ready: {readies} READY sent, {registrations} command registrations"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Waits until `n` resumes succeeded.
    pub async fn wait_resumed(&self, n: u64) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.gateway_stats().resumes < n {
            assert!(
                Instant::now() < deadline,
                "no resume: {:?}",
                self.gateway_stats()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    pub fn gateway_stats(&self) -> GatewayStats {
        self.inner.gateway.stats()
    }

    /// One shard's gateway counts.
    pub fn shard_stats(&self, shard: usize) -> GatewayStats {
        self.inner.gateway.shard_stats(shard)
    }

    /// The shard Discord sends a guild's events to (DMs go to shard 0).
    pub fn shard_of(&self, guild: Option<u64>) -> usize {
        let count = self.inner.gateway.shard_count();
        guild.map_or(0, |g| ((g >> 22) % count) as usize)
    }

    /// Waits until shard `shard` got its `n`th READY (a process that does not register
    /// commands gives no other sign of being set up).
    pub async fn wait_shard_ready(&self, shard: usize, n: u64) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.shard_stats(shard).readies < n {
            assert!(
                Instant::now() < deadline,
                "shard {shard} did not get ready: {:?}",
                self.shard_stats(shard)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The guild of `channel`'s interactions; panics for a channel outside servers.
    pub fn guild_of(&self, channel: u64) -> u64 {
        self.place_of(channel)
            .guild()
            .unwrap_or_else(|| panic!("channel {channel} is in no server"))
    }

    /// Puts `channel` in `guild`, with the bot: interactions there carry that guild (and so
    /// go to its shard), and their commands are the application's global ones.
    pub fn place_channel(&self, channel: u64, guild: u64) {
        let place = FakePlace::Guild { guild, bot: true };
        self.inner.lock().places.insert(channel, place);
    }

    /// Closes the gateway connection (code 4000): serenity reconnects and resumes.
    pub fn drop_connection(&self) -> bool {
        self.inner.gateway.drop_connection()
    }

    // ---- interactions ----

    /// `/name [sub] options…` by `user` in the default channel.
    pub fn slash_command(
        &self,
        user: &User,
        name: &str,
        sub: Option<&str>,
        options: Vec<Opt>,
    ) -> Value {
        self.slash_command_in(self.channel_id(), user, name, sub, options)
    }

    pub fn slash_command_in(
        &self,
        channel: u64,
        user: &User,
        name: &str,
        sub: Option<&str>,
        options: Vec<Opt>,
    ) -> Value {
        payloads::command(&self.inner.opts, channel, user, name, sub, &options)
    }

    /// `user` presses `custom_id` on `message` (as the bot last rendered it, or an older copy).
    /// Panics unless the message shows that button, enabled, to that user.
    pub fn press(&self, user: &User, message: &StoredMessage, custom_id: &str) -> Value {
        let b = message.button(custom_id).unwrap_or_else(|| {
            panic!(
                "message {} has no button {custom_id:?}: {:?}",
                message.id,
                message.custom_ids()
            )
        });
        assert!(!b.disabled, "button {custom_id:?} is disabled");
        if message.ephemeral {
            assert_eq!(
                message.owner,
                Some(user.id),
                "only its owner sees ephemeral message {}",
                message.id
            );
        }
        self.press_forged(user, message, custom_id)
    }

    /// `user` picks `value` in the select menu `custom_id` of `message`. Panics unless the
    /// message shows that menu with that option to that user.
    pub fn select(
        &self,
        user: &User,
        message: &StoredMessage,
        custom_id: &str,
        value: &str,
    ) -> Value {
        let menu = message
            .selects()
            .into_iter()
            .find(|s| s.custom_id == custom_id)
            .unwrap_or_else(|| panic!("message {} has no menu {custom_id:?}", message.id));
        assert!(
            menu.options.iter().any(|o| o.1 == value),
            "menu {custom_id:?} offers no {value:?}"
        );
        if message.ephemeral {
            assert_eq!(message.owner, Some(user.id), "only its owner sees it");
        }
        payloads::select(&self.inner.opts, user, message, custom_id, value)
    }

    /// A press Discord would never deliver: any custom_id, on any message, by anyone.
    pub fn press_forged(&self, user: &User, message: &StoredMessage, custom_id: &str) -> Value {
        payloads::component(&self.inner.opts, user, message, custom_id)
    }

    /// Sends INTERACTION_CREATE with a fresh id and token (after reading the payload back
    /// with serenity, and checking a command against the registered ones).
    pub fn send_interaction(&self, payload: Value) -> InteractionHandle {
        self.dispatch_interaction(payload, true)
    }

    /// A command as a client shows it until it reads the commands again: one the bot had
    /// before an update, whether registered now or not (read back with serenity all the same).
    pub fn send_outdated_command(&self, payload: Value) -> InteractionHandle {
        self.dispatch_interaction(payload, false)
    }

    fn dispatch_interaction(&self, mut payload: Value, registered_only: bool) -> InteractionHandle {
        let shared = &self.inner;
        let id = shared.next_id();
        let token = format!("tok{id}");
        payload["id"] = id.to_string().into();
        payload["token"] = token.clone().into();
        let num = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok());
        let channel = num(&payload["channel_id"]).unwrap_or_default();
        let user = num(&payload["member"]["user"]["id"]).or_else(|| num(&payload["user"]["id"]));
        let (place, authorizer) = {
            let st = shared.lock();
            // A component's message was made for the user whose command it answered.
            let made_for = num(&payload["message"]["id"])
                .and_then(|m| st.messages.get(&m))
                .and_then(|m| m.owner);
            (st.place_of(&shared.opts, channel), made_for.or(user))
        };
        if let Err(e) = places::check_present(&place, user.unwrap_or_default()) {
            panic!("Discord would not send this interaction: {e}");
        }
        place.dress(&shared.opts, &mut payload, authorizer.unwrap_or_default());
        let guild = place.guild();
        let validate =
            shared.validated.fetch_add(1, Ordering::Relaxed) < shared.opts.validate_limit;
        if validate {
            payloads::validate_interaction(&payload);
            let (registered, in_guild) = {
                let st = shared.lock();
                (st.commands.clone(), st.commands_guild)
            };
            let registered = registered.filter(|_| registered_only);
            if let (2, Some(registered)) = (payload["type"].as_u64().unwrap_or(0), registered) {
                if let Err(e) = limits::check_command(&registered, &payload["data"]) {
                    panic!("Discord would not send this command: {e}");
                }
                if let Err(e) = limits::check_context(&registered, in_guild, &payload, &place) {
                    panic!("Discord would not send this command: {e}");
                }
                let opened = shared.lock().opened_commands.clone();
                if let Err(e) = limits::check_permissions(&registered, &payload, &opened) {
                    panic!("Discord would not send this command: {e}");
                }
            }
        }
        let (tx, rx) = oneshot::channel();
        let mut st = shared.lock();
        let skipped_at_send = st.skipped;
        st.interactions.insert(
            id,
            Pending {
                token: token.clone(),
                user: user.unwrap_or_default(),
                channel,
                message: num(&payload["message"]["id"]),
                sent_at: Instant::now(),
                skipped_at_send,
                kind: interaction_kind(&payload).into(),
                first_attempt: None,
                acknowledged: false,
                forgiven: false,
                tx: Some(tx),
                user_only: place.install() == places::USER_INSTALL,
                kind_no: payload["type"].as_u64().unwrap_or(0) as u8,
            },
        );
        drop(st);
        shared.gateway.dispatch(
            self.shard_of(guild),
            "INTERACTION_CREATE",
            payload.to_string(),
            validate,
        );
        InteractionHandle { id, rx }
    }

    /// Sends and awaits the callback.
    pub async fn interact(&self, payload: Value) -> Callback {
        self.send_interaction(payload).callback().await
    }

    // ---- messages ----

    pub fn message(&self, id: u64) -> Option<StoredMessage> {
        self.inner.lock().messages.get(&id).cloned()
    }

    /// The bytes of an attachment the bot uploaded (by the id in a message's `attachments`).
    pub fn attachment(&self, id: u64) -> Option<Vec<u8>> {
        self.inner.uploads.lock().unwrap().get(&id).cloned()
    }

    /// The message that last showed this custom_id (use with ids unique to one message).
    pub fn message_with_button(&self, custom_id: &str) -> Option<StoredMessage> {
        let st = self.inner.lock();
        st.buttons
            .get(custom_id)
            .and_then(|id| st.messages.get(id))
            .cloned()
    }

    /// The stored messages of a channel, oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<StoredMessage> {
        let st = self.inner.lock();
        let mut v: Vec<_> = st
            .messages
            .values()
            .filter(|m| m.channel_id == channel)
            .cloned()
            .collect();
        v.sort_by_key(|m| m.id);
        v
    }

    /// Writes (attempted, faults included) to messages without the ephemeral flag.
    pub fn public_writes(&self, channel: u64) -> u64 {
        self.inner
            .lock()
            .channels
            .get(&channel)
            .map_or(0, |c| c.public_writes)
    }

    /// The message of the latest public write in `channel`, if stored.
    pub fn last_public_message(&self, channel: u64) -> Option<StoredMessage> {
        let st = self.inner.lock();
        let id = st.channels.get(&channel)?.last_public;
        st.messages.get(&id).cloned()
    }

    /// Waits until `cond` holds, re-checking after each write in `channel`. False on timeout.
    pub async fn wait_until(
        &self,
        channel: u64,
        timeout: Duration,
        mut cond: impl FnMut() -> bool,
    ) -> bool {
        let notify = self.inner.notifier(channel);
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if cond() {
                return true;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return cond();
            }
        }
    }

    // ---- records ----

    pub fn writes(&self) -> Vec<Write> {
        self.inner.lock().writes.clone()
    }

    /// The recorded writes to one message (faulted ones included), in order.
    pub fn writes_to(&self, message_id: u64) -> Vec<Write> {
        self.inner
            .lock()
            .writes
            .iter()
            .filter(|w| w.message_id == message_id)
            .cloned()
            .collect()
    }

    pub fn writes_since(&self, index: usize) -> Vec<Write> {
        self.inner
            .lock()
            .writes
            .get(index..)
            .map(<[Write]>::to_vec)
            .unwrap_or_default()
    }

    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.inner.lock().requests.clone()
    }

    /// The interaction tokens whose `@original` is this message (the ones the bot can edit it
    /// with), in no particular order.
    pub fn tokens_for(&self, message_id: u64) -> Vec<String> {
        self.inner
            .lock()
            .tokens
            .iter()
            .filter(|(_, t)| t.original == Some(message_id))
            .map(|(token, _)| token.clone())
            .collect()
    }

    /// Channel posts with `enforce_nonce` whose nonce an earlier message of the channel
    /// carried: nothing was created, the earlier message was returned (as Discord does).
    pub fn deduplicated_posts(&self) -> u64 {
        self.inner.lock().deduplicated_posts
    }

    /// Command registrations so far, and the guild of the last one (None: global).
    pub fn registrations(&self) -> (u64, Option<u64>) {
        let st = self.inner.lock();
        (st.registrations, st.commands_guild)
    }

    /// The server opens top-level command `name` to every member, as its Integrations page
    /// can (the bot must then check permissions itself).
    pub fn open_command_to_everyone(&self, name: &str) {
        self.inner.lock().opened_commands.insert(name.to_string());
    }

    /// The JSON of the bot's last command registration.
    pub fn registered_commands(&self) -> Option<Value> {
        self.inner.lock().commands.clone()
    }

    // ---- application emojis ----

    /// The application's emojis as (id, name).
    pub fn app_emojis(&self) -> Vec<(u64, String)> {
        let st = self.inner.lock();
        st.app_emojis
            .iter()
            .map(|(id, name, _)| (*id, name.clone()))
            .collect()
    }

    /// Emoji calls so far: (lists, creates, deletes).
    pub fn emoji_calls(&self) -> (u64, u64, u64) {
        let st = self.inner.lock();
        (st.emoji_lists, st.emoji_creates, st.emoji_deletes)
    }

    /// An emoji the application has before the bot starts (someone else's, or an old one).
    pub fn add_app_emoji(&self, name: &str) -> u64 {
        let id = self.inner.next_id();
        self.inner
            .lock()
            .app_emojis
            .push((id, name.to_string(), 100));
        id
    }

    /// Renames one of the application's emojis (an earlier version of the art).
    pub fn rename_app_emoji(&self, id: u64, name: &str) {
        let mut st = self.inner.lock();
        for e in st.app_emojis.iter_mut().filter(|e| e.0 == id) {
            e.1 = name.to_string();
        }
    }

    // ---- faults ----

    /// The next request whose "METHOD /path" (without `/api/v10`) contains `route` is
    /// answered with `status` (500, or 429 with Discord's body and rate-limit headers).
    pub fn fail_next(&self, route: &str, status: u16) {
        self.inner.lock().faults.push((route.to_string(), status));
    }

    /// The next request whose "METHOD /path" (without `/api/v10`) contains `route` is held:
    /// not processed, not answered, until the [`Hold`] is dropped or the bot's connection
    /// closes (the process was killed); then it is dropped: never applied, never recorded.
    /// Holds match in the order they were set up, each one request.
    pub fn hold_next(&self, route: &str) -> Hold {
        let (dropped_tx, dropped) = oneshot::channel();
        let slot = Arc::new(HoldSlot {
            route: route.to_string(),
            held: AtomicBool::new(false),
            arrived: Notify::new(),
            dropped: Mutex::new(Some(dropped)),
        });
        self.inner.lock().holds.push(slot.clone());
        Hold {
            slot,
            shared: self.inner.clone(),
            _dropped: dropped_tx,
        }
    }

    /// From now on every request to `channel` (its messages, posts and edits) is answered
    /// 403 Missing Access (code 50001), as Discord does once the bot lost the channel.
    pub fn deny_channel(&self, channel: u64) {
        self.inner.lock().denied_channels.insert(channel);
    }

    /// The direct-message channel the bot opened with `user`, if any.
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.inner.lock().dm_channels.get(&user).copied()
    }

    pub fn faults_pending(&self) -> usize {
        self.inner.lock().faults.len()
    }

    pub fn faults_served(&self) -> u64 {
        self.inner.lock().faults_served
    }

    // ---- checks ----

    /// Sets up the application's OAuth2 side: the client secret its exchange must carry.
    pub fn oauth_secret(&self, secret: &str) {
        self.inner.lock().oauth.secret = Some(secret.to_string());
    }

    /// A code the SDK's `authorize` gave `user`, good for one exchange.
    pub fn grant_code(&self, code: &str, user: &User) {
        self.inner
            .lock()
            .oauth
            .codes
            .insert(code.to_string(), user.clone());
    }

    /// Activity instance `id` runs in `channel` with `users` in it (in the channel's server,
    /// or in none: a DM's or group DM's instance).
    pub fn activity_instance(&self, id: &str, channel: u64, users: &[u64]) {
        let guild = self.place_of(channel).guild();
        self.inner
            .lock()
            .oauth
            .instances
            .insert(id.to_string(), (channel, guild, users.to_vec()));
    }

    /// The Activities launched so far by interaction responses (LAUNCH_ACTIVITY), oldest
    /// first: each made an instance with its launcher in it.
    pub fn launches(&self) -> Vec<Launch> {
        self.inner.lock().oauth.launches.clone()
    }

    /// `users` are in Activity instance `id` now (which a launch made).
    pub fn join_activity(&self, id: &str, users: &[u64]) {
        let mut st = self.inner.lock();
        let instance = st.oauth.instances.get_mut(id).expect("a launched instance");
        instance.2 = users.to_vec();
    }

    /// Activity instance lookups answered with `status` from now on (`None`: answered again):
    /// Discord in an outage.
    pub fn instance_outage(&self, status: Option<u16>) {
        self.inner.lock().oauth.outage = status;
    }

    /// The next Activity instance lookup is answered 429 with `retry_after` seconds.
    pub fn pause_instances(&self, retry_after: f64) {
        self.inner.lock().oauth.pause = Some(retry_after);
    }

    /// Activity instance lookups that reached the fake so far.
    pub fn instance_lookups(&self) -> u64 {
        self.inner.lock().oauth.lookups
    }

    /// Codes traded, and exchanges refused.
    pub fn oauth_exchanges(&self) -> (u64, u64) {
        let st = self.inner.lock();
        (st.oauth.traded, st.oauth.refused)
    }

    pub fn violations(&self) -> Vec<String> {
        self.inner.lock().violations.clone()
    }

    pub fn assert_no_violations(&self) {
        let v = self.violations();
        assert!(
            v.is_empty(),
            "the bot broke Discord's rules:\n{}",
            v.join("\n")
        );
    }

    /// Every interaction was answered (first attempt) within `limit`; interactions still
    /// unanswered after `limit` count as breaches unless forgiven.
    pub fn assert_first_response_within(&self, limit: Duration) {
        let st = self.inner.lock();
        let mut bad: Vec<String> = st
            .interactions
            .iter()
            .filter_map(|(id, p)| match p.first_attempt {
                Some(d) if d > limit => {
                    Some(format!("interaction {id}: first response after {d:?}"))
                }
                None if !p.forgiven && p.sent_at.elapsed() > limit => Some(format!(
                    "interaction {id}: no response after {:?}",
                    p.sent_at.elapsed()
                )),
                _ => None,
            })
            .collect();
        if st.late > 0 && !self.inner.opts.record {
            bad.push(format!("{} interactions answered late", st.late));
        }
        assert!(
            bad.is_empty(),
            "first responses too slow:\n{}",
            bad.join("\n")
        );
    }

    /// Interactions sent so far that were never answered no longer count (a killed bot).
    pub fn forget_unanswered(&self) {
        for p in self.inner.lock().interactions.values_mut() {
            if p.first_attempt.is_none() {
                p.forgiven = true;
            }
        }
    }
}

/// A short name for what an interaction asks: the command and subcommand (`gin start`), or a
/// button's verb and, for a move, its action without the card (`a:d` for a discard).
fn interaction_kind(payload: &Value) -> String {
    let data = &payload["data"];
    if let Some(id) = data["custom_id"].as_str() {
        let parts: Vec<&str> = id.split(':').collect();
        let verb = parts.get(1).copied().unwrap_or("?");
        return match parts.get(4) {
            Some(act) => {
                let act: String = act.chars().take_while(|c| c.is_ascii_lowercase()).collect();
                format!("{verb}:{act}")
            }
            None => verb.to_string(),
        };
    }
    let name = data["name"].as_str().unwrap_or("?");
    match data["options"][0]["name"].as_str() {
        Some(sub) => format!("{name} {sub}"),
        None => name.to_string(),
    }
}
