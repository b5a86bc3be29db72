//! Matches against the bot's AI: `/gin practice` (or challenging the bot itself). The AI gets
//! its seat's player view only and moves after a short, natural pause: its turn is an outbox
//! row due then, carried out as a task of its own.

use super::effects::{Delivery, Effect, PART_AI};
use super::transition::Answered;
use super::ReplyRole;
use super::{Caller, Deliveries, EndReason, Failure, Format, Games, Live, Outcome, Refusal, Reply};
use crate::engine::ai::{decide, Level};
use crate::engine::{deck, Match, MatchEvent, Preset, Seat};
use crate::store::{NewMatch, OutboxKey};
use sha2::{Digest, Sha256};

impl Games {
    /// Starts a match between the caller and the AI at `level`; the bot is `bot` (id, name).
    pub async fn practice(
        &self,
        caller: &Caller,
        level: Level,
        preset: Option<Preset>,
        target: Option<i64>,
        bot: (u64, String),
    ) -> Outcome {
        self.try_practice(caller, level, preset, target, bot)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_practice(
        &self,
        caller: &Caller,
        level: Level,
        preset: Option<Preset>,
        target: Option<i64>,
        bot: (u64, String),
    ) -> Result<Outcome, Failure> {
        let guild_id = caller.guild_id.ok_or(Refusal::GuildOnly)?;
        if self
            .db
            .busy_in_channel(caller.channel_id, caller.user_id)
            .await?
        {
            return Err(Refusal::YouBusy.into());
        }
        let preset = preset.unwrap_or(self.config.default_preset.0);
        let rules = super::challenge::rules_with_target(preset, target)?;
        let seed = self.next_seed();
        let game = Match::new(rules.clone(), 2, seed).map_err(|_| Refusal::Internal)?;
        let level_name =
            crate::i18n::t(caller.guild_lang, &format!("choice-{}", level.name()), &[]);
        let ai_name = crate::tr!(
            caller.guild_lang,
            "ai-name",
            bot = bot.1.clone(),
            level = level_name
        );
        // Seat 1 is the AI: if it moves first, its turn is stored with the match.
        let ai_first = game.to_act() == Some(1);
        let ai_turn = ai_first.then(|| Delivery {
            key: OutboxKey {
                match_id: 0,
                version: 0,
                part: PART_AI,
            },
            due_ms: self.now_ms() + self.config.timeouts.ai_delay_ms as i64,
            effects: vec![Effect::AiTurn],
        });
        let new = NewMatch {
            guild_id,
            channel_id: caller.channel_id,
            table_message_id: None,
            format: Format::Two,
            preset: preset.name().to_string(),
            rules_json: serde_json::to_string(&rules).expect("rules serialize"),
            locale: caller.guild_lang.code().to_string(),
            state_json: serde_json::to_string(&game).expect("state serializes"),
            seed_hex: deck::seed_hex(&seed),
            players: vec![
                (caller.user_id, caller.name.clone(), false),
                (bot.0, ai_name, true),
            ],
            ai_level: Some(level.name().to_string()),
            now: self.now(),
            outbox: ai_turn.iter().map(Delivery::row).collect(),
            ai_to_act: ai_first,
        };
        let match_id = match self.db.create_match(&new).await {
            // Another start for the same player here got there first.
            Err(e) if e.is_conflict() => return Err(Refusal::YouBusy.into()),
            other => other?,
        };
        let live = Live::from_row(new.stored_as(match_id))?;
        let table = live.table_scene();
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
        let view = live.game.view_for(seat);
        let seed = ai_seed(&live.game.seed, seat);
        let action = tokio::task::spawn_blocking(move || decide(level, &seed, &view))
            .await
            .map_err(|_| {
                tracing::error!(match_id, "the AI's decision failed");
                Refusal::Internal
            })?;
        let event = MatchEvent::Play { seat, action };
        match self
            .commit(&mut live, event, EndReason::Resigned, Answered::Nothing)
            .await?
        {
            Ok(deliveries) => {
                tracing::info!(match_id, seat, ?action, "AI move");
                Ok(Some(deliveries))
            }
            Err(e) => {
                tracing::error!(match_id, error = %e, "the AI chose an illegal move");
                Err(Refusal::Internal.into())
            }
        }
    }
}

/// The AI's own seed: derived one way from the match seed, so it reveals nothing of the deals.
fn ai_seed(match_seed: &deck::Seed, seat: Seat) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"gin/ai-seed/v1");
    h.update(match_seed);
    h.update([seat]);
    h.finalize().into()
}
