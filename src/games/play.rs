//! Playing: button presses on tables and hand messages, `/gin hand`, `/gin resign`.

use super::{Caller, Effect, Failure, Games, Live, Outcome};
use crate::discord::ids::{Act, Press};
use crate::discord::model::{Msg, Response};
use crate::discord::render::{self, HandMode};
use crate::engine::{ActionError, MatchError, MatchEvent, Seat};
use crate::i18n::Lang;
use crate::store::{HandRow, SavedAction};
use crate::tr;

impl Games {
    /// Any button press of the bot's messages.
    pub async fn press(&self, caller: &Caller, custom_id: &str) -> Outcome {
        let Some(press) = Press::decode(custom_id) else {
            return Outcome::refusal(caller.lang, "err-unknown-button");
        };
        let result = match press {
            Press::Accept(id) => self.accept(caller, id).await,
            Press::Decline(id) => self.decline(caller, id).await,
            Press::Hand(id) => self.hand_message(caller, id, false).await,
            Press::Refresh(id) => self.hand_message(caller, id, true).await,
            Press::Rules(id) => self.rules(caller, id).await,
            Press::Act {
                match_id,
                version,
                act,
            } => self.act(caller, match_id, version, act).await,
            Press::Board(q) => Ok(self.leaderboard(caller, q, true).await),
            Press::Sheet(id) => self.sheet(caller, id).await,
        };
        result.unwrap_or_else(|f| f.into_outcome(caller.lang))
    }

    /// Locks a match's slot and makes sure it is loaded; `err-unknown-match` if it never existed.
    pub(crate) async fn lock(
        &self,
        match_id: i64,
    ) -> Result<tokio::sync::OwnedMutexGuard<Option<Live>>, Failure> {
        let mut guard = self.slot(match_id).lock_owned().await;
        if guard.is_none() {
            self.touched(match_id);
            let loaded = match self.db.load_match(match_id).await {
                Ok(Some(row)) => Live::from_row(row).map_err(Failure::from),
                Ok(None) => Err(Failure::User("err-unknown-match")),
                Err(e) => Err(Failure::from(e)),
            };
            match loaded {
                Ok(live) => *guard = Some(live),
                Err(f) => {
                    // Forged or unknown ids must not leave a slot behind each.
                    drop(guard);
                    self.evict_if_empty(match_id);
                    return Err(f);
                }
            }
        }
        Ok(guard)
    }

    /// "My hand", `/gin hand` and "Refresh": a fresh hand message (new, or updating the pressed one).
    async fn hand_message(
        &self,
        caller: &Caller,
        match_id: i64,
        update: bool,
    ) -> Result<Outcome, Failure> {
        let guard = self.lock(match_id).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = live
            .seat_of(caller.user_id)
            .ok_or(Failure::User("err-not-a-player"))?;
        let msg = live.hand(caller.lang, seat, HandMode::Normal, None);
        Ok(Outcome {
            response: if update {
                Response::Update(msg)
            } else {
                Response::Ephemeral(msg)
            },
            effects: Vec::new(),
            hand_of: Some((match_id, seat)),
        })
    }

    /// `/gin hand`: the caller's match in this channel.
    pub async fn my_hand(&self, caller: &Caller) -> Outcome {
        match self
            .db
            .active_match_for(caller.channel_id, caller.user_id)
            .await
        {
            Ok(Some(id)) => self
                .hand_message(caller, id, false)
                .await
                .unwrap_or_else(|f| f.into_outcome(caller.lang)),
            Ok(None) => Outcome::refusal(caller.lang, "err-no-match-here"),
            Err(e) => Failure::Store(e).into_outcome(caller.lang),
        }
    }

    async fn rules(&self, caller: &Caller, match_id: i64) -> Result<Outcome, Failure> {
        let guard = self.lock(match_id).await?;
        let live = guard.as_ref().expect("loaded");
        let text = render::rules_text(caller.lang, &live.preset, &live.game.rules);
        self.release(guard);
        Ok(Outcome::reply(Response::Ephemeral(Msg::text(text))))
    }

    /// `/gin rules`: the rules of the caller's match here, or of the default preset.
    pub async fn rules_command(&self, caller: &Caller) -> Outcome {
        match self
            .db
            .active_match_for(caller.channel_id, caller.user_id)
            .await
        {
            Ok(Some(id)) => self
                .rules(caller, id)
                .await
                .unwrap_or_else(|f| f.into_outcome(caller.lang)),
            _ => {
                let preset = self.config.default_preset.0;
                Outcome::reply(Response::Ephemeral(Msg::text(render::rules_text(
                    caller.lang,
                    preset.name(),
                    &preset.rules(),
                ))))
            }
        }
    }

    /// A move button: checked against the state it was drawn for, applied, stored, answered.
    async fn act(
        &self,
        caller: &Caller,
        match_id: i64,
        version: i64,
        act: Act,
    ) -> Result<Outcome, Failure> {
        let mut guard = self.lock(match_id).await?;
        let live = guard.as_mut().expect("loaded");
        let seat = live
            .seat_of(caller.user_id)
            .ok_or(Failure::User("err-not-a-player"))?;
        let lang = caller.lang;
        let hand_outcome = |live: &Live, mode, note: Option<String>| Outcome {
            response: Response::Update(live.hand(lang, seat, mode, note.as_deref())),
            effects: Vec::new(),
            hand_of: Some((match_id, seat)),
        };
        if !live.is_active() {
            return Ok(hand_outcome(
                live,
                HandMode::Normal,
                Some(tr!(lang, "err-match-over")),
            ));
        }
        if version != live.version {
            return Ok(hand_outcome(
                live,
                HandMode::Normal,
                Some(tr!(lang, "err-stale")),
            ));
        }
        let action = match (act, act.action()) {
            (_, Some(action)) => action,
            (Act::KnockMode, None) => return Ok(hand_outcome(live, HandMode::Knock, None)),
            (_, None) => return Ok(hand_outcome(live, HandMode::Normal, None)),
        };
        match self
            .commit(live, MatchEvent::Play { seat, action }, "finished")
            .await?
        {
            Ok(mut effects) => {
                tracing::info!(
                    match_id,
                    seat,
                    ?action,
                    version = live.version,
                    "action applied"
                );
                let mut out = hand_outcome(live, HandMode::Normal, None);
                out.effects.append(&mut effects);
                if !live.is_active() {
                    drop(guard);
                    self.evict(match_id);
                }
                Ok(out)
            }
            Err(note) => Ok(hand_outcome(
                live,
                HandMode::Normal,
                Some(note_text(lang, &note)),
            )),
        }
    }

    /// Applies `event` to a copy of the match, stores it with everything it finished, and only
    /// then replaces the live state. Returns the effects to run, or the engine's refusal.
    pub(crate) async fn commit(
        &self,
        live: &mut Live,
        event: MatchEvent,
        end_status: &'static str,
    ) -> Result<Result<Vec<Effect>, MatchError>, Failure> {
        let mut next = live.game.clone();
        if let Err(e) = next.apply_event(event) {
            return Ok(Err(e));
        }
        // The `actions` table is the log: the stored state stays small.
        next.clear_log();
        let seat = match event {
            MatchEvent::Play { seat, .. } | MatchEvent::Resign { seat } => seat,
        };
        let finished_hands = &next.history[live.game.history.len()..];
        let settlement = next.settlement().cloned();
        let saved = SavedAction {
            match_id: live.id,
            version: live.version,
            seat,
            event_json: serde_json::to_string(&event).expect("events serialize"),
            state_json: serde_json::to_string(&next).expect("state serializes"),
            status: if settlement.is_some() {
                end_status
            } else {
                "active"
            },
            now: self.now(),
            turn_changed: next.to_act() != live.game.to_act() || !finished_hands.is_empty(),
            hands: finished_hands.iter().map(hand_row).collect(),
            result: settlement
                .as_ref()
                .map(|s| super::results::player_results(&next, s)),
            // Matches against the AI count for history and stats, not for ratings.
            rate: (!live.ai.iter().any(|&a| a))
                .then_some(super::results::rate as crate::store::RateFn),
            winner_seat: settlement.as_ref().map(|s| s.winner),
        };
        let status = saved.status;
        if !self.db.save_action(saved).await? {
            // Stored by someone else first (another process?): reload and call it stale.
            let row = self
                .db
                .load_match(live.id)
                .await?
                .ok_or(Failure::User("err-unknown-match"))?;
            *live = Live::from_row(row)?;
            return Err(Failure::User("err-stale"));
        }
        let new_hands: Vec<_> = finished_hands.to_vec();
        let before_to_act = live.game.to_act();
        live.game = next;
        live.version += 1;
        live.status = status.to_string();

        let mut effects = Vec::new();
        let seats = live.seating();
        for rec in &new_hands {
            effects.push(Effect::Post {
                channel: live.channel_id,
                msg: render::showdown(live.lang, &seats, rec),
            });
        }
        if let Some(s) = &settlement {
            effects.push(Effect::Post {
                channel: live.channel_id,
                msg: render::match_end(live.lang, &seats, s, &live.game.rules),
            });
            effects.push(Effect::RefreshTable(live.id));
        } else if !new_hands.is_empty() {
            effects.push(Effect::NewTable(live.id));
        } else {
            effects.push(Effect::RefreshTable(live.id));
        }
        // Whoever moves next sees their buttons without pressing anything; the AI just moves.
        if live.ai_to_act().is_some() {
            effects.push(Effect::AiTurn(live.id));
        } else if let Some(next_seat) = live.game.to_act() {
            if Some(next_seat) != before_to_act || !new_hands.is_empty() {
                effects.push(Effect::RefreshHand {
                    match_id: live.id,
                    seat: next_seat,
                });
            }
        }
        Ok(Ok(effects))
    }

    /// `/gin resign`: the caller gives up their match in this channel.
    pub async fn resign(&self, caller: &Caller) -> Outcome {
        let lang = caller.lang;
        let id = match self
            .db
            .active_match_for(caller.channel_id, caller.user_id)
            .await
        {
            Ok(Some(id)) => id,
            Ok(None) => return Outcome::refusal(lang, "err-no-match-here"),
            Err(e) => return Failure::Store(e).into_outcome(lang),
        };
        self.end_by_resignation(id, Quitter::User(caller.user_id), "resigned")
            .await
            .map(|(msg, effects)| Outcome {
                response: Response::Public(msg),
                effects,
                hand_of: None,
            })
            .unwrap_or_else(|f| f.into_outcome(lang))
    }

    /// Ends a match by a player's resignation, or by the forfeit of the player to move.
    pub(crate) async fn end_by_resignation(
        &self,
        match_id: i64,
        who: Quitter,
        status: &'static str,
    ) -> Result<(Msg, Vec<Effect>), Failure> {
        let mut guard = self.lock(match_id).await?;
        let live = guard.as_mut().expect("loaded");
        if !live.is_active() {
            return Err(Failure::User("err-match-over"));
        }
        let seat = match who {
            Quitter::User(u) => live.seat_of(u).ok_or(Failure::User("err-not-a-player"))?,
            // Only if nobody moved since the sweeper looked: never forfeit the next player.
            Quitter::Idle { version } if version == live.version => {
                live.game.to_act().ok_or(Failure::User("err-match-over"))?
            }
            Quitter::Idle { .. } => return Err(Failure::User("err-stale")),
        };
        let mut effects = match self
            .commit(live, MatchEvent::Resign { seat }, status)
            .await?
        {
            Ok(effects) => effects,
            Err(_) => return Err(Failure::User("err-match-over")),
        };
        // The match-end message answers the interaction itself; the rest follows.
        let msg = match effects
            .iter()
            .position(|e| matches!(e, Effect::Post { .. }))
        {
            Some(i) => match effects.remove(i) {
                Effect::Post { msg, .. } => msg,
                _ => unreachable!("matched a post"),
            },
            None => Msg::default(),
        };
        drop(guard);
        self.evict(match_id);
        Ok((msg, effects))
    }

    /// The current table of a match, rendered under its lock. A finished match is not kept
    /// in memory after this read.
    pub(crate) async fn table_snapshot(&self, match_id: i64) -> Option<TableSnapshot> {
        let guard = self.lock(match_id).await.ok()?;
        let live = guard.as_ref()?;
        let snapshot = TableSnapshot {
            channel: live.channel_id,
            message: live.table_message_id,
            msg: live.table(),
            retired: Msg::text(tr!(live.lang, "table-retired")),
            version: live.version,
            active: live.is_active(),
        };
        self.release(guard);
        Some(snapshot)
    }

    pub(crate) async fn set_live_table_message(&self, match_id: i64, message: u64) {
        if let Ok(mut guard) = self.lock(match_id).await {
            if let Some(live) = guard.as_mut() {
                live.table_message_id = Some(message);
            }
            self.release(guard);
        }
    }

    /// A seat's hand message in `lang` (used to refresh open hand messages).
    pub(crate) async fn hand_message_for_seat(
        &self,
        match_id: i64,
        seat: Seat,
        lang: Lang,
    ) -> Option<Msg> {
        let guard = self.lock(match_id).await.ok()?;
        let msg = guard.as_ref()?.hand(lang, seat, HandMode::Normal, None);
        self.release(guard);
        Some(msg)
    }

    /// Lets go of a match's lock; a match that has ended leaves memory.
    fn release(&self, guard: tokio::sync::OwnedMutexGuard<Option<Live>>) {
        let ended = guard
            .as_ref()
            .is_some_and(|l| !l.is_active())
            .then(|| guard.as_ref().map(|l| l.id));
        drop(guard);
        if let Some(Some(id)) = ended {
            self.evict(id);
        }
    }
}

/// A table as rendered at one version.
pub(crate) struct TableSnapshot {
    pub channel: u64,
    pub message: Option<u64>,
    pub msg: Msg,
    /// What the previous table message becomes when a new hand gets a new one.
    pub retired: Msg,
    pub version: i64,
    pub active: bool,
}

/// Who ends a match early.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Quitter {
    /// A player resigns.
    User(u64),
    /// The player to move at this version forfeits by idling.
    Idle { version: i64 },
}

/// The engine's refusal, said to the player.
fn note_text(lang: Lang, e: &MatchError) -> String {
    let key = match e {
        MatchError::Action(a) => match a {
            ActionError::NotInHand => "err-sitting-out",
            ActionError::NotYourTurn => "err-not-your-turn",
            ActionError::HandOver => "err-stale",
            ActionError::UpcardPending => "err-upcard-pending",
            ActionError::StockOnly => "err-stock-only",
            ActionError::MustDraw => "err-must-draw",
            ActionError::MustDiscard => "err-must-discard",
            ActionError::MustKnock => "err-must-knock",
            ActionError::EmptyDiscardPile => "err-empty-pile",
            ActionError::CardNotInHand => "err-card-not-in-hand",
            ActionError::CannotRediscard => "err-rediscard",
            ActionError::AboveKnockLimit { deadwood, limit } => {
                return tr!(
                    lang,
                    "err-knock-limit",
                    deadwood = *deadwood,
                    limit = *limit
                )
            }
            ActionError::FiftiethCardPending => "err-fiftieth-pending",
            ActionError::FiftiethCardUseless => "err-fiftieth-useless",
        },
        MatchError::MatchOver => "err-match-over",
        _ => "err-internal",
    };
    tr!(lang, key)
}

/// The ledger row of a finished deal.
fn hand_row(rec: &crate::engine::HandRecord) -> HandRow {
    use crate::engine::hand::opponent_of;
    use crate::engine::{HandEnd, ShowdownKind};
    let (knocker_seat, kind, kd, dd, points, winner, lines, doubled) = match &rec.end {
        HandEnd::Dead => (None, "dead", None, None, 0, None, 0, false),
        HandEnd::Knocked {
            knocker,
            showdown,
            score,
            ..
        } => {
            let defender = opponent_of(rec.players, *knocker);
            let kind = match showdown.kind {
                ShowdownKind::Gin => "gin",
                ShowdownKind::Knock => "knock",
                ShowdownKind::Undercut => "undercut",
            };
            (
                Some(*knocker),
                kind,
                Some(showdown.knocker_deadwood),
                Some(showdown.defender_deadwood),
                score.points,
                Some(if score.knocker_won {
                    *knocker
                } else {
                    defender
                }),
                score.lines,
                score.doubled,
            )
        }
    };
    HandRow {
        deal_no: rec.deal_no,
        dealer_seat: rec.dealer,
        first_seat: rec.players[0],
        second_seat: rec.players[1],
        knocker_seat,
        kind,
        knocker_deadwood: kd,
        defender_deadwood: dd,
        points,
        winner_seat: winner,
        lines,
        doubled,
        commitment: crate::engine::deck::commitment(&rec.seed),
        seed_hex: crate::engine::deck::seed_hex(&rec.seed),
    }
}
