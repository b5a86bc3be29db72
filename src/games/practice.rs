//! Matches against the bot's AI: `/gin practice` (or challenging the bot itself). The AI gets
//! its seat's player view only and moves after a short, natural pause, in the background.

use super::{Caller, Effect, Failure, Games, Outcome};
use crate::discord::model::Response;
use crate::engine::ai::{decide, Level};
use crate::engine::{deck, Match, MatchEvent, Preset, Seat};
use crate::store::NewMatch;
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
            .unwrap_or_else(|f| f.into_outcome(caller.lang))
    }

    async fn try_practice(
        &self,
        caller: &Caller,
        level: Level,
        preset: Option<Preset>,
        target: Option<i64>,
        bot: (u64, String),
    ) -> Result<Outcome, Failure> {
        let guild_id = caller.guild_id.ok_or(Failure::User("err-guild-only"))?;
        if self
            .db
            .busy_in_channel(caller.channel_id, caller.user_id)
            .await?
        {
            return Err(Failure::User("err-you-busy"));
        }
        let preset = preset.unwrap_or(self.config.default_preset.0);
        let rules = super::challenge::rules_with_target(preset, target)?;
        let seed = self.next_seed();
        let game = Match::new(rules.clone(), 2, seed).map_err(|_| Failure::User("err-internal"))?;
        let level_name =
            crate::i18n::t(caller.guild_lang, &format!("choice-{}", level.name()), &[]);
        let ai_name = crate::tr!(
            caller.guild_lang,
            "ai-name",
            bot = bot.1.clone(),
            level = level_name
        );
        let new = NewMatch {
            guild_id,
            channel_id: caller.channel_id,
            table_message_id: None,
            format: "two",
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
        };
        let live = self.open_match(&new).await?;
        let (match_id, table, ai_first) = (live.id, live.table(), live.ai_to_act().is_some());
        tracing::info!(match_id, level = level.name(), "practice match started");
        let mut effects = vec![Effect::TableFromResponse(match_id)];
        if ai_first {
            effects.push(Effect::AiTurn(match_id));
        }
        Ok(Outcome {
            response: Response::Public(table),
            effects,
            hand_of: None,
        })
    }

    /// The AI's move, if it is the AI's turn: decided off the async threads, then committed
    /// like a player's press. Returns what to do next.
    pub(crate) async fn ai_move(&self, match_id: i64) -> Vec<Effect> {
        let Ok(mut guard) = self.lock(match_id).await else {
            return Vec::new();
        };
        let Some(live) = guard.as_mut() else {
            return Vec::new();
        };
        let Some(seat) = live.ai_to_act() else {
            return Vec::new();
        };
        let level = live.ai_level.unwrap_or(Level::Medium);
        let view = live.game.view_for(seat);
        let seed = ai_seed(&live.game.seed, seat);
        let decided = tokio::task::spawn_blocking(move || decide(level, &seed, &view)).await;
        let Ok(action) = decided else {
            tracing::error!(match_id, "the AI's decision failed");
            return Vec::new();
        };
        match self
            .commit(live, MatchEvent::Play { seat, action }, "finished")
            .await
        {
            Ok(Ok(effects)) => {
                tracing::info!(match_id, seat, ?action, "AI move");
                if !live.is_active() {
                    drop(guard);
                    self.evict(match_id);
                }
                effects
            }
            Ok(Err(e)) => {
                tracing::error!(match_id, error = %e, "the AI chose an illegal move");
                Vec::new()
            }
            Err(_) => Vec::new(),
        }
    }

    /// Matches whose AI is due (after a restart, or a lost wake-up); practice matches where
    /// the human is to move are left alone.
    pub(crate) async fn due_ai_turns(&self) -> Vec<Effect> {
        let before = self.now() - 2;
        let ids = match self.db.waiting_ai_matches(before).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "looking for due AI turns");
                return Vec::new();
            }
        };
        let mut due = Vec::new();
        for id in ids {
            if let Ok(guard) = self.lock(id).await {
                if guard.as_ref().is_some_and(|l| l.ai_to_act().is_some()) {
                    due.push(Effect::AiTurn(id));
                }
            }
        }
        due
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
