//! One person's socket: after a `hello` with a good session, the match they follow in the
//! channel as they may see it, again whenever it changes; their moves, each taken as a button
//! press is; and who else has the table open.

use super::apply::{apply, text_of, Answer, Ask};
use super::instances::Place;
use super::session::{Rejected, Session};
use super::state::{empty_frame, state_frame};
use super::wire::{Frame, Incoming, User};
use super::Web;
use crate::games::{Caller, Challenged, Reach};
use crate::i18n::Lang;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use std::sync::Arc;
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
    let guild = me.place.guild().unwrap_or(0);
    let _here = web
        .presence
        .join(me.channel, guild, me.user, &me.name)
        .await;
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
        let presence = f.web.presence.frame(f.me.channel).await;
        if f.send_some(presence).await {
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
                        // What it shows changed without a new version (a deadline moved):
                        // shown again.
                        if c.touched {
                            self.show_again().await
                        } else if self.playing(c.match_id) {
                            self.draw(c.match_id, None, self.challenge.clone(), true).await
                        } else {
                            self.show(None).await
                        }
                    }
                    Ok(_) => true,
                    Err(RecvError::Lagged(_)) => self.show(None).await,
                    Err(RecvError::Closed) => false,
                },
                // News of this page's match may have been missed: read again, and shown
                // even at the version shown (what was missed may have kept it).
                resync = resyncs.changed() => {
                    let guild = self.me.place.guild().unwrap_or(0);
                    resync.is_ok() && (!resyncs.concerns(guild) || self.show_again().await)
                }
                _ = tick.tick() => self.look().await,
                place = looked_up(&mut self.recheck), if self.recheck.is_some() => {
                    self.recheck = None;
                    self.rechecked(place).await
                }
                channel = news.recv() => match channel {
                    Ok(c) if c != self.me.channel => true,
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        let frame = self.web.presence.frame(self.me.channel).await;
                        // A challenge opened or answered here may be the viewer's to answer.
                        let tokens = self.me.place.reach() == Reach::Tokens;
                        self.send_some(frame).await && (!tokens || self.show(None).await)
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
                let present = match opponent.parse::<u64>() {
                    Ok(id) => self
                        .web
                        .presence
                        .name_of(self.me.channel, id)
                        .await
                        .map(|n| (id, n)),
                    Err(_) => None,
                };
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
                // The owner's note of what it committed may come late, or never (it died):
                // the match is shown as the database has it now.
                if let Some((id, _)) = self.followed.filter(|_| shows) {
                    self.web.games.following().reread(id);
                }
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
        let (channel, user) = (self.me.channel, self.me.user);
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
        self.draw(id, note, challenged, read).await
    }

    /// Whether the viewer plays `match_id`, the match followed, still being played and shown
    /// up to date, no challenge shown: its news needs no look for another match or a
    /// challenge (a player in a match is challenged by nobody), only the match read.
    fn playing(&self, match_id: i64) -> bool {
        self.followed == Some((match_id, true))
            && self.active
            && !self.behind
            && self.challenge.is_none()
    }

    /// Sends match `id` as the viewer sees it, unless shown at this version already (and
    /// nothing else changed); `read` says whether `challenged` is the stored word.
    async fn draw(
        &mut self,
        id: i64,
        note: Option<(&str, String)>,
        challenged: Option<Challenged>,
        read: bool,
    ) -> bool {
        let (channel, user, lang) = (self.me.channel, self.me.user, self.me.lang);
        let news = challenged != self.challenge;
        let following = self.web.games.following();
        self.behind = true;
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

    /// [`Follower::show`], sent even if the version is the one shown.
    async fn show_again(&mut self) -> bool {
        self.shown = None;
        self.show(None).await
    }

    async fn send(&mut self, frame: String) -> bool {
        let sent = tokio::time::timeout(SEND_WAIT, self.socket.send(Message::Text(frame.into())));
        matches!(sent.await, Ok(Ok(())))
    }

    /// Sends `frame` if there is one; false when the socket is gone.
    async fn send_some(&mut self, frame: Option<String>) -> bool {
        match frame {
            Some(frame) => self.send(frame).await,
            None => true,
        }
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

/// The place a recheck found (unknown if its task failed); never, without one.
async fn looked_up(recheck: &mut Option<tokio::task::JoinHandle<Place>>) -> Place {
    match recheck {
        Some(task) => task.await.unwrap_or(Place::Unknown),
        None => std::future::pending().await,
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
