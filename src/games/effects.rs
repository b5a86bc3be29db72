//! What accepted actions require to be shown (the outbox), in domain terms, and what each of
//! those comes to at the moment it is delivered. Every effect shows the match as it is *then*:
//! a table edit that arrives after a newer one has nothing left to do, and a delivery repeated
//! after a restart shows the same thing again (posts carry a nonce Discord deduplicates).

use super::hold::AT_ONCE_HELD;
use super::scenes::{HandMode, HandScene, MatchEndScene, ShowdownScene, TableScene};
pub use super::tokens::Token;
use super::tokens::{Followup, PostTo, Via};
use super::{Deliveries, Failure, Games, Reach};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::store::{OutboxKey, OutboxRow, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::Notify;

/// Something that must be shown because of an accepted action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub enum Effect {
    /// The table shows the match as it is now; a new deal gets a new table message.
    Table,
    /// The showdown of deal `deal` is posted.
    Showdown { deal: u32 },
    /// The match's settlement is posted.
    MatchEnd,
    /// The seat forfeited by idling: said in public.
    Forfeit { seat: Seat },
    /// The seat is reminded, with a mention, that it is their turn.
    Reminder { seat: Seat },
    /// The seat's open hand message shows the match as it is now: through the newest handle
    /// in memory, or the one it had when the action was stored (after a restart).
    Hand {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        handle: Option<HandHandle>,
    },
    /// The AI moves, if it is still its turn at this delivery's version.
    AiTurn,
}

/// How an open hand message is reached again: the token its last answer was given through
/// (usable for 15 minutes), and the language it is shown in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandHandle {
    pub token: Token,
    pub locale: String,
    /// When it was issued (seconds).
    pub at: i64,
}

/// Outbox parts: one row per action for its messages, one for the AI's turn (due later), one
/// for an idle player's reminder.
pub const PART_MESSAGES: u8 = 0;
pub const PART_AI: u8 = 1;
pub const PART_REMINDER: u8 = 2;
/// A table shown again on an interaction's demand ([`Delivery::table_again`]): never stored,
/// so that marking it done deletes nothing.
pub const PART_AGAIN: u8 = 3;

/// One stored outbox row: effects to carry out, in order, not before `due_ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    pub key: OutboxKey,
    pub due_ms: i64,
    pub effects: Vec<Effect>,
}

impl Delivery {
    /// A new match's first table, stored with the match (its id filled in once it has one):
    /// whatever becomes of the answer that shows it, the table is posted.
    pub(crate) fn first_table(due_ms: i64) -> Delivery {
        Delivery {
            key: OutboxKey {
                match_id: 0,
                version: 0,
                part: PART_MESSAGES,
            },
            due_ms,
            effects: vec![Effect::Table],
        }
    }

    /// The table of match `match_id` shown again as it is now, on the demand of an
    /// interaction that acted on it: where the chat is reached through tokens and has no
    /// table that can still be edited, a new one goes out as that interaction's follow-up.
    /// Not stored: what it shows is the match as it stands when it is delivered.
    pub fn table_again(match_id: i64) -> Delivery {
        Delivery {
            key: OutboxKey {
                match_id,
                version: 0,
                part: PART_AGAIN,
            },
            due_ms: 0,
            effects: vec![Effect::Table],
        }
    }

    pub fn row(&self) -> OutboxRow {
        OutboxRow {
            key: self.key,
            due_ms: self.due_ms,
            effects_json: serde_json::to_string(&self.effects).expect("effects serialize"),
        }
    }

    pub fn from_row(row: OutboxRow) -> Result<Delivery, StoreError> {
        let effects = serde_json::from_str(&row.effects_json).map_err(|e| {
            StoreError::Corrupt(format!("outbox of match {}: {e}", row.key.match_id))
        })?;
        Ok(Delivery {
            key: row.key,
            due_ms: row.due_ms,
            effects,
        })
    }
}

/// A public post an effect comes to.
#[derive(Clone, Debug)]
pub enum Post {
    Showdown(Box<ShowdownScene>),
    MatchEnd(Box<MatchEndScene>),
    Forfeit {
        lang: Lang,
        user: u64,
    },
    /// `at`: the forfeit's moment when it is not `hours` after the reminder (a tournament
    /// round's deadline).
    Reminder {
        lang: Lang,
        user: u64,
        hours: u64,
        at: Option<i64>,
    },
}

/// What an effect comes to now.
#[derive(Clone, Debug)]
pub enum Show {
    /// Nothing (any more): the match moved on, or there is no open hand message to refresh.
    Nothing,
    EditTable {
        via: Via,
        scene: Box<TableScene>,
    },
    /// A new table message (for a new deal, for the first one, or to show the match again in
    /// a chat reached through tokens once those that could edit its table expired): the
    /// previous one, if it can be reached, is retired first; then [`Games::table_posted`]
    /// records the new one.
    NewTable {
        to: PostTo,
        retire: Option<Via>,
        deal: u32,
        scene: Box<TableScene>,
    },
    Post {
        to: PostTo,
        post: Post,
    },
    /// A seat's private hand message, through the token it was last answered with.
    EditHand {
        token: Token,
        scene: Box<HandScene>,
    },
}

impl Games {
    /// What `effect` of `delivery` comes to now. The AI's turn is not shown: see
    /// [`Games::ai_turn`].
    pub async fn resolve(&self, delivery: &Delivery, effect: Effect) -> Result<Show, StoreError> {
        let key = delivery.key;
        let live = match self.hold(key.match_id).await {
            Ok(held) => held,
            Err(Failure::User(_)) => return Ok(Show::Nothing),
            Err(Failure::Store(e)) => return Err(e),
        };
        let channel = live.channel_id;
        let reach = live.place.reach();
        // A new message: in the channel, or a follow-up of the freshest interaction on the
        // match while it has one left.
        let post_to = || match reach {
            Reach::Channel => Some(PostTo::Channel(channel)),
            Reach::Tokens => self.followup_of(key.match_id).map(PostTo::Followup),
        };
        // The table message, as far as it can still be edited.
        let table_via = |message: u64| match reach {
            Reach::Channel => Some(Via::Channel { channel, message }),
            Reach::Tokens => self.table_via(key.match_id, message),
        };
        Ok(match effect {
            Effect::Table => {
                let new_deal = live.game.deal_no() > live.table_deal && live.is_active();
                let scene = || {
                    Box::new(live.table_scene(
                        &self.settings().timeouts_for(live.guild_id),
                        self.settings().public_look(live.guild_id),
                    ))
                };
                let shown = live.table_message_id.map(|m| (m, table_via(m)));
                match shown {
                    Some((_, Some(via))) if !new_deal => Show::EditTable {
                        via,
                        scene: scene(),
                    },
                    _ => match post_to() {
                        Some(to) => Show::NewTable {
                            to,
                            retire: shown.and_then(|(_, via)| via),
                            deal: live.game.deal_no(),
                            scene: scene(),
                        },
                        None => Show::Nothing,
                    },
                }
            }
            Effect::Showdown { deal } => {
                match live.showdown_scene(deal, self.settings().public_look(live.guild_id)) {
                    Some(scene) => match post_to() {
                        Some(to) => Show::Post {
                            to,
                            post: Post::Showdown(Box::new(scene)),
                        },
                        None => Show::Nothing,
                    },
                    None => Show::Nothing,
                }
            }
            Effect::MatchEnd => {
                match live.match_end_scene(self.settings().public_look(live.guild_id)) {
                    Some(scene) => match post_to() {
                        Some(to) => Show::Post {
                            to,
                            post: Post::MatchEnd(Box::new(scene)),
                        },
                        None => Show::Nothing,
                    },
                    None => Show::Nothing,
                }
            }
            Effect::Forfeit { seat } => match post_to() {
                Some(to) => Show::Post {
                    to,
                    post: Post::Forfeit {
                        lang: live.lang,
                        user: live.users[seat as usize],
                    },
                },
                None => Show::Nothing,
            },
            Effect::Reminder { seat } => {
                // Still that player's turn (a draw since then keeps the turn): the forfeit
                // that may follow must have been announced.
                let still = live.is_active() && live.game.to_act() == Some(seat);
                match if still { post_to() } else { None } {
                    Some(to) => Show::Post {
                        to,
                        post: Post::Reminder {
                            lang: live.lang,
                            user: live.users[seat as usize],
                            hours: self.settings().timeouts_for(live.guild_id).forfeit_hours,
                            // A tournament match's forfeit may come sooner (its round's
                            // deadline): the moment itself, as its table counts down to it.
                            at: live
                                .event
                                .and(
                                    live.table_scene(
                                        &self.settings().timeouts_for(live.guild_id),
                                        Default::default(),
                                    )
                                    .clock,
                                )
                                .map(|c| c.forfeit_at),
                        },
                    },
                    None => Show::Nothing,
                }
            }
            Effect::Hand { seat, handle } => {
                let stored = handle
                    .filter(|h| super::token_fresh(self.now(), h.at, self.hand_edit_window))
                    .map(|h| (h.token, Lang::from_locale(&h.locale)));
                match self.hand_token(key.match_id, seat).or(stored) {
                    Some((token, lang)) => Show::EditHand {
                        token,
                        scene: Box::new(live.hand_scene(
                            lang,
                            seat,
                            HandMode::Normal,
                            None,
                            self.settings().player_look(live.users[seat as usize]).await,
                        )),
                    },
                    None => Show::Nothing,
                }
            }
            Effect::AiTurn => Show::Nothing,
        })
    }

    /// A follow-up of the freshest interaction on the match, taken from its budget.
    fn followup_of(&self, match_id: i64) -> Option<Followup> {
        let mut tokens = self.match_tokens.lock().expect("match token lock");
        tokens.take_followup(match_id, self.now(), self.hand_edit_window)
    }

    /// How the match's table `message` can be edited through a token, if one alive may.
    fn table_via(&self, match_id: i64, message: u64) -> Option<Via> {
        let tokens = self.match_tokens.lock().expect("match token lock");
        tokens.table_via(match_id, message, self.now(), self.hand_edit_window)
    }

    /// Whether the match is shown through interaction tokens (decided by where it is played,
    /// not by where an interaction on it came from).
    pub async fn reached_by_tokens(&self, match_id: i64) -> bool {
        matches!(self.hold(match_id).await, Ok(live) if live.place.reach() == Reach::Tokens)
    }

    /// An interaction acted on `match_id`, a match shown through tokens (see
    /// [`Games::reached_by_tokens`]), and its first answer went out: its token may carry what
    /// follows. `followups`: those it made already (or may have).
    pub fn acted_through(&self, match_id: i64, token: &str, followups: u8) {
        let now = self.now();
        let mut tokens = self.match_tokens.lock().expect("match token lock");
        tokens.acted(
            match_id,
            Token::new(token),
            now,
            followups,
            self.hand_edit_window,
        );
    }

    /// An interaction's answer (`original`: its own response; else a follow-up of it) is
    /// `message`: if that is the match's table, the token may edit it from now on. Call it
    /// under the match's delivery gate, so that a newer table posted meanwhile keeps its own.
    pub async fn table_answered(&self, match_id: i64, token: &str, message: u64, original: bool) {
        let is_table =
            matches!(self.hold(match_id).await, Ok(live) if live.table_message_id == Some(message));
        if is_table {
            let now = self.now();
            let mut tokens = self.match_tokens.lock().expect("match token lock");
            tokens.table(match_id, Token::new(token), message, original, now);
        }
    }

    /// The table `message` was posted as `followup`, whose token may edit it while it lives.
    pub(crate) fn table_followed_up(&self, match_id: i64, followup: Followup, message: u64) {
        let mut tokens = self.match_tokens.lock().expect("match token lock");
        tokens.followup_table(match_id, followup, message);
    }

    /// Discord refused `token`: whatever of the match it held (its table, its follow-ups, a
    /// hand message) is out of reach from now on.
    pub fn token_gone(&self, match_id: i64, token: &Token) {
        let mut tokens = self.match_tokens.lock().expect("match token lock");
        tokens.token_gone(match_id, token);
        drop(tokens);
        // A hand message shown through it is out of reach too.
        let mut hands = self.hand_tokens.lock().expect("token lock");
        hands
            .0
            .retain(|&(m, _), (held, _, _)| m != match_id || held != token);
    }

    /// A new table message was posted for `deal`: it is the match's table from now on.
    pub async fn table_posted(
        &self,
        match_id: i64,
        message: u64,
        deal: u32,
    ) -> Result<(), StoreError> {
        self.db
            .matches()
            .set_table_message(match_id, message, deal)
            .await?;
        if let Ok(mut live) = self.hold(match_id).await {
            live.table_message_id = Some(message);
            live.table_deal = deal;
        }
        Ok(())
    }

    /// The reply of an interaction created this challenge's message or this match's table
    /// (unless a delivery posted a table first: that one stays the table).
    pub async fn reply_created(&self, role: super::ReplyRole, message: u64) {
        let stored = match role {
            super::ReplyRole::Challenge(id) => {
                self.db
                    .challenges()
                    .set_challenge_message(id, message)
                    .await
            }
            // The message as created shows the event's first step (see `create_tournament`).
            super::ReplyRole::Tournament(id) => {
                self.db
                    .tournaments()
                    .tournament_message_created(id, message)
                    .await
            }
            super::ReplyRole::Table(match_id) => {
                let deal = match self.hold(match_id).await {
                    Ok(live) if live.table_message_id.is_none() => live.game.deal_no(),
                    _ => return,
                };
                self.table_posted(match_id, message, deal).await
            }
        };
        if let Err(e) = stored {
            tracing::warn!(error = %e, "storing a reply's message id");
        }
    }

    /// A delivery is done: its outbox row goes.
    pub fn delivered(&self, key: OutboxKey) {
        self.db.outbox().outbox_delivered(key);
    }

    /// Every delivery not done before the last stop, in the order they were required.
    pub async fn pending_deliveries(&self) -> Result<Vec<Delivery>, StoreError> {
        let rows = self.db.outbox().pending_outbox().await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let key = row.key;
            match Delivery::from_row(row) {
                Ok(d) => out.push(d),
                Err(e) => {
                    tracing::warn!(error = %e, "dropping an unreadable outbox row");
                    self.delivered(key);
                }
            }
        }
        Ok(out)
    }

    /// The AI's move for the AI-turn delivery `key`, if it is still the AI's turn at that
    /// version: what the move requires next. `Ok(None)`: nothing to do (any more).
    pub async fn ai_turn(&self, key: OutboxKey) -> Result<Option<Deliveries>, StoreError> {
        match self.practice().ai_move(key.match_id, key.version).await {
            Ok(d) => Ok(d),
            // Our own failure (the decision's task died): worth another try.
            Err(Failure::User(super::Refusal::Internal)) => Err(StoreError::Thread(format!(
                "the AI could not move in match {}",
                key.match_id
            ))),
            Err(Failure::User(_)) => Ok(None),
            Err(Failure::Store(e)) => Err(e),
        }
    }

    /// Matches whose AI is to move (after a restart: their turn is taken up again whether or
    /// not an outbox row says so, for matches from before the outbox), as the database
    /// notes it; each is loaded, and its AI's turn planned if it is to move indeed.
    pub async fn ai_due(&self) -> Vec<Delivery> {
        match self
            .db
            .matches()
            .waiting_ai_matches(i64::MAX, i64::MAX)
            .await
        {
            Ok(ids) => self.ai_due_in(ids).await.0,
            Err(e) => {
                tracing::warn!(error = %e, "looking for the AI's turns");
                Vec::new()
            }
        }
    }

    fn ai_turn_now(&self, match_id: i64, version: i64) -> Delivery {
        Delivery {
            key: OutboxKey {
                match_id,
                version,
                part: super::PART_AI,
            },
            due_ms: self.now_ms(),
            effects: vec![Effect::AiTurn],
        }
    }

    /// The AI's turn in those of `ids` where it is to move; and (id, version) of the others.
    /// The matches are held [`AT_ONCE_HELD`] at a time, so that those not in memory are read
    /// together (see `batch`), not a round trip each.
    pub(crate) async fn ai_due_in(&self, ids: Vec<i64>) -> (Vec<Delivery>, Vec<(i64, i64)>) {
        use futures_util::StreamExt;
        let (mut due, mut not) = (Vec::new(), Vec::new());
        let mut held = futures_util::stream::iter(ids)
            .map(|id| async move {
                let live = self.hold(id).await.ok()?;
                Some((id, live.version, live.ai_to_act().is_some()))
            })
            .buffered(AT_ONCE_HELD);
        while let Some(found) = held.next().await {
            match found {
                Some((id, version, true)) => due.push(self.ai_turn_now(id, version)),
                Some((id, version, false)) => not.push((id, version)),
                None => {}
            }
        }
        (due, not)
    }

    /// A ticket for delivering what match `match_id` just required: after every ticket taken
    /// before it (take it while holding the match, so that tickets follow the actions).
    pub(crate) fn take_turn(&self, match_id: i64) -> Turn {
        let gate = {
            // Only tickets hold a gate: with none left, nothing is owed, and a new gate
            // starts afresh. Dead entries are swept as the map grows.
            let mut turns = self.delivery_turns.lock().expect("turn lock");
            let (map, swept_at) = &mut *turns;
            match map.get(&match_id).and_then(Weak::upgrade) {
                Some(gate) => gate,
                None => {
                    if map.len() >= 2 * *swept_at + 1024 {
                        map.retain(|_, g| g.strong_count() > 0);
                        *swept_at = map.len();
                    }
                    let gate = Arc::new(TurnGate::default());
                    map.insert(match_id, Arc::downgrade(&gate));
                    gate
                }
            }
        };
        let ticket = {
            let mut q = gate.queue.lock().expect("turn queue lock");
            q.next += 1;
            q.next - 1
        };
        Turn { gate, ticket }
    }
}

/// The order in which one match's deliveries go out.
#[derive(Debug, Default)]
pub(crate) struct TurnGate {
    queue: Mutex<TurnQueue>,
    moved: Notify,
}

#[derive(Debug, Default)]
struct TurnQueue {
    next: u64,
    serving: u64,
    /// Tickets given up before their turn came.
    done: BTreeSet<u64>,
}

/// One delivery's place in its match's order; dropping it lets the next one go.
#[derive(Debug)]
pub struct Turn {
    gate: Arc<TurnGate>,
    ticket: u64,
}

impl Turn {
    /// Waits until every earlier ticket of this match was used or given up.
    pub async fn wait(&self) {
        loop {
            let moved = self.gate.moved.notified();
            tokio::pin!(moved);
            moved.as_mut().enable();
            if self.gate.queue.lock().expect("turn queue lock").serving >= self.ticket {
                return;
            }
            moved.await;
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        {
            let mut q = self.gate.queue.lock().expect("turn queue lock");
            q.done.insert(self.ticket);
            loop {
                let serving = q.serving;
                if !q.done.remove(&serving) {
                    break;
                }
                q.serving += 1;
            }
        }
        self.gate.moved.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testing::{games, practice, CHANNEL, TABLE};
    use crate::games::{Place, FOLLOWUPS};
    use std::sync::atomic::{AtomicI64, Ordering};

    /// A token Discord refused shows no hand message either, and another seat's stays.
    #[tokio::test]
    async fn a_refused_token_leaves_the_hand_it_showed() {
        let (_dir, games) = games(Arc::new(AtomicI64::new(1_000))).await;
        games.remember_hand_token(7, 0, "dead".into(), Lang::En);
        games.remember_hand_token(7, 1, "alive".into(), Lang::En);
        games.token_gone(7, &Token::new("dead"));
        assert!(games.hand_token(7, 0).is_none());
        assert!(games.hand_token(7, 1).is_some());
    }

    fn followup(token: &str, at: i64) -> PostTo {
        PostTo::Followup(Followup {
            token: Token::new(token),
            at,
        })
    }

    fn delivery(match_id: i64) -> Delivery {
        Delivery {
            key: OutboxKey {
                match_id,
                version: 1,
                part: PART_MESSAGES,
            },
            due_ms: 0,
            effects: Vec::new(),
        }
    }

    /// In a server with the bot, the table is edited and news posted through the channel,
    /// tokens or not.
    #[tokio::test]
    async fn with_the_bot_in_the_channel_everything_goes_through_it() {
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        let (_dir, games) = games(now).await;
        let server = Place::Guild {
            guild: 600,
            member: true,
        };
        let id = practice(&games, server).await;
        let d = delivery(id);
        let via = Via::Channel {
            channel: CHANNEL,
            message: TABLE,
        };
        match games.resolve(&d, Effect::Table).await.unwrap() {
            Show::EditTable { via: v, .. } => assert_eq!(v, via),
            other => panic!("{other:?}"),
        }
        match games
            .resolve(&d, Effect::Forfeit { seat: 0 })
            .await
            .unwrap()
        {
            Show::Post { to, .. } => assert_eq!(to, PostTo::Channel(CHANNEL)),
            other => panic!("{other:?}"),
        }
    }

    /// In the bot's DM the table is edited through the token whose answer it is while that
    /// lives; news goes out as follow-ups of the freshest interaction, five at most; with no
    /// live token nothing is sent, and the next interaction shows a fresh table.
    #[tokio::test]
    async fn through_tokens_only_what_a_live_token_may_do() {
        let start = 1_800_000_000;
        let now = Arc::new(AtomicI64::new(start));
        let (_dir, games) = games(now.clone()).await;
        let id = practice(&games, Place::BotDm { channel: CHANNEL }).await;
        let d = delivery(id);
        // Nothing alive yet: nothing is sent.
        assert!(matches!(
            games.resolve(&d, Effect::Table).await.unwrap(),
            Show::Nothing
        ));
        assert!(games.reached_by_tokens(id).await);
        games.acted_through(id, "cmd", 0);
        games.table_answered(id, "cmd", TABLE, true).await;
        let own = Via::Token {
            token: Token::new("cmd"),
            message: None,
        };
        match games.resolve(&d, Effect::Table).await.unwrap() {
            Show::EditTable { via, .. } => assert_eq!(via, own),
            other => panic!("{other:?}"),
        }
        for _ in 0..FOLLOWUPS {
            match games
                .resolve(&d, Effect::Forfeit { seat: 0 })
                .await
                .unwrap()
            {
                Show::Post { to, .. } => assert_eq!(to, followup("cmd", start)),
                other => panic!("{other:?}"),
            }
        }
        assert!(
            matches!(
                games
                    .resolve(&d, Effect::Forfeit { seat: 0 })
                    .await
                    .unwrap(),
                Show::Nothing
            ),
            "never a sixth follow-up"
        );
        // A quarter of an hour later every token has expired: nothing is sent.
        now.fetch_add(15 * 60, Ordering::SeqCst);
        assert!(matches!(
            games.resolve(&d, Effect::Table).await.unwrap(),
            Show::Nothing
        ));
        // The next interaction shows the table again: a fresh one, its follow-up.
        games.acted_through(id, "press", 0);
        match games.resolve(&d, Effect::Table).await.unwrap() {
            Show::NewTable { to, retire, .. } => {
                assert_eq!(to, followup("press", start + 15 * 60));
                assert_eq!(retire, None, "the old table is out of reach");
            }
            other => panic!("{other:?}"),
        }
    }

    /// A new table posted as a follow-up late in its interaction's life is edited through
    /// that interaction's token only while the token lives, not for a lifetime from the post.
    #[tokio::test]
    async fn a_late_follow_up_table_is_edited_only_while_its_token_lives() {
        let start = 1_800_000_000;
        let now = Arc::new(AtomicI64::new(start));
        let (_dir, games) = games(now.clone()).await;
        let id = practice(&games, Place::BotDm { channel: CHANNEL }).await;
        let d = delivery(id);
        games.acted_through(id, "cmd", 0);
        now.fetch_add(13 * 60, Ordering::SeqCst);
        let Show::NewTable { to, deal, .. } = games.resolve(&d, Effect::Table).await.unwrap()
        else {
            panic!("a new table: no token could edit the first one");
        };
        let PostTo::Followup(made) = to else {
            panic!("{to:?}");
        };
        games.table_posted(id, TABLE + 1, deal).await.unwrap();
        games.table_followed_up(id, made, TABLE + 1);
        assert!(matches!(
            games.resolve(&d, Effect::Table).await.unwrap(),
            Show::EditTable { .. }
        ));
        now.fetch_add(60, Ordering::SeqCst);
        assert!(
            !matches!(
                games.resolve(&d, Effect::Table).await.unwrap(),
                Show::EditTable { .. }
            ),
            "the token has expired"
        );
    }

    /// Whether a match is shown through tokens is its own place's, whoever acts on it.
    #[tokio::test]
    async fn the_match_decides_how_it_is_reached() {
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        let (_dir, server) = games(now.clone()).await;
        let place = Place::Guild {
            guild: 600,
            member: true,
        };
        let in_server = practice(&server, place).await;
        assert!(!server.reached_by_tokens(in_server).await);
        assert!(!server.reached_by_tokens(in_server + 100).await, "unknown");
        let (_dir, dm) = games(now).await;
        let in_dm = practice(&dm, Place::BotDm { channel: CHANNEL }).await;
        assert!(dm.reached_by_tokens(in_dm).await);
    }

    /// A hand's token is stored as before (rows from before the change still read), and
    /// never shown by `Debug`, which log lines print.
    #[test]
    fn a_token_is_stored_plain_and_never_shown() {
        let effect = Effect::Hand {
            seat: 1,
            handle: Some(HandHandle {
                token: Token::new("s3cret-token"),
                locale: "en".into(),
                at: 7,
            }),
        };
        let json = serde_json::to_string(&effect).unwrap();
        assert_eq!(
            json,
            r#"{"e":"hand","seat":1,"handle":{"token":"s3cret-token","locale":"en","at":7}}"#
        );
        assert_eq!(serde_json::from_str::<Effect>(&json).unwrap(), effect);
        let shown = format!("{effect:?}");
        assert!(!shown.contains("s3cret"), "{shown}");
        assert!(shown.contains("Token(***)"), "{shown}");
    }
}
