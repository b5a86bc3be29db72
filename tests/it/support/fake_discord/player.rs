//! Scripted Gin players who play only through the fake Discord: every move is a press of a
//! button the bot really sent, chosen by the fixed policy of `support::harness` (knock or go gin
//! at once, never take the upcard, draw from the stock, discard to the least deadwood).
//! They read who is to move from the table and their cards from their own hand message.

use super::acts::{act_of_id, Act};
use super::{Callback, FakeDiscord, Opt, StoredMessage, User};
use gin::engine::{min_deadwood, Card, CardSet};
use gin::i18n::Lang;
use gin::ui::ids::Press;
use std::cmp::Reverse;
use std::time::Duration;
use tokio::time::Instant;

/// A hand message with a note line (`> …`): a refusal, "stale", "not your turn".
pub fn has_note(content: &str) -> bool {
    content.lines().any(|l| l.starts_with("> "))
}

/// The first user mentioned (`<@id>`): on a table, the player to move.
pub fn mention(content: &str) -> Option<u64> {
    let rest = &content[content.find("<@")? + 2..];
    rest[..rest.find('>')?].parse().ok()
}

/// A message text with the bot's card emojis written as card names (`10♥`), so that checks
/// of which cards a message shows read pictures and text alike.
pub fn text_of(content: &str) -> String {
    let mut out = String::with_capacity(content.len());
    let mut rest = content;
    while let Some(i) = rest.find("<:") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find('>').map_or(tail.len(), |e| e + 1);
        match gin::ui::faces::card_of_markup(&tail[..end]) {
            Some(c) => out.push_str(&gin::ui::render::card(Lang::En, c)),
            None => out.push_str(&tail[..end]),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

impl super::Write {
    /// This write with its card emojis as card names (see [`text_of`]).
    pub fn as_text(&self) -> super::Write {
        super::Write {
            content: text_of(&self.content),
            ..self.clone()
        }
    }
}

/// Whether the message shows move buttons.
pub fn has_moves(msg: &StoredMessage) -> bool {
    msg.custom_ids().iter().any(|id| act_of_id(id).is_some())
}

/// The cards of a hand message (the line ending in "deadwood **n**"), read with the bot's own
/// card names, or from its card emojis.
pub fn hand_cards(content: &str) -> Option<CardSet> {
    let line = content.lines().find(|l| l.contains(" · deadwood **"))?;
    let cards = line.rsplit_once(" · deadwood")?.0;
    let mut set = CardSet::EMPTY;
    for token in cards.split(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | '·')) {
        if !token.is_empty() {
            let card = gin::ui::faces::card_of_markup(token)
                .or_else(|| Card::all().find(|&c| gin::ui::render::card(Lang::En, c) == token))?;
            set.insert(card);
        }
    }
    Some(set)
}

/// The policy's move on a hand message, if it shows any.
pub fn choose(msg: &StoredMessage) -> Option<String> {
    let acts: Vec<(Act, String)> = msg
        .custom_ids()
        .into_iter()
        .filter_map(|id| act_of_id(&id).map(|a| (a.act, id)))
        .collect();
    let find = |f: &dyn Fn(&Act) -> bool| acts.iter().find(|(a, _)| f(a)).map(|(_, id)| id.clone());
    if let Some(id) =
        find(&|a| matches!(a, Act::Knock(_))).or_else(|| find(&|a| *a == Act::KnockMode))
    {
        return Some(id);
    }
    // The fiftieth card is offered only when it allows a knock: take it.
    if msg.content.contains("stock is down to two") {
        if let Some(id) = find(&|a| *a == Act::DrawDiscard) {
            return Some(id);
        }
    }
    if let Some(id) = find(&|a| *a == Act::Pass).or_else(|| find(&|a| *a == Act::DrawStock)) {
        return Some(id);
    }
    let discards: Vec<(Card, &String)> = acts
        .iter()
        .filter_map(|(a, id)| match a {
            Act::Discard(c) => Some((*c, id)),
            _ => None,
        })
        .collect();
    let hand = hand_cards(&msg.content)
        .unwrap_or_else(|| CardSet::from_cards(discards.iter().map(|(c, _)| c)));
    discards
        .iter()
        .min_by_key(|(c, _)| {
            let mut rest = hand;
            rest.remove(*c);
            (min_deadwood(rest), Reverse(c.value()), *c)
        })
        .map(|(_, id)| (*id).clone())
        .or_else(|| acts.first().map(|(_, id)| id.clone()))
}

pub struct Player {
    pub user: User,
    /// This player's latest hand message (ephemeral), if any.
    pub hand: Option<u64>,
}

/// One press and its answer.
#[derive(Clone, Debug)]
pub struct Pressed {
    pub message: Option<u64>,
    pub custom_id: String,
    pub callback: Callback,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A move button was pressed; `applied` if the bot answered with the new state.
    Acted {
        applied: bool,
    },
    Over,
    /// Nothing to press yet (effects still on their way, or a failed answer).
    Idle,
}

/// A match of scripted players in one channel; player 0 challenges the others.
pub struct Game {
    pub fake: FakeDiscord,
    pub channel: u64,
    pub match_id: i64,
    pub players: Vec<Player>,
    /// Every press in order (unless `keep_log` is off).
    pub log: Vec<Pressed>,
    pub keep_log: bool,
    pub presses: u64,
    /// Moves the bot acknowledged: (state version they were drawn for, seat, move).
    pub applied: Vec<(i64, u8, Act)>,
    /// Minimum time between two presses of this game (benchmarks), and the next slot.
    pub pace: Option<Duration>,
    pub next_press: Option<Instant>,
    /// How long to wait for the effects of a move (the table edit) before moving on.
    pub settle: Duration,
}

impl Game {
    pub fn new(fake: FakeDiscord, channel: u64, users: Vec<User>) -> Game {
        Game {
            fake,
            channel,
            match_id: 0,
            players: users
                .into_iter()
                .map(|user| Player { user, hand: None })
                .collect(),
            log: Vec::new(),
            keep_log: true,
            presses: 0,
            applied: Vec::new(),
            pace: None,
            next_press: None,
            settle: Duration::from_secs(5),
        }
    }

    /// `/gin start` by player 0 against the others, then every opponent presses Accept.
    pub async fn start(&mut self, target: Option<i64>) {
        self.start_with(target, Vec::new()).await
    }

    /// As [`Game::start`], with more options of `/gin start`.
    pub async fn start_with(&mut self, target: Option<i64>, extra: Vec<Opt>) {
        let mut options = vec![Opt::user("opponent", &self.players[1].user)];
        if let Some(p) = self.players.get(2) {
            options.push(Opt::user("opponent2", &p.user));
        }
        options.extend(target.map(|t| Opt::int("target", t)));
        options.extend(extra);
        let host = self.players[0].user.clone();
        let payload =
            self.fake
                .slash_command_in(self.channel, &host, "gin", Some("start"), options);
        let cb = self.send(None, "/gin start", payload).await;
        assert!(
            cb.ok() && cb.kind == 4 && !cb.ephemeral,
            "the challenge is posted publicly: {cb:?}"
        );
        let challenge = cb.message_id.expect("a challenge message");
        for p in 1..self.players.len() {
            let msg = self.fake.message(challenge).expect("the challenge message");
            let accept = msg
                .find_button(|id| id.starts_with("gin:acc:"))
                .expect("an Accept button");
            let cb = self.press(p, &msg, &accept).await;
            assert!(
                cb.ok() && cb.kind == 7,
                "Accept updates the challenge: {cb:?}"
            );
        }
        let table = self.fake.message(challenge).expect("the table");
        self.match_id = table
            .custom_ids()
            .iter()
            .find_map(|id| id.strip_prefix("gin:hand:")?.parse().ok())
            .unwrap_or_else(|| panic!("the challenge became the table: {}", table.content));
    }

    async fn send(
        &mut self,
        message: Option<u64>,
        custom_id: &str,
        payload: serde_json::Value,
    ) -> Callback {
        if let Some(period) = self.pace {
            let next = *self.next_press.get_or_insert_with(Instant::now);
            tokio::time::sleep_until(next).await;
            // Keep to the schedule: a press delayed by waiting (a refresh, a new match) is
            // made up by the next ones, up to one period, so the offered rate holds.
            let now = Instant::now();
            let floor = now.checked_sub(period).unwrap_or(now);
            self.next_press = Some((next + period).max(floor));
        }
        let cb = self.fake.interact(payload).await;
        self.presses += 1;
        if self.keep_log {
            self.log.push(Pressed {
                message,
                custom_id: custom_id.to_string(),
                callback: cb.clone(),
            });
        }
        cb
    }

    /// Player `p` presses `custom_id` on `msg`.
    pub async fn press(&mut self, p: usize, msg: &StoredMessage, custom_id: &str) -> Callback {
        let payload = self.fake.press(&self.players[p].user, msg, custom_id);
        self.send(Some(msg.id), custom_id, payload).await
    }

    /// The current table message (the one with "My hand").
    pub fn table(&self) -> Option<StoredMessage> {
        self.fake
            .message_with_button(&Press::Hand(self.match_id).encode())
    }

    pub fn hand_message(&self, p: usize) -> Option<StoredMessage> {
        self.fake.message(self.players[p].hand?)
    }

    /// The player the table names as the one to move.
    pub fn mover(&self) -> Option<usize> {
        let user = mention(&self.table()?.content)?;
        self.players.iter().position(|p| p.user.id == user)
    }

    /// Over when the table says so (only "Rules" left) or a hand message does.
    pub fn is_over(&self) -> bool {
        const OVER: &str = "The match is over.";
        let table_over = self.table().is_none()
            && self
                .fake
                .message_with_button(&Press::Rules(self.match_id).encode())
                .is_some_and(|m| m.content.contains(OVER));
        table_over
            || (0..self.players.len()).any(|p| {
                self.hand_message(p)
                    .is_some_and(|m| m.content.contains(OVER))
            })
    }

    /// A fresh hand message for player `p`: "Refresh" on their hand message, or "My hand" on
    /// the table. None if the bot's answer failed.
    pub async fn open_hand(&mut self, p: usize) -> Option<StoredMessage> {
        let refresh = Press::Refresh(self.match_id).encode();
        let cb = match self
            .hand_message(p)
            .filter(|m| m.button(&refresh).is_some())
        {
            Some(m) => self.press(p, &m, &refresh).await,
            None => {
                let table = self.table()?;
                self.press(p, &table, &Press::Hand(self.match_id).encode())
                    .await
            }
        };
        if !cb.ok() || !cb.ephemeral {
            return None;
        }
        let id = cb.message_id?;
        self.players[p].hand = Some(id);
        self.fake.message(id)
    }

    /// One move by whoever can move: first a hand message already showing moves (the mover's
    /// first), else the players refresh their hands, mover first.
    pub async fn step(&mut self) -> Step {
        if self.is_over() {
            return Step::Over;
        }
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        if let Some(m) = self.mover() {
            order.retain(|&p| p != m);
            order.insert(0, m);
        }
        for &p in &order {
            if let Some(msg) = self.hand_message(p).filter(has_moves) {
                return self.act(p, msg).await;
            }
        }
        for &p in &order {
            if let Some(msg) = self.open_hand(p).await.filter(has_moves) {
                return self.act(p, msg).await;
            }
        }
        if self.is_over() {
            Step::Over
        } else {
            Step::Idle
        }
    }

    async fn act(&mut self, p: usize, msg: StoredMessage) -> Step {
        let id = choose(&msg).expect("a move on a message with moves");
        let Some(super::acts::ActPress { version, act, .. }) = act_of_id(&id) else {
            unreachable!("choose returns move buttons")
        };
        let before = self.fake.public_writes(self.channel);
        let hands: Vec<Option<u64>> = (0..self.players.len())
            .map(|q| self.hand_message(q).map(|m| m.version))
            .collect();
        let cb = self.press(p, &msg, &id).await;
        let moved = !matches!(act, Act::KnockMode | Act::Back);
        let applied = moved && cb.ok() && cb.kind == 7 && !has_note(cb.content());
        if applied {
            self.applied.push((version, p as u8, act));
            self.settle(p, before, hands).await;
        }
        Step::Acted { applied }
    }

    /// Waits for a move's effects: the table written last (after any showdown), then the
    /// next mover's hand message refreshed by the bot (if it has one to refresh).
    async fn settle(&self, presser: usize, before: u64, hands: Vec<Option<u64>>) {
        let (fake, ch) = (&self.fake, self.channel);
        let table_written = fake
            .wait_until(ch, self.settle, || {
                fake.public_writes(ch) > before
                    && fake
                        .last_public_message(ch)
                        .is_some_and(|m| m.content.contains("**Gin Rummy**"))
            })
            .await;
        let Some(next) = self.mover().filter(|&n| table_written && n != presser) else {
            return;
        };
        if let (Some(h), Some(v0)) = (self.players[next].hand, hands[next]) {
            fake.wait_until(ch, Duration::from_millis(300), || {
                fake.message(h).is_none_or(|m| m.version > v0)
            })
            .await;
        }
    }

    /// Plays until the match ends; panics if it takes more than `max_presses` presses.
    pub async fn play_to_end(&mut self, max_presses: u64) {
        assert!(
            self.play_until(max_presses, None).await,
            "match {} ended",
            self.match_id
        );
    }

    /// Plays until the match ends (true), or until `deadline` (false).
    pub async fn play_until(&mut self, max_presses: u64, deadline: Option<Instant>) -> bool {
        let mut idle = 0;
        loop {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return false;
            }
            match self.step().await {
                Step::Over => return true,
                Step::Acted { .. } => idle = 0,
                Step::Idle => {
                    idle += 1;
                    assert!(idle < 100, "match {} is stuck", self.match_id);
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
            assert!(
                self.presses < max_presses,
                "match {} took over {max_presses} presses",
                self.match_id
            );
        }
    }
}
