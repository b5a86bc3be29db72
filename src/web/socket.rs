//! One person's socket: after a `hello` with a good session, the match they follow in the
//! channel as they may see it, again whenever it changes; their moves, each taken as a button
//! press is; and who else has the table open.

use super::instances::Place;
use super::relay::{Answer, Ask};
use super::session::{Rejected, Session};
use super::state::{empty_frame, note_of, state_frame};
use super::wire::{Frame, Incoming, User, WirePlay};
use super::Web;
use crate::games::{
    Caller, ChallengeRequest, Challenged, GameChoice, Move, Reach, Refusal, Reply, ReplyRole,
    UserRef, PRACTICE_LEVEL,
};
use crate::i18n::Lang;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use std::collections::HashMap;

/// Each open socket: its id, the user, their name.
type Open = Vec<(u64, u64, String)>;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast::error::RecvError;

/// How long a new socket may take to say hello.
const HELLO_WAIT: Duration = Duration::from_secs(10);
/// The largest frame a page sends (a move is about 150 bytes).
const FRAME_LIMIT: usize = 4 * 1024;
/// How often a socket looks at its clock: the session's end, a page gone quiet, a state
/// that could not be read, whether its player is due to be checked in the Activity (at
/// least this often: `activity.instance_recheck_secs`).
const TICK: Duration = Duration::from_secs(5);
/// A page pings every 25 s: one silent this long is gone (a half-open connection).
const SILENT: Duration = Duration::from_secs(90);
/// The longest a frame may take to go out before the page is taken for gone.
const SEND_WAIT: Duration = Duration::from_secs(10);
/// Sockets one user may have open at once (a few tabs and devices).
const SOCKETS_PER_USER: usize = 8;

/// `GET /api/ws`: from the page as Discord serves it only.
pub(super) async fn upgrade(
    State(web): State<Arc<Web>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !web.origin_allowed(&headers) {
        return super::error(StatusCode::FORBIDDEN, "origin");
    }
    ws.max_message_size(FRAME_LIMIT)
        .max_frame_size(FRAME_LIMIT)
        .on_upgrade(move |socket| follow(web, socket))
}

/// Who is behind a socket, where.
struct Viewer {
    /// The Activity instance the page runs in.
    instance: String,
    user: u64,
    name: String,
    channel: u64,
    /// Where the instance runs.
    place: crate::games::Place,
    lang: Lang,
    expires: i64,
}

impl Viewer {
    fn caller(&self) -> Caller {
        Caller {
            place: self.place,
            channel_id: self.channel,
            user_id: self.user,
            name: self.name.clone(),
            lang: self.lang,
            // The server's language where it set none: the page's, as Discord would not say.
            guild_lang: self.lang,
            message_id: None,
        }
    }
}

/// One socket after its hello: what it follows and last showed.
struct Follower {
    web: Arc<Web>,
    me: Viewer,
    socket: WebSocket,
    /// The match followed, and whether the viewer plays in it.
    followed: Option<(i64, bool)>,
    /// What was last shown: the match and its version (`Some(None)`: nothing to show).
    shown: Option<Option<(i64, i64)>>,
    /// Whether the match shown is still being played.
    active: bool,
    /// The challenge to the viewer last shown (where the chat has none to accept).
    challenge: Option<Challenged>,
    /// The last state could not be read: the next tick tries again.
    behind: bool,
    /// When the page last sent a frame, and the player's place was last checked.
    heard: Instant,
    checked: Instant,
    /// The player's place being looked up, off the socket's loop.
    recheck: Option<tokio::task::JoinHandle<Place>>,
}

async fn follow(web: Arc<Web>, mut socket: WebSocket) {
    let Some(me) = hello(&web, &mut socket).await else {
        let _ = socket.send(Message::Close(None)).await;
        return;
    };
    let Some(_open) = web.presence.open_socket(me.user) else {
        let _ = fail(&mut socket, "too_many", "").await;
        return;
    };
    let mut changes = web.games.following().changes();
    let mut resyncs = web.games.following().resyncs();
    let mut news = web.presence.news.subscribe();
    let _here = web.presence.join(me.channel, me.user, &me.name);
    let mut f = Follower {
        web: web.clone(),
        me,
        socket,
        followed: None,
        shown: None,
        active: false,
        challenge: None,
        behind: false,
        heard: Instant::now(),
        checked: Instant::now(),
        recheck: None,
    };
    let welcome = Frame::Welcome {
        user: User {
            id: f.me.user.to_string(),
            name: f.me.name.clone(),
        },
        channel_id: f.me.channel.to_string(),
    };
    if f.send(welcome.text()).await && f.show(None).await {
        let presence = f.web.presence.frame(f.me.channel);
        if f.send(presence).await {
            f.run(&mut changes, &mut resyncs, &mut news).await;
        }
    }
}

/// The first frame: a hello with a good session from a player in the Activity instance, or
/// the socket is told why not.
async fn hello(web: &Web, socket: &mut WebSocket) -> Option<Viewer> {
    let first = tokio::time::timeout(HELLO_WAIT, socket.recv()).await;
    let text = match first {
        Ok(Some(Ok(Message::Text(text)))) => text,
        Ok(Some(Err(e))) => {
            closing(socket, e).await;
            return None;
        }
        _ => return None,
    };
    let Ok(Incoming::Hello {
        session,
        instance_id,
        lang,
    }) = serde_json::from_str(text.as_str())
    else {
        let _ = fail(socket, "bad_hello", "hello first").await;
        return None;
    };
    let lang = Lang::from_locale(lang.as_deref().unwrap_or("en"));
    let session = match Session::check(&session, &web.key, web.now()) {
        Ok(s) => s,
        Err(why) => {
            let why = match why {
                Rejected::Expired => "expired",
                Rejected::Forged | Rejected::Malformed => "invalid",
            };
            tracing::info!(why, "web table: a session was refused");
            let _ = fail(socket, "unauthorized", &text_of(lang, "unauthorized")).await;
            return None;
        }
    };
    if !web.limiter.spend(session.user_id, Instant::now()) {
        let _ = fail(socket, "rate_limited", &text_of(lang, "rate-limited")).await;
        return None;
    }
    let instance = match web.place(&instance_id, session.user_id).await {
        Place::In(i) => i,
        Place::Out => {
            let _ = fail(socket, "not_in_activity", &text_of(lang, "not-in-activity")).await;
            return None;
        }
        Place::Unknown => {
            let _ = fail(socket, "unavailable", &text_of(lang, "unavailable")).await;
            return None;
        }
    };
    Some(Viewer {
        instance: instance_id,
        user: session.user_id,
        name: session.name,
        channel: instance.channel_id,
        place: instance.place(web.games.membership()),
        lang,
        expires: session.expires,
    })
}

impl Follower {
    async fn run(
        &mut self,
        changes: &mut tokio::sync::broadcast::Receiver<crate::games::Change>,
        resyncs: &mut crate::games::Resyncs,
        news: &mut tokio::sync::broadcast::Receiver<u64>,
    ) {
        let mut tick = tokio::time::interval(TICK.min(self.web.instances.recheck()));
        loop {
            let go_on = tokio::select! {
                incoming = self.socket.recv() => {
                    self.heard = Instant::now();
                    match incoming {
                        Some(Ok(Message::Text(t))) => self.take(t.as_str()).await,
                        Some(Ok(Message::Binary(_))) => self.refuse(0, "bad_message", "").await,
                        Some(Err(e)) => {
                            closing(&mut self.socket, e).await;
                            false
                        }
                        Some(Ok(Message::Close(_))) | None => false,
                        Some(Ok(_)) => true,
                    }
                }
                change = changes.recv() => match change {
                    // The match shown, or (none being played) a new one here.
                    Ok(c) if c.channel_id == self.me.channel
                        && (self.followed.map(|f| f.0) == Some(c.match_id) || !self.active) =>
                    {
                        self.show(None).await
                    }
                    Ok(_) => true,
                    Err(RecvError::Lagged(_)) => self.show(None).await,
                    Err(RecvError::Closed) => false,
                },
                // News of this page's match may have been missed: read again.
                resync = resyncs.changed() => {
                    let guild = self.me.place.guild().unwrap_or(0);
                    resync.is_ok() && (!resyncs.concerns(guild) || self.show(None).await)
                }
                _ = tick.tick() => self.look().await,
                place = looked_up(&mut self.recheck), if self.recheck.is_some() => {
                    self.recheck = None;
                    self.rechecked(place).await
                }
                channel = news.recv() => match channel {
                    Ok(c) if c != self.me.channel => true,
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        let frame = self.web.presence.frame(self.me.channel);
                        // A challenge opened or answered here may be the viewer's to answer.
                        let tokens = self.me.place.reach() == Reach::Tokens;
                        self.send(frame).await && (!tokens || self.show(None).await)
                    }
                    Err(RecvError::Closed) => false,
                },
            };
            if !go_on {
                return;
            }
        }
    }

    /// The clock's checks; false when the socket is to close.
    async fn look(&mut self) -> bool {
        if self.web.now() >= self.me.expires {
            let text = text_of(self.me.lang, "unauthorized");
            let _ = fail(&mut self.socket, "unauthorized", &text).await;
            return false;
        }
        if self.heard.elapsed() > SILENT {
            return false;
        }
        if self.checked.elapsed() >= self.web.instances.recheck() && self.recheck.is_none() {
            self.checked = Instant::now();
            let (web, id, user) = (self.web.clone(), self.me.instance.clone(), self.me.user);
            self.recheck = Some(tokio::spawn(
                async move { web.recheck_place(&id, user).await },
            ));
        }
        if self.behind {
            return self.show(None).await;
        }
        true
    }

    /// The player's place checked again: only Discord's definite word that they left (or
    /// that the instance is elsewhere) closes the socket; unknown, the last answer stands.
    async fn rechecked(&mut self, place: Place) -> bool {
        match place {
            Place::In(i) if i.channel_id == self.me.channel => true,
            Place::Unknown => true,
            Place::In(_) | Place::Out => {
                let text = text_of(self.me.lang, "not-in-activity");
                let _ = fail(&mut self.socket, "not_in_activity", &text).await;
                false
            }
        }
    }

    /// Takes one frame of the page; false when the socket is to close.
    async fn take(&mut self, text: &str) -> bool {
        let incoming = match serde_json::from_str(text) {
            Ok(Incoming::Ping) => return self.send(Frame::Pong.text()).await,
            Ok(Incoming::Hello { .. }) | Err(_) => {
                return self.refuse(0, "bad_message", "").await;
            }
            Ok(other) => other,
        };
        let seq = match &incoming {
            Incoming::Move { seq, .. }
            | Incoming::Challenge { seq, .. }
            | Incoming::Practice { seq }
            | Incoming::Accept { seq, .. }
            | Incoming::Decline { seq, .. } => *seq,
            Incoming::Hello { .. } | Incoming::Ping => 0,
        };
        if self.web.now() >= self.me.expires {
            let text = text_of(self.me.lang, "unauthorized");
            let _ = fail(&mut self.socket, "unauthorized", &text).await;
            return false;
        }
        if !self.web.limiter.spend(self.me.user, Instant::now()) {
            let text = text_of(self.me.lang, "rate-limited");
            return self.refuse(seq, "rate_limited", &text).await;
        }
        let ask = match incoming {
            Incoming::Move {
                seq,
                match_id,
                version,
                play,
            } => {
                if Some(match_id) != self.followed.map(|f| f.0) {
                    // A move for a match this socket does not show: a page from before, or
                    // forged.
                    let text = text_of(self.me.lang, "stale");
                    return self.refuse(seq, "stale", &text).await && self.show(None).await;
                }
                Ask::Move {
                    match_id,
                    version,
                    play,
                }
            }
            Incoming::Challenge { seq, opponent } => {
                let present = opponent.parse::<u64>().ok().and_then(|id| {
                    self.web
                        .presence
                        .name_of(self.me.channel, id)
                        .map(|n| (id, n))
                });
                let Some((opponent, name)) = present else {
                    let text = text_of(self.me.lang, "not-present");
                    return self.refuse(seq, "not_present", &text).await;
                };
                Ask::Challenge { opponent, name }
            }
            Incoming::Practice { .. } => Ask::Practice,
            Incoming::Accept { challenge, .. } => Ask::Accept { challenge },
            Incoming::Decline { challenge, .. } => Ask::Decline { challenge },
            Incoming::Hello { .. } | Incoming::Ping => return true,
        };
        self.ask(seq, ask).await
    }

    /// Has `ask` applied, here or (for a server another process owns) by its owner, and
    /// tells the page. The state follows an ack (with the news of the change), and a refusal
    /// of what the page showed (a move, an answer to a challenge), or of an owner away: the
    /// page may be behind.
    async fn ask(&mut self, seq: u64, ask: Ask) -> bool {
        let caller = self.me.caller();
        let shows = matches!(
            ask,
            Ask::Move { .. } | Ask::Accept { .. } | Ask::Decline { .. }
        );
        let guild = caller.guild_id().unwrap_or(0);
        let answer = match &self.web.relay {
            Some(relay) if !self.web.games.db.shards().owns(guild) => {
                let news = match ask {
                    Ask::Accept { .. } | Ask::Decline { .. } => true,
                    Ask::Challenge { .. } => caller.place.reach() == Reach::Tokens,
                    Ask::Move { .. } | Ask::Practice => false,
                };
                let answer = relay.forward(&caller, ask).await;
                if news && answer == Answer::Ack {
                    // The tables open here look for a challenge to their viewer.
                    let _ = self.web.presence.news.send(self.me.channel);
                }
                answer
            }
            _ => apply(&self.web, &caller, ask).await,
        };
        match answer {
            Answer::Ack => self.send(Frame::Ack { seq }.text()).await && self.show(None).await,
            Answer::Refused { code, text } => {
                let again = shows || code == "unavailable";
                self.refuse(seq, &code, &text).await && (!again || self.show(None).await)
            }
        }
    }

    /// The challenge waiting for the viewer's answer, where the chat has no message to
    /// accept it on; and whether it was read. Unread (the store away for a moment), the one
    /// last shown stands: a frame without it would take its Accept away. Where the bot posts
    /// challenges in chat none is offered: the challenge's own place says so, whatever this
    /// page took its place to be.
    async fn challenged(&mut self) -> (Option<Challenged>, bool) {
        let following = self.web.games.following();
        match following.challenged(self.me.channel, self.me.user).await {
            Ok(challenged) => (challenged, true),
            Err(_) => (self.challenge.clone(), false),
        }
    }

    /// Sends the state of the match followed, if it changed since it was last shown (or with
    /// `note`, always), with the challenge waiting for the viewer. False when the socket is
    /// gone.
    async fn show(&mut self, note: Option<(&str, String)>) -> bool {
        let (channel, user, lang) = (self.me.channel, self.me.user, self.me.lang);
        let (challenged, read) = self.challenged().await;
        let news = challenged != self.challenge;
        let following = self.web.games.following();
        // The store is away for a moment: the next tick tries again.
        self.behind = true;
        let Ok(id) = following.followed_match(channel, user, self.followed).await else {
            return true;
        };
        let Some(id) = id else {
            self.behind = !read;
            self.followed = None;
            self.active = false;
            if self.shown == Some(None) && !news {
                return true;
            }
            self.shown = Some(None);
            self.challenge = challenged;
            return self.send(empty_frame(self.challenge.as_ref())).await;
        };
        // A finished match, shown already, changes no more; it left memory when it ended, and
        // reading it again for every change in the channel would load it from the store.
        let finished_shown = !self.active && self.shown.flatten().is_some_and(|(s, _)| s == id);
        if finished_shown && note.is_none() && !news {
            self.behind = !read;
            return true;
        }
        let owned = following
            .db
            .shards()
            .owns(self.me.place.guild().unwrap_or(0));
        let Ok(sight) = following.sight(id, channel, user, lang, owned).await else {
            return true;
        };
        // The challenge unread: the next tick reads it again.
        self.behind = !read;
        self.followed = Some((id, sight.seat.is_some()));
        self.active = sight.active;
        let now = Some(Some((id, sight.table.seats.version)));
        if self.shown == now && note.is_none() && !news {
            return true;
        }
        self.shown = now;
        self.challenge = challenged;
        self.send(state_frame(&sight, note, self.challenge.as_ref()))
            .await
    }

    async fn send(&mut self, frame: String) -> bool {
        let sent = tokio::time::timeout(SEND_WAIT, self.socket.send(Message::Text(frame.into())));
        matches!(sent.await, Ok(Ok(())))
    }

    async fn refuse(&mut self, seq: u64, code: &str, text: &str) -> bool {
        let frame = Frame::Refused {
            seq,
            code: code.to_string(),
            text: text.to_string(),
        };
        self.send(frame.text()).await
    }
}

/// Applies `ask` for `caller`, this process owning their server: the same for a page's own
/// request and for one another process forwarded (see [`super::relay`]). What it stored is
/// delivered in the background; the answer comes after the commit.
pub(super) async fn apply(web: &Web, caller: &Caller, ask: Ask) -> Answer {
    match ask {
        Ask::Move {
            match_id,
            version,
            play,
        } => play_move(web, caller, match_id, version, play).await,
        Ask::Challenge { opponent, name } => challenge(web, caller, opponent, name).await,
        Ask::Practice => practice(web, caller).await,
        Ask::Accept { challenge } => accept(web, caller, challenge).await,
        Ask::Decline { challenge } => decline(web, caller, challenge).await,
    }
}

async fn play_move(
    web: &Web,
    caller: &Caller,
    match_id: i64,
    version: i64,
    play: WirePlay,
) -> Answer {
    let outcome = web
        .games
        .matches()
        .act_elsewhere(caller, match_id, version, Move::Play(play.into()))
        .await;
    // Stored already: the table message follows whatever becomes of the page.
    tokio::spawn(web.out.deliver(outcome.deliveries));
    let lang = caller.lang;
    match outcome.reply {
        Reply::Hand { scene, .. } => match &scene.note {
            None => {
                tracing::info!(match_id, user = caller.user_id, "web table: move taken");
                Answer::Ack
            }
            Some(note) => {
                let (code, text) = note_of(lang, note);
                Answer::refused(code, text)
            }
        },
        Reply::Refused(why) => refused(lang, why),
        _ => Answer::refused("internal", String::new()),
    }
}

fn refused(lang: Lang, why: Refusal) -> Answer {
    let text = crate::ui::answer::refusal_text(lang, why);
    Answer::refused(refusal_code(why), text)
}

/// A challenge to someone with the table open in the channel: posted there, where they
/// accept it as any challenge. Where the bot reaches the chat only through interactions,
/// there is none to post it with: their card table offers Accept instead.
async fn challenge(web: &Web, caller: &Caller, id: u64, name: String) -> Answer {
    let Some(bot) = web.bot_user().await else {
        return Answer::refused("internal", String::new());
    };
    let ask = ChallengeRequest {
        named: vec![UserRef {
            id,
            name,
            bot: false,
        }],
        partner: None,
        game: GameChoice::Gin(Default::default()),
        target: None,
    };
    let outcome = web
        .games
        .challenges()
        .challenge(caller, ask, (bot.id, bot.name))
        .await;
    opened(web, caller, outcome).await
}

/// A practice match against the bot: its table is posted in the channel, or, where the bot
/// reaches the chat only through interactions, played on the card table alone until a chat
/// interaction on it shows it there.
async fn practice(web: &Web, caller: &Caller) -> Answer {
    let Some(bot) = web.bot_user().await else {
        return Answer::refused("internal", String::new());
    };
    let outcome = web
        .games
        .practice()
        .start(
            caller,
            PRACTICE_LEVEL,
            GameChoice::Gin(Default::default()),
            2,
            None,
            (bot.id, bot.name),
        )
        .await;
    opened(web, caller, outcome).await
}

/// A challenge or a practice match as asked: its public message posted, or the refusal.
async fn opened(web: &Web, caller: &Caller, outcome: crate::games::Outcome) -> Answer {
    let lang = caller.lang;
    if let Reply::Refused(why) = outcome.reply {
        return refused(lang, why);
    }
    let opens = outcome.reply_is;
    if caller.place.reach() == Reach::Tokens {
        // No interaction to show it through, and the bot may not post: it starts on the card
        // table alone; what it requires is delivered as far as it reaches. The tables open
        // here look for a challenge to their viewer.
        tokio::spawn(web.out.deliver(outcome.deliveries));
        if matches!(opens, Some(ReplyRole::Challenge(_))) {
            let _ = web.presence.news.send(caller.channel_id);
        }
        return Answer::Ack;
    }
    if !web.out.post(caller.channel_id, outcome, lang).await {
        // Nobody in chat can see it: taken back, so that the player is free again.
        if let Some(role) = opens {
            let taken_back = web.games.challenges().unposted(role).await;
            tokio::spawn(web.out.deliver(taken_back));
        }
        return Answer::refused("cannot_post", text_of(lang, "cannot-post"));
    }
    Answer::Ack
}

/// The caller accepts challenge `id`, as its Accept button in chat would: the match it
/// starts shows on the tables as any, and what it requires is delivered as far as it
/// reaches.
async fn accept(web: &Web, caller: &Caller, id: i64) -> Answer {
    let outcome = web.games.challenges().accept_on_table(caller, id).await;
    let refusal = match outcome.reply {
        Reply::Refused(why) => Some(why),
        Reply::ChallengeExpired { .. } => Some(Refusal::ChallengeClosed),
        _ => None,
    };
    if let Some(why) = refusal {
        return refused(caller.lang, why);
    }
    tracing::info!(
        challenge = id,
        user = caller.user_id,
        "web table: challenge accepted"
    );
    tokio::spawn(web.out.deliver(outcome.deliveries));
    let _ = web.presence.news.send(caller.channel_id);
    Answer::Ack
}

/// The caller declines challenge `id`, as its Decline button in chat would.
async fn decline(web: &Web, caller: &Caller, id: i64) -> Answer {
    let outcome = web.games.challenges().decline_on_table(caller, id).await;
    if let Reply::Refused(why) = outcome.reply {
        return refused(caller.lang, why);
    }
    tracing::info!(
        challenge = id,
        user = caller.user_id,
        "web table: challenge declined"
    );
    let _ = web.presence.news.send(caller.channel_id);
    Answer::Ack
}

/// The place a recheck found (unknown if its task failed); never, without one.
async fn looked_up(recheck: &mut Option<tokio::task::JoinHandle<Place>>) -> Place {
    match recheck {
        Some(task) => task.await.unwrap_or(Place::Unknown),
        None => std::future::pending().await,
    }
}

fn refusal_code(why: Refusal) -> &'static str {
    match why {
        Refusal::NotAPlayer => "not_a_player",
        Refusal::MatchOver => "match_over",
        Refusal::Stale | Refusal::UnknownMatch => "stale",
        Refusal::Internal => "internal",
        _ => "illegal",
    }
}

/// A frame that could not be read ends the socket, with the close code that says why: 1009
/// for one past the frame limit, 1002 for one that breaks the protocol.
async fn closing(socket: &mut WebSocket, e: axum::Error) {
    use tungstenite::error::Error as Ws;
    let code = match e.into_inner().downcast_ref::<Ws>() {
        Some(Ws::Capacity(_)) => close_code::SIZE,
        Some(Ws::Protocol(_)) => close_code::PROTOCOL,
        Some(Ws::Utf8(_)) => close_code::INVALID,
        _ => return,
    };
    let frame = CloseFrame {
        code,
        reason: "".into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

/// An error that ends the socket.
async fn fail(socket: &mut WebSocket, code: &str, text: &str) -> bool {
    let frame = Frame::Error {
        code: code.to_string(),
        text: text.to_string(),
    };
    socket
        .send(Message::Text(frame.text().into()))
        .await
        .is_ok()
}

/// The socket's own remarks, from the catalogue.
pub(super) fn text_of(lang: Lang, what: &str) -> String {
    crate::i18n::t(lang, &format!("web-{what}"), &[])
}

/// Who has the table open, per channel.
pub(super) struct Presence {
    open: Mutex<HashMap<u64, Open>>,
    /// The channel whose list changed.
    pub news: tokio::sync::broadcast::Sender<u64>,
    next: AtomicU64,
    /// Open sockets per user.
    per_user: Mutex<HashMap<u64, usize>>,
}

impl Default for Presence {
    fn default() -> Presence {
        Presence {
            open: Mutex::default(),
            news: tokio::sync::broadcast::channel(256).0,
            next: AtomicU64::new(1),
            per_user: Mutex::default(),
        }
    }
}

/// One open socket's place in the list: it leaves when dropped, however its task ends.
pub(super) struct Here<'a> {
    presence: &'a Presence,
    channel: u64,
    socket: u64,
}

impl Drop for Here<'_> {
    fn drop(&mut self) {
        self.presence.leave(self.channel, self.socket);
    }
}

/// One of a user's open sockets, counted while it lives.
pub(super) struct OpenSocket<'a> {
    presence: &'a Presence,
    user: u64,
}

impl Drop for OpenSocket<'_> {
    fn drop(&mut self) {
        let mut per_user = self.presence.per_user.lock().expect("presence lock");
        if let Some(n) = per_user.get_mut(&self.user) {
            *n -= 1;
            if *n == 0 {
                per_user.remove(&self.user);
            }
        }
    }
}

impl Presence {
    /// Counts a socket of `user`; `None` if they have too many open.
    fn open_socket(&self, user: u64) -> Option<OpenSocket<'_>> {
        let mut per_user = self.per_user.lock().expect("presence lock");
        let n = per_user.entry(user).or_default();
        if *n >= SOCKETS_PER_USER {
            return None;
        }
        *n += 1;
        Some(OpenSocket {
            presence: self,
            user,
        })
    }

    fn join(&self, channel: u64, user: u64, name: &str) -> Here<'_> {
        let socket = self.next.fetch_add(1, Ordering::Relaxed);
        self.open
            .lock()
            .expect("presence lock")
            .entry(channel)
            .or_default()
            .push((socket, user, name.to_string()));
        let _ = self.news.send(channel);
        Here {
            presence: self,
            channel,
            socket,
        }
    }

    fn leave(&self, channel: u64, socket: u64) {
        let mut open = self.open.lock().expect("presence lock");
        if let Some(list) = open.get_mut(&channel) {
            list.retain(|(s, _, _)| *s != socket);
            if list.is_empty() {
                open.remove(&channel);
            }
        }
        drop(open);
        let _ = self.news.send(channel);
    }

    /// The name of `user` if they have the table open in `channel`.
    fn name_of(&self, channel: u64, user: u64) -> Option<String> {
        let open = self.open.lock().expect("presence lock");
        let list = open.get(&channel)?;
        list.iter()
            .find(|(_, u, _)| *u == user)
            .map(|(_, _, n)| n.clone())
    }

    /// The presence frame of `channel`: each person once.
    fn frame(&self, channel: u64) -> String {
        let open = self.open.lock().expect("presence lock");
        let mut users: Vec<(u64, String)> = Vec::new();
        for (_, user, name) in open.get(&channel).into_iter().flatten() {
            if !users.iter().any(|(u, _)| u == user) {
                users.push((*user, name.clone()));
            }
        }
        let users: Vec<_> = users
            .into_iter()
            .map(|(id, name)| User {
                id: id.to_string(),
                name,
            })
            .collect();
        Frame::Presence { users }.text()
    }
}
