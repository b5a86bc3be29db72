//! Matches against the bot's AI: `/gin practice` (or challenging the bot itself). The AI gets
//! its seat's player view only and moves after a short, natural pause: its turn is an outbox
//! row due then, carried out as a task of its own.

use super::effects::{Delivery, Effect, PART_AI};
use super::hold::Held;
use super::scenes::Note;
use super::transition::Answered;
use super::variants::{Event, GameChoice, RulesOf};
use super::ReplyRole;
use super::{Caller, Deliveries, EndReason, Failure, Live, Outcome, Practice, Refusal, Reply};
use crate::engine::ai::{coach, Level};
use crate::engine::{deck, Seat};
use crate::store::{NewMatch, OutboxKey};
use sha2::{Digest, Sha256};

impl Practice<'_> {
    /// Starts a match between the caller and the AI at `level`; the bot is `bot` (id, name).
    pub async fn start(
        &self,
        caller: &Caller,
        level: Level,
        game: GameChoice,
        seats: u8,
        target: Option<i64>,
        bot: (u64, String),
    ) -> Outcome {
        self.try_start(caller, level, game, seats, target, bot)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_start(
        &self,
        caller: &Caller,
        level: Level,
        game: GameChoice,
        seats: u8,
        target: Option<i64>,
        bot: (u64, String),
    ) -> Result<Outcome, Failure> {
        // Outside servers (the bot's DM) the bot's defaults apply.
        let guild = caller.place.shard_guild();
        self.settings().ensure_settings(guild).await?;
        if self
            .db
            .challenges()
            .busy_in_channel(caller.channel_id, caller.user_id)
            .await?
        {
            return Err(Refusal::YouBusy.into());
        }
        let seats = game.practice_seats(seats);
        let (preset, rules) = game.rules(
            self.settings().default_preset(guild),
            self.settings().default_target(guild),
            target,
        )?;
        let seats = seats?;
        let level_name = crate::i18n::t(
            self.settings().public_lang(caller),
            &format!("choice-{}", level.name()),
            &[],
        );
        let ai_name = |n: u8| {
            let bot = if seats > 2 {
                format!("{} {n}", bot.1)
            } else {
                bot.1.clone()
            };
            crate::tr!(
                self.settings().public_lang(caller),
                "ai-name",
                bot = bot,
                level = level_name.clone()
            )
        };
        let mut players = vec![(caller.user_id, caller.name.clone(), false)];
        players.extend((1..seats).map(|n| (bot.0, ai_name(n), true)));
        self.start_practice(caller, level, preset, rules, players)
            .await
    }

    /// A practice match of `rules` for `players` in seat order (the caller first, then the
    /// bot's seats), at `level`.
    pub(crate) async fn start_practice(
        &self,
        caller: &Caller,
        level: Level,
        preset: &str,
        rules: RulesOf,
        players: Vec<(u64, String, bool)>,
    ) -> Result<Outcome, Failure> {
        let guild_id = caller.place.shard_guild();
        self.settings().ensure_settings(guild_id).await?;
        self.settings().check_channel(caller)?;
        let seed = self.next_seed();
        let seats = players.len() as u8;
        let game = rules.new_game(seats, seed).ok_or(Refusal::Internal)?;
        // Every seat but the first is the AI: if it moves first, its turn is stored with
        // the match.
        let ai_first = game.seats_to_act().iter().any(|&s| s > 0);
        let ai_turn = ai_first.then(|| Delivery {
            key: OutboxKey {
                match_id: 0,
                version: 0,
                part: PART_AI,
            },
            due_ms: self.now_ms() + self.settings().timeouts_for(guild_id).ai_delay_ms as i64,
            effects: vec![Effect::AiTurn],
        });
        let new = NewMatch {
            guild_id,
            place_kind: caller.place.kind(),
            place_id: caller.place.ledger_key(),
            channel_id: caller.channel_id,
            table_message_id: None,
            format: game.format(),
            preset: preset.to_string(),
            rules_json: rules.to_json(),
            locale: self.settings().public_lang(caller).code().to_string(),
            state_json: game.to_json(),
            seed_hex: deck::seed_hex(&seed),
            players,
            ai_level: Some(level.name().to_string()),
            now: self.now(),
            outbox: ai_turn.iter().map(Delivery::row).collect(),
            ai_to_act: ai_first,
            event: None,
        };
        let match_id = match self.db.matches().create_match(&new).await {
            // Another start for the same player here got there first.
            Err(e) if e.is_conflict() => return Err(Refusal::YouBusy.into()),
            other => other?,
        };
        let live = Live::from_row(new.stored_as(match_id))?;
        let table = live.table_scene(
            &self.settings().timeouts_for(live.guild_id),
            self.settings().public_look(live.guild_id),
        );
        self.put_live(live).await;
        tracing::info!(match_id, level = level.name(), "practice match started");
        let rows = ai_turn
            .map(|mut d| {
                d.key.match_id = match_id;
                d
            })
            .into_iter()
            .collect();
        Ok(Outcome {
            reply: Reply::Table {
                scene: Box::new(table),
                update: false,
            },
            deliveries: Deliveries { rows, turn: None },
            reply_is: Some(ReplyRole::Table(match_id)),
            hand_of: None,
        })
    }

    /// The AI's move at `version`, if it is still the AI's turn then: decided off the async
    /// threads, then committed like a player's press. Returns what the move requires.
    pub(crate) async fn ai_move(
        &self,
        match_id: i64,
        version: i64,
    ) -> Result<Option<Deliveries>, Failure> {
        let mut live = self.hold(match_id).await?;
        if live.version != version {
            return Ok(None);
        }
        let Some(seat) = live.ai_to_act() else {
            return Ok(None);
        };
        let level = live.ai_level.unwrap_or(Level::Medium);
        let seed = ai_seed(&live.game.seed(), seat);
        let decision = tokio::task::spawn_blocking(live.game.decider(seat, level, seed)).await;
        let play = decision.map_err(|_| {
            tracing::error!(match_id, "the AI's decision failed");
            Refusal::Internal
        })?;
        let event = Event::Play { seat, play };
        match self
            .commit(&mut live, event, EndReason::Resigned, Answered::Nothing)
            .await?
        {
            Ok(deliveries) => {
                tracing::info!(match_id, seat, play = %play.kind(), "AI move");
                Ok(Some(deliveries))
            }
            Err(e) => {
                tracing::error!(match_id, error = %e, "the AI chose an illegal move");
                Err(Refusal::Internal.into())
            }
        }
    }
}

impl Practice<'_> {
    /// The coach's answer to `seat`'s Hint: the hard player's move from the seat's own view
    /// (what the AI would play in that seat), counted in the match record once per moment of
    /// the match. A match that offers no hints ([`Live::coached`]), or a moment with no choice
    /// to make, gets [`Note::NoHint`] and counts nothing.
    pub(crate) async fn hint(&self, live: &mut Held<'_>, seat: Seat) -> Result<Note, Failure> {
        if !live.coached(seat) {
            return Ok(Note::NoHint);
        }
        if let Some((s, hint)) = live.current_hint() {
            if s == seat {
                return Ok(Note::Hint(hint.clone()));
            }
        }
        let moment = live.game.press_version(seat, live.version);
        let Some(view) = live.game.coach_view(seat) else {
            return Ok(Note::NoHint);
        };
        let seed = ai_seed(&live.game.seed(), seat);
        let hint = tokio::task::spawn_blocking(move || coach::hint(&seed, &view))
            .await
            .map_err(|_| Refusal::Internal)?;
        let Some(hint) = hint else {
            return Ok(Note::NoHint);
        };
        // The count is a record, not the answer: a failed write still shows the hint.
        if let Err(e) = self.db.matches().count_hint(live.id, seat).await {
            tracing::warn!(match_id = live.id, error = %e, "a hint was not counted");
        }
        tracing::info!(
            match_id = live.id,
            seat,
            action = <crate::engine::Match as super::Kind>::move_kind(&hint.action),
            "hint given"
        );
        live.last_hint = Some((seat, moment, hint.clone()));
        Ok(Note::Hint(hint))
    }
}

/// The AI's own seed for `seat` (and the coach's for a person in that seat): derived one way
/// from the match seed, so it reveals nothing of the deals.
pub fn ai_seed(match_seed: &deck::Seed, seat: Seat) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"gin/ai-seed/v1");
    h.update(match_seed);
    h.update([seat]);
    h.finalize().into()
}
