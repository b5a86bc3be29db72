//! The card table across processes: a page's request for a server this process does not own
//! goes to the process that does (the owner of its shard), which applies it as a request of
//! its own pages (`apply::apply`) and answers after its commit. The bus carries both, on
//! the shard's channel of requests and the asker's channel of answers (see
//! [`crate::store::bus`]). Nothing is stored for a request: an owner that does not answer in
//! time is taken as away, and the page is told `unavailable`, never acked; nothing is sent
//! again by itself (a move carries its version: a second one could only be refused `stale`).
//!
//! A request carries its deadline, the asker's clock plus the wait for its answer: the owner
//! refuses one past it (a request the bus delivered late, after the page was told
//! `unavailable`, changes nothing). The processes' clocks are assumed to agree within a
//! second or so, as presence assumes them to within seconds.
//!
//! A request carries what the owner needs to act for the page as for its own (the place, the
//! player, their language) and, for a move, the one card the player holds and plays: no
//! token, no other card. The owner reaches the chat with its own interaction tokens: chat
//! interactions of a server (and every DM) reach the process of its shard, so the owner holds
//! the same tokens a single process would.

use super::apply::{apply, text_of, Answer, Ask};
use super::Web;
use crate::games::{Caller, Membership, Place};
use crate::i18n::Lang;
use crate::store::bus::{self, Bus, Relayed};
use crate::store::{Db, Shards};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot, watch, Semaphore};

/// How long a forwarded move (an acceptance, a refusal) may take to be answered.
const MOVE_WAIT: Duration = Duration::from_secs(2);
/// How long a forwarded challenge or practice match may take: its answer waits for its
/// message to be posted in the chat.
const OPEN_WAIT: Duration = Duration::from_secs(8);
/// How long whether a shard's owner listens is taken as known.
const OWNERS_KNOWN: Duration = Duration::from_secs(1);
/// The longest the list of listeners is waited for: past it, unknown.
const OWNERS_READ: Duration = Duration::from_millis(500);
/// The answers an owner keeps, by request: one asked again gets the same answer.
const ANSWERS_KEPT: usize = 4096;
/// The most requests of other processes an owner applies at once; past it, `unavailable`.
const APPLIED_AT_ONCE: usize = 256;

/// Milliseconds since the epoch, by this process's clock.
fn epoch_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// How long the answer to `ask` may take.
fn wait_for(ask: &Ask) -> Duration {
    match ask {
        Ask::Challenge { .. } | Ask::Practice => OPEN_WAIT,
        Ask::Move { .. } | Ask::Accept { .. } | Ask::Decline { .. } => MOVE_WAIT,
    }
}

/// The owner is away, or did not answer in time.
fn unavailable(lang: Lang) -> Answer {
    Answer::refused("unavailable", text_of(lang, "owner-away"))
}

/// A page's place as it travels. Whether the bot is in a server is not part of it: only the
/// process of the server's shard hears that from the gateway, so the owner says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "p", rename_all = "snake_case")]
enum Spot {
    Guild { guild: u64 },
    BotDm { channel: u64 },
    Private { channel: u64, group: bool },
}

impl From<Place> for Spot {
    fn from(p: Place) -> Spot {
        match p {
            Place::Guild { guild, .. } => Spot::Guild { guild },
            Place::BotDm { channel } => Spot::BotDm { channel },
            Place::Private { channel, group } => Spot::Private { channel, group },
        }
    }
}

impl Spot {
    /// The place, the bot's membership of a server as `membership` (the owner's) knows it.
    fn place(self, membership: &Membership) -> Place {
        match self {
            Spot::Guild { guild } => Place::Guild {
                guild,
                member: membership.is_member(guild),
            },
            Spot::BotDm { channel } => Place::BotDm { channel },
            Spot::Private { channel, group } => Place::Private { channel, group },
        }
    }
}

/// Who asks, as the owner acts for them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Asker {
    place: Spot,
    channel: u64,
    user: u64,
    name: String,
    lang: String,
}

impl Asker {
    fn of(c: &Caller) -> Asker {
        Asker {
            place: c.place.into(),
            channel: c.channel_id,
            user: c.user_id,
            name: c.name.clone(),
            lang: c.lang.code().to_string(),
        }
    }

    fn caller(&self, membership: &Membership) -> Caller {
        let lang = Lang::from_locale(&self.lang);
        Caller {
            place: self.place.place(membership),
            channel_id: self.channel,
            user_id: self.user,
            name: self.name.clone(),
            lang,
            // As a page's own socket has it: the server's language is not known there.
            guild_lang: lang,
            message_id: None,
        }
    }
}

/// A request on the bus: its id, where its answer goes, until when (ms since the epoch) it
/// may be applied, who asks and what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Forwarded {
    rid: String,
    to: String,
    until: u64,
    from: Asker,
    ask: Ask,
}

/// An answer on the bus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Answered {
    rid: String,
    answer: Answer,
}

/// This process's end of the relay: it forwards its pages' requests and serves those of
/// the other processes' pages for its own servers.
pub(super) struct Relay {
    bus: Bus,
    db: Db,
    /// This process's channel of answers.
    answers: String,
    /// Random, drawn at the start: with `next`, the ids of this run's requests, never those
    /// of an earlier run an owner may still remember the answers of.
    run: u64,
    next: AtomicU64,
    /// The requests sent and not answered yet.
    waiting: Mutex<HashMap<String, oneshot::Sender<Answer>>>,
    /// The last answers given (`None`: being applied), by request.
    given: Mutex<Given>,
    /// The shards listened for when last looked at, and when; one caller looks again at a
    /// time, the others wait for its answer.
    owners: tokio::sync::Mutex<Option<(Instant, Vec<Shards>)>>,
    /// Bounds the requests of other processes applied at once.
    applying: Arc<Semaphore>,
    /// Set on a stop: requests are refused from then on.
    stopping: AtomicBool,
    /// The requests being applied.
    in_flight: watch::Sender<usize>,
}

/// A request being applied, counted until it is done (or its task failed).
struct InFlight(Arc<Relay>);

impl InFlight {
    fn new(relay: Arc<Relay>) -> InFlight {
        relay.in_flight.send_modify(|n| *n += 1);
        InFlight(relay)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.send_modify(|n| *n -= 1);
    }
}

#[derive(Default)]
struct Given {
    by_rid: HashMap<String, Option<Answer>>,
    order: VecDeque<String>,
}

impl Given {
    /// Whether `rid` is new (then it is noted as being applied).
    fn first(&mut self, rid: &str) -> Result<(), Option<Answer>> {
        if let Some(a) = self.by_rid.get(rid) {
            return Err(a.clone());
        }
        if self.order.len() >= ANSWERS_KEPT {
            if let Some(old) = self.order.pop_front() {
                self.by_rid.remove(&old);
            }
        }
        self.order.push_back(rid.to_string());
        self.by_rid.insert(rid.to_string(), None);
        Ok(())
    }

    fn answered(&mut self, rid: &str, answer: &Answer) {
        if let Some(a) = self.by_rid.get_mut(rid) {
            *a = Some(answer.clone());
        }
    }
}

impl Relay {
    /// The relay of a process that hears the bus, and what it hears for it; `None` without a
    /// bus (one process, or SQLite: every server is this process's).
    pub(super) fn new(db: &Db) -> Option<(Arc<Relay>, mpsc::Receiver<Relayed>)> {
        let bus = db.bus().clone();
        let answers = bus.answers()?;
        let heard = bus.relayed()?;
        let relay = Relay {
            bus,
            db: db.clone(),
            answers,
            run: rand::random(),
            next: AtomicU64::new(1),
            waiting: Mutex::default(),
            given: Mutex::default(),
            owners: tokio::sync::Mutex::default(),
            applying: Arc::new(Semaphore::new(APPLIED_AT_ONCE)),
            stopping: AtomicBool::new(false),
            in_flight: watch::channel(0).0,
        };
        Some((Arc::new(relay), heard))
    }

    /// Asks the owner of the caller's server to take `ask`, and waits for its answer; if it
    /// is away (none listens, or no answer in time), `unavailable`.
    pub(super) async fn forward(&self, caller: &Caller, ask: Ask) -> Answer {
        let guild = caller.guild_id().unwrap_or(0);
        if !self.owner_listens(guild).await {
            tracing::info!(guild, "web table: the server's owner is away");
            return unavailable(caller.lang);
        }
        let origin = self.bus.origin().unwrap_or_default();
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let rid = format!("{origin}:{:016x}:{n}", self.run);
        let wait = wait_for(&ask);
        let request = Forwarded {
            rid: rid.clone(),
            to: self.answers.clone(),
            until: epoch_ms() + u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
            from: Asker::of(caller),
            ask,
        };
        let Ok(payload) = bus::payload(&request) else {
            return Answer::refused("bad_message", String::new());
        };
        let (tell, told) = oneshot::channel();
        self.waiting
            .lock()
            .expect("relay lock")
            .insert(rid.clone(), tell);
        let total = self.db.shards().total;
        let channel = bus::ask_channel(total, Shards::of(guild, total));
        let answer = if self.bus.relay(channel, payload) {
            tokio::time::timeout(wait, told)
                .await
                .ok()
                .and_then(Result::ok)
        } else {
            None
        };
        self.waiting.lock().expect("relay lock").remove(&rid);
        answer.unwrap_or_else(|| {
            tracing::info!(
                guild,
                "web table: the server's owner did not answer in time"
            );
            unavailable(caller.lang)
        })
    }

    /// Whether a process listens for requests of `guild`'s shard ([`Db::listening_shards`]).
    /// Unknown (the list unread), it is taken to listen.
    async fn owner_listens(&self, guild: u64) -> bool {
        let total = self.db.shards().total;
        let mut owners = self.owners.lock().await;
        if let Some((at, listened)) = owners.as_ref() {
            if at.elapsed() < OWNERS_KNOWN {
                return listened.iter().any(|s| s.owns(guild));
            }
        }
        let read = self.db.listening_shards();
        let Ok(Ok(listened)) = tokio::time::timeout(OWNERS_READ, read).await else {
            // Unknown, and kept so for a while: every shard taken to listen (the asker then
            // waits for its answer), the pages behind this one not held up by the database.
            let every = Shards {
                first: 0,
                last: total.max(1) - 1,
                total,
            };
            *owners = Some((Instant::now(), vec![every]));
            return true;
        };
        let listens = listened.iter().any(|s| s.owns(guild));
        *owners = Some((Instant::now(), listened));
        listens
    }

    /// Serves what the bus hears for the relay until it stops: answers to this process's
    /// requests, and requests for its servers, each applied in a task of its own.
    pub(super) async fn run(self: Arc<Self>, web: Arc<Web>, mut heard: mpsc::Receiver<Relayed>) {
        while let Some(note) = heard.recv().await {
            match note {
                Relayed::Answer(p) => self.answered(&p),
                Relayed::Ask(p) => self.asked(&web, &p),
            }
        }
    }

    fn answered(&self, payload: &str) {
        let Ok(Answered { rid, answer }) = serde_json::from_str(payload) else {
            tracing::warn!("web table: an unreadable answer on the bus");
            return;
        };
        // None waiting: it came too late, and the page was told `unavailable` already.
        if let Some(tell) = self.waiting.lock().expect("relay lock").remove(&rid) {
            let _ = tell.send(answer);
        }
    }

    fn asked(self: &Arc<Self>, web: &Arc<Web>, payload: &str) {
        let Ok(request) = serde_json::from_str::<Forwarded>(payload) else {
            tracing::warn!("web table: an unreadable request on the bus");
            return;
        };
        if !request.to.starts_with(bus::ANSWERS) {
            tracing::warn!("web table: a request whose answer goes to no relay");
            return;
        }
        let caller = request.from.caller(web.games.membership());
        let guild = caller.guild_id().unwrap_or(0);
        // Counted before the stop is looked at: a drain begun after sees it.
        let flight = InFlight::new(self.clone());
        // Stopping, not (any more) this server's owner, past its deadline (the page was told
        // `unavailable`), or too many at once: nothing is applied.
        let late = epoch_ms().saturating_sub(request.until);
        if late > 0 {
            // Either a slow bus, or the processes' clocks apart by more than the waits.
            tracing::warn!(
                late_ms = late,
                "web table: a request came after its deadline"
            );
        }
        let taken =
            !self.stopping.load(Ordering::SeqCst) && self.db.shards().owns(guild) && late == 0;
        let permit = taken
            .then(|| self.applying.clone().try_acquire_owned().ok())
            .flatten();
        let Some(permit) = permit else {
            self.answer(&request, unavailable(caller.lang));
            return;
        };
        match self.given.lock().expect("relay lock").first(&request.rid) {
            Ok(()) => {}
            Err(Some(answer)) => return self.answer(&request, answer),
            // Being applied: its answer goes when it is.
            Err(None) => return,
        }
        let web = web.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let answer = apply(&web, &caller, request.ask.clone()).await;
            let relay = &flight.0;
            relay
                .given
                .lock()
                .expect("relay lock")
                .answered(&request.rid, &answer);
            relay.answer(&request, answer);
        });
    }

    fn answer(&self, request: &Forwarded, answer: Answer) {
        let answered = Answered {
            rid: request.rid.clone(),
            answer,
        };
        let sent = bus::payload(&answered)
            .map(|p| self.bus.relay(request.to.clone(), p))
            .unwrap_or(false);
        if !sent {
            tracing::warn!("web table: an answer could not be sent on the bus");
        }
    }

    /// A clean stop: no request is taken from now on, and those being applied are answered
    /// within `grace` (false if some were not).
    pub(crate) async fn drain(&self, grace: Duration) -> bool {
        self.stopping.store(true, Ordering::SeqCst);
        tracing::info!("the web table takes no more requests of the other processes");
        let mut in_flight = self.in_flight.subscribe();
        let drained = tokio::time::timeout(grace, in_flight.wait_for(|n| *n == 0))
            .await
            .is_ok_and(|r| r.is_ok());
        drained
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> Forwarded {
        Forwarded {
            rid: "9f3a1c2e:17".into(),
            to: "gin_answer_9f3a1c2e".into(),
            until: 1_790_000_000_000,
            from: Asker {
                place: Spot::Guild { guild: 600 },
                channel: 700,
                user: 1001,
                name: "Alice".into(),
                lang: "de".into(),
            },
            ask: Ask::Accept { challenge: 31 },
        }
    }

    /// A request goes out as short JSON and is read back as sent; the owner acts for the
    /// asker in their place, language and name, the bot in their server as the owner knows.
    #[test]
    fn a_request_travels_whole() {
        let p = bus::payload(&request()).unwrap();
        assert_eq!(
            p,
            r#"{"rid":"9f3a1c2e:17","to":"gin_answer_9f3a1c2e","until":1790000000000,"from":{"place":{"p":"guild","guild":600},"channel":700,"user":1001,"name":"Alice","lang":"de"},"ask":{"k":"accept","challenge":31}}"#
        );
        let back: Forwarded = serde_json::from_str(&p).unwrap();
        assert_eq!(back, request());
        let owner = Membership::default();
        let stranger = back.from.caller(&owner).place;
        assert_eq!(
            stranger,
            Place::Guild {
                guild: 600,
                member: false
            }
        );
        owner.joined(600);
        let caller = back.from.caller(&owner);
        assert_eq!(
            caller.place,
            Place::Guild {
                guild: 600,
                member: true
            },
            "the owner knows the bot is in the server"
        );
        assert_eq!((caller.channel_id, caller.user_id), (700, 1001));
        assert_eq!(caller.lang, Lang::De);
        for place in [
            Place::BotDm { channel: 5 },
            Place::Private {
                channel: 6,
                group: true,
            },
        ] {
            assert_eq!(Spot::from(place).place(&owner), place);
        }
    }

    /// A request asked again gets the answer given, and none while it is being applied.
    #[test]
    fn a_request_asked_again_gets_the_same_answer() {
        let mut given = Given::default();
        assert_eq!(given.first("a:1"), Ok(()));
        assert_eq!(given.first("a:1"), Err(None));
        given.answered("a:1", &Answer::Ack);
        assert_eq!(given.first("a:1"), Err(Some(Answer::Ack)));
        for n in 0..ANSWERS_KEPT {
            let _ = given.first(&format!("b:{n}"));
        }
        assert_eq!(given.first("a:1"), Ok(()), "forgotten past the bound");
    }

    /// An answer is short JSON, a refusal with its code and text.
    #[test]
    fn answers_are_short() {
        let refused = Answered {
            rid: "o:1".into(),
            answer: Answer::refused("stale", "moved on".into()),
        };
        let p = bus::payload(&refused).unwrap();
        assert_eq!(
            p,
            r#"{"rid":"o:1","answer":{"r":"refused","code":"stale","text":"moved on"}}"#
        );
        let ack = bus::payload(&Answered {
            rid: "o:1".into(),
            answer: Answer::Ack,
        })
        .unwrap();
        assert_eq!(ack, r#"{"rid":"o:1","answer":{"r":"ack"}}"#);
    }
}
