//! A test harness around the real game service: a real SQLite file, the real engine, the real
//! presentation layer and deliverer, and a recording transport standing in for Discord.

use crate::support::fake_discord::acts::{act_of_id, act_press, Act};
use gin::config::Config;
use gin::engine::{deck, min_deadwood, Card, CardSet, Seed};
use gin::games::{Caller, Clock, Games, Outcome, UserRef};
use gin::i18n::Lang;
use gin::store::Db;
use gin::ui::ids::Press;
use gin::ui::model::{Msg, Response};
use gin::ui::{Answer, Deliverer, SendError, Transport};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

pub use super::people::*;

pub const GUILD: u64 = 600;
pub const CHANNEL: u64 = 700;
/// The bot's own user: the AI's seat.
pub const BOT: u64 = 999;

/// One message the bot sent or edited in the channel.
#[derive(Clone, Debug)]
pub struct Sent {
    pub message: u64,
    pub msg: Msg,
    pub edit: bool,
}

/// Records channel posts and edits; ids count up from 10,000. A post with a nonce seen before
/// creates nothing, as on Discord.
#[derive(Default)]
pub struct Recorder {
    pub sent: Mutex<Vec<Sent>>,
    pub ephemeral_edits: Mutex<Vec<(String, Msg)>>,
    nonces: Mutex<std::collections::HashMap<String, u64>>,
    next: AtomicU64,
}

impl Transport for Recorder {
    async fn post(&self, _: u64, msg: &Msg, nonce: Option<&str>) -> Result<u64, SendError> {
        if let Some(id) = nonce.and_then(|n| self.nonces.lock().unwrap().get(n).copied()) {
            return Ok(id);
        }
        let message = 10_000 + self.next.fetch_add(1, Ordering::SeqCst);
        if let Some(n) = nonce {
            self.nonces.lock().unwrap().insert(n.to_string(), message);
        }
        self.sent.lock().unwrap().push(Sent {
            message,
            msg: msg.clone(),
            edit: false,
        });
        Ok(message)
    }

    async fn edit(&self, _: u64, message: u64, msg: &Msg) -> Result<(), SendError> {
        self.sent.lock().unwrap().push(Sent {
            message,
            msg: msg.clone(),
            edit: true,
        });
        Ok(())
    }

    async fn edit_ephemeral(&self, token: &str, msg: &Msg) -> Result<(), SendError> {
        self.ephemeral_edits
            .lock()
            .unwrap()
            .push((token.to_string(), msg.clone()));
        Ok(())
    }
}

pub struct Harness {
    pub games: Arc<Games>,
    pub deliverer: Arc<Deliverer<Arc<Recorder>>>,
    pub out: Arc<Recorder>,
    pub now: Arc<AtomicI64>,
    pub seeds: Arc<AtomicU64>,
    /// The database (a SQLite file, or a PostgreSQL database: see `store::testing`).
    pub url: String,
    _dir: Arc<tempfile::TempDir>,
    /// Public responses (challenges, match ends) as the channel would show them.
    pub public: Mutex<Vec<Msg>>,
}

pub fn test_config() -> Config {
    Config {
        token: "test".into(),
        timeouts: gin::config::Timeouts {
            ai_delay_ms: 0,
            ..Default::default()
        },
        ..Config::default()
    }
}

fn seed_from(n: u64) -> Seed {
    deck::hand_seed(&[7u8; 32], n as u32)
}

impl Harness {
    pub async fn new() -> Harness {
        let dir = Arc::new(tempfile::tempdir().unwrap());
        let url = gin::store::testing::fresh_database_url(dir.path(), "gin")
            .await
            .unwrap();
        Harness::open(
            dir,
            url,
            Arc::new(AtomicI64::new(1_800_000_000)),
            Arc::new(AtomicU64::new(1)),
        )
        .await
    }

    /// The game service on a database that already holds matches (`url`, kept in `dir`), with
    /// its clock at `now`: what a restart of an older build's database finds.
    pub async fn on(dir: tempfile::TempDir, url: String, now: i64) -> Harness {
        Harness::open(
            Arc::new(dir),
            url,
            Arc::new(AtomicI64::new(now)),
            Arc::new(AtomicU64::new(1)),
        )
        .await
    }

    /// One of the processes that share a PostgreSQL database (`url`, kept in `dir`), running
    /// `shards`: the bus joined, and what it hears taken up by its games.
    pub async fn sharing(dir: Arc<tempfile::TempDir>, url: String, shards: &str) -> Harness {
        Harness::sharing_paced(dir, url, shards, Default::default()).await
    }

    /// [`Harness::sharing`], its bus at `pace` (shorter periods).
    pub async fn sharing_paced(
        dir: Arc<tempfile::TempDir>,
        url: String,
        shards: &str,
        pace: gin::store::bus::Pace,
    ) -> Harness {
        let db = Db::open(&url)
            .await
            .unwrap()
            .owning(shards.parse().unwrap());
        assert!(db.shared(), "{shards} on PostgreSQL is shared");
        let (db, feed) = db.with_bus_paced(pace).await.unwrap();
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        let h = Harness::open_on(db, dir, url, now, Arc::new(AtomicU64::new(1))).await;
        let games = h.games.clone();
        tokio::spawn(async move { games.following().hear(feed).await });
        h
    }

    async fn open(
        dir: Arc<tempfile::TempDir>,
        url: String,
        now: Arc<AtomicI64>,
        seeds: Arc<AtomicU64>,
    ) -> Harness {
        let db = Db::open(&url).await.unwrap();
        Harness::open_on(db, dir, url, now, seeds).await
    }

    async fn open_on(
        db: Db,
        dir: Arc<tempfile::TempDir>,
        url: String,
        now: Arc<AtomicI64>,
        seeds: Arc<AtomicU64>,
    ) -> Harness {
        let clock_now = now.clone();
        let clock: Clock = Arc::new(move || clock_now.load(Ordering::SeqCst));
        let seed_counter = seeds.clone();
        let games = Arc::new(
            Games::new(db, test_config(), clock, gin::discord::HAND_TOKEN_SECONDS).with_seeds(
                Arc::new(move || seed_from(seed_counter.fetch_add(1, Ordering::SeqCst))),
            ),
        );
        games.settings().load_settings().await.unwrap();
        let out = Arc::new(Recorder::default());
        Harness {
            deliverer: Deliverer::new(games.clone(), out.clone()),
            games,
            out,
            now,
            seeds,
            url,
            _dir: dir,
            public: Mutex::new(Vec::new()),
        }
    }

    /// Everything in memory is dropped; the same database file is opened again.
    pub async fn restart(self) -> Harness {
        let Harness {
            games,
            deliverer,
            now,
            seeds,
            url,
            _dir,
            ..
        } = self;
        games.db.pool().close().await;
        drop(deliverer);
        drop(games);
        Harness::open(_dir, url, now, seeds).await
    }

    pub fn advance(&self, seconds: i64) {
        self.now.fetch_add(seconds, Ordering::SeqCst);
    }

    pub fn caller(&self, user: u64, message: Option<u64>) -> Caller {
        Caller {
            place: gin::games::Place::Guild {
                guild: GUILD,
                member: true,
            },
            channel_id: CHANNEL,
            user_id: user,
            name: name_of(user).to_string(),
            lang: Lang::En,
            guild_lang: Lang::En,
            message_id: message,
        }
    }

    /// How many messages sent to the channel so far satisfy `f`.
    pub fn sent_count(&self, f: impl Fn(&Sent) -> bool) -> usize {
        self.out
            .sent
            .lock()
            .unwrap()
            .iter()
            .filter(|s| f(s))
            .count()
    }

    /// Renders an outcome for the caller `user`, as the Discord adapter does.
    pub fn answer(&self, outcome: Outcome) -> Answer {
        gin::ui::respond(outcome, Lang::En)
    }

    /// What the adapter does after answering: keep ids and tokens, deliver what follows. The
    /// answer comes back without its deliveries (they are done).
    pub async fn settle(
        &self,
        mut answer: Answer,
        user: u64,
        response_message: Option<u64>,
    ) -> Answer {
        check_limits(answer.response.msg());
        if let Response::Public(m) = &answer.response {
            self.public.lock().unwrap().push(m.clone());
        }
        if let Some((m, seat)) = answer.hand_of {
            self.games
                .remember_hand_token(m, seat, format!("token-{user}"), Lang::En);
        }
        if let (Some(role), Some(message)) = (answer.reply_is, response_message) {
            self.deliverer.reply_created(role, message).await;
        }
        let deliveries = std::mem::take(&mut answer.deliveries);
        self.deliverer.deliver(deliveries).await;
        answer
    }

    /// Delivers what an outcome of a direct call requires, as the adapter does.
    pub async fn settle_outcome(
        &self,
        outcome: Outcome,
        user: u64,
        message: Option<u64>,
    ) -> Answer {
        let answer = self.answer(outcome);
        self.settle(answer, user, message).await
    }

    /// `/gin start` by `from` against `opponents`; the challenge message gets id 5000.
    pub async fn start(&self, from: u64, opponents: &[u64]) -> Answer {
        self.start_game(
            from,
            opponents,
            gin::games::GameChoice::Gin(Default::default()),
        )
        .await
    }

    /// As [`Harness::start`], for any game.
    pub async fn start_game(
        &self,
        from: u64,
        opponents: &[u64],
        game: gin::games::GameChoice,
    ) -> Answer {
        let refs: Vec<UserRef> = opponents
            .iter()
            .map(|&u| UserRef {
                id: u,
                name: name_of(u).into(),
                bot: false,
            })
            .collect();
        let o = self
            .games
            .challenges()
            .start(&self.caller(from, None), &refs, game, None)
            .await;
        self.settle_outcome(o, from, Some(5000)).await
    }

    /// A button press by `user` on message `message`.
    pub async fn press(&self, user: u64, message: u64, id: &str) -> Answer {
        self.press_as(self.caller(user, Some(message)), id).await
    }

    /// A button press by `caller` (in any place) on the message it names.
    pub async fn press_as(&self, caller: Caller, id: &str) -> Answer {
        let (user, message) = (caller.user_id, caller.message_id);
        let a = gin::ui::press(&self.games, &caller, id).await;
        self.settle(a, user, message).await
    }

    /// `user` on `message` where match `live` is played (its place and channel).
    fn caller_at(&self, live: &gin::games::Live, user: u64, message: u64) -> Caller {
        Caller {
            place: live.place,
            channel_id: live.channel_id,
            ..self.caller(user, Some(message))
        }
    }

    /// Opens a challenge from Alice to `opponents` and has them all accept; returns the match id.
    pub async fn new_match(&self, opponents: &[u64]) -> i64 {
        let challenge = self.start(ALICE, opponents).await;
        let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
        for &o in opponents {
            self.press(o, 5000, &accept).await;
        }
        self.games
            .db
            .matches()
            .active_match_for(CHANNEL, ALICE)
            .await
            .unwrap()
            .expect("match started")
    }

    /// `/gin practice` by Alice against the AI at `level`; returns the match id.
    pub async fn practice(&self, level: gin::engine::ai::Level) -> i64 {
        let o = self
            .games
            .practice()
            .start(
                &self.caller(ALICE, None),
                level,
                gin::games::GameChoice::Gin(Default::default()),
                2,
                None,
                (BOT, "Gin".into()),
            )
            .await;
        self.settle_outcome(o, ALICE, Some(5001)).await;
        self.games
            .db
            .matches()
            .active_match_for(CHANNEL, ALICE)
            .await
            .unwrap()
            .expect("practice started")
    }

    /// At the start of a hand: the state, the user to move, and their "Pass" button.
    pub async fn mover_pass(&self, match_id: i64) -> (gin::games::Live, u64, String) {
        let live = self.games.snapshot(match_id).await.unwrap();
        let user = live.users[live.game.to_act().unwrap() as usize];
        let hand = self.press(user, 1, &Press::Hand(match_id).encode()).await;
        let pass = button(hand.response.msg(), |p| {
            act_press(p).is_some_and(|a| matches!(a.act, Act::Pass))
        })
        .unwrap();
        (live, user, pass)
    }

    /// The player to move opens "My hand" and presses what the policy picks (where the match
    /// is played). False when over.
    pub async fn play_turn(&self, match_id: i64) -> bool {
        self.play_turn_with(match_id, true).await
    }

    /// [`Harness::play_turn`], knocking or not (never knocking lets the hand die).
    pub async fn play_turn_with(&self, match_id: i64, knock: bool) -> bool {
        let live = self.games.snapshot(match_id).await.unwrap();
        let Some(seat) = live.game.to_act().filter(|_| live.is_active()) else {
            return false;
        };
        let user = live.users[seat as usize];
        let table = live.table_message_id.unwrap_or(5000);
        let hand = self
            .press_as(
                self.caller_at(&live, user, table),
                &Press::Hand(match_id).encode(),
            )
            .await;
        let mut msg = hand.response.msg().clone();
        for _ in 0..2 {
            let id = choose(&msg, &live, seat, knock);
            let o = self.press_as(self.caller_at(&live, user, 1), &id).await;
            let before = msg.clone();
            msg = o.response.msg().clone();
            if !act_of_id(&id).is_some_and(|a| a.act == Act::KnockMode) {
                assert_ne!(before, msg);
                return true;
            }
        }
        true
    }
}

/// The first button whose decoded press satisfies `f`.
pub fn button(msg: &Msg, f: impl Fn(Press) -> bool) -> Option<String> {
    msg.buttons()
        .find(|b| Press::decode(&b.id).is_some_and(&f))
        .map(|b| b.id.clone())
}

/// A simple, deterministic player: knock or go gin at once, never take the upcard, draw from
/// the stock, discard to the least deadwood (the highest card on ties).
fn choose(msg: &Msg, live: &gin::games::Live, seat: u8, knock: bool) -> String {
    let acts: Vec<(Act, String)> = msg
        .buttons()
        .filter_map(|b| act_of_id(&b.id).map(|a| (a.act, b.id.clone())))
        .collect();
    let find = |f: &dyn Fn(&Act) -> bool| acts.iter().find(|(a, _)| f(a)).map(|(_, id)| id.clone());
    if knock {
        if let Some(id) = find(&|a| matches!(a, Act::Knock(_))) {
            return id;
        }
        if let Some(id) = find(&|a| matches!(a, Act::KnockMode)) {
            return id;
        }
    }
    for wanted in [Act::DrawDiscard, Act::Pass, Act::DrawStock] {
        // Fiftieth card: take it when offered (only offered when it allows a knock).
        if wanted == Act::DrawDiscard && (!knock || !msg.content.contains("stock is down to two")) {
            continue;
        }
        if let Some(id) = find(&|a| *a == wanted) {
            return id;
        }
    }
    let hand: CardSet = live
        .game
        .as_match::<gin::engine::Match>()
        .unwrap()
        .hand
        .hand_of(seat)
        .unwrap();
    let best = acts
        .iter()
        .filter_map(|(a, id)| match a {
            Act::Discard(c) => Some((*c, id)),
            _ => None,
        })
        .min_by_key(|(c, _)| {
            let mut rest = hand;
            rest.remove(*c);
            (min_deadwood(rest), std::cmp::Reverse(c.value()), *c)
        })
        .map(|(_, id)| id.clone());
    best.unwrap_or_else(|| panic!("no move in {msg:?}"))
}

/// Discord's limits on one message (the fake Discord of the wire tests enforces them too).
pub fn check_limits(msg: &Msg) {
    assert!(msg.content.chars().count() <= 2000, "content too long");
    assert!(msg.rows.len() <= 5, "more than 5 rows");
    let mut ids = std::collections::HashSet::new();
    for row in &msg.rows {
        assert!(
            !row.is_empty() && row.len() <= 5,
            "a row holds 1 to 5 buttons"
        );
        for b in row {
            assert!(!b.id.is_empty() && b.id.len() <= 100, "custom_id length");
            assert!(
                ids.insert(b.id.clone()),
                "custom_id {} twice in one message",
                b.id
            );
            assert!(
                !b.label.is_empty() && b.label.chars().count() <= 80,
                "label length"
            );
        }
    }
}

/// Every rendered card string of a set, for leak scans.
pub fn rendered(cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    cards
        .into_iter()
        .map(|c| gin::ui::render::card(Lang::En, c))
        .collect()
}

/// The message an answer or a direct call's outcome shows (in English).
pub trait Said {
    fn said(&self) -> Msg;
}

impl Said for Answer {
    fn said(&self) -> Msg {
        self.response.msg().clone()
    }
}

impl Said for Outcome {
    fn said(&self) -> Msg {
        gin::ui::answer::response(&self.reply, Lang::En)
            .msg()
            .clone()
    }
}
