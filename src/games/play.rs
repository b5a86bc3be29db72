//! Playing: moves, hand messages, `/gin hand`, `/gin rules`, `/gin resign`; each accepted
//! event then takes the one path every event takes ([`super::Games::commit`]).

use super::scenes::{HandMode, Note};
use super::transition::Answered;
use super::variants::{Event, GameError, Play};
use super::CardLook;
use super::{
    Caller, Deliveries, EndReason, Failure, Held, Matches, Outcome, Refusal, Reply, RulesOf,
};
use crate::engine::Seat;
use crate::i18n::Lang;

/// What a hand message's button asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Play(Play),
    /// Show the knock choices instead of the discards.
    ShowKnocks,
    /// Team Gin: show the choice of the card to give the partner.
    ShowSwaps,
    /// Back from the knock (or swap) choices.
    Back,
    /// The coach: what the hard player would do now, and why (practice matches only).
    Hint,
}

/// Where a move was made: on the player's hand message, whose answer shows the new hand, or
/// elsewhere, after which that message is refreshed as the other players' are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MadeOn {
    HandMessage,
    Elsewhere,
}

impl Matches<'_> {
    /// "My hand", `/gin hand` and "Refresh": the caller's hand, fresh (a new message, or
    /// `update`-ing the one the button was on).
    pub async fn hand(&self, caller: &Caller, match_id: i64, update: bool) -> Outcome {
        self.try_hand(caller, match_id, update)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_hand(
        &self,
        caller: &Caller,
        match_id: i64,
        update: bool,
    ) -> Result<Outcome, Failure> {
        let look = self.settings().player_look(caller.user_id).await;
        let live = self.hold(match_id).await?;
        played_here(&live, caller)?;
        let seat = live.seat_of(caller.user_id).ok_or(Refusal::NotAPlayer)?;
        Ok(hand_outcome(
            &live,
            caller.lang,
            look,
            seat,
            HandMode::Normal,
            None,
            update,
        ))
    }

    /// `/gin hand`: the caller's match in this channel.
    pub async fn my_hand(&self, caller: &Caller) -> Outcome {
        match self.match_here(caller).await {
            Ok(id) => self.hand(caller, id, false).await,
            Err(f) => f.into_outcome(),
        }
    }

    /// The caller's active match in this channel.
    async fn match_here(&self, caller: &Caller) -> Result<i64, Failure> {
        self.db
            .matches()
            .active_match_for(caller.channel_id, caller.user_id)
            .await?
            .ok_or(Failure::User(Refusal::NoMatchHere))
    }

    /// The rules of a match, for the caller.
    pub async fn rules(&self, caller: &Caller, match_id: i64) -> Outcome {
        let live = match self.hold(match_id).await {
            Ok(live) => live,
            Err(f) => return f.into_outcome(),
        };
        if let Err(f) = played_here(&live, caller) {
            return f.into_outcome();
        }
        Outcome::reply(Reply::Rules {
            preset: live.preset.clone(),
            rules: Box::new(live.rules()),
        })
    }

    /// `/gin rules [mode]`: the rules of a four-player mode when one is named, else of the
    /// caller's match here, else of the default preset.
    pub async fn rules_command(&self, caller: &Caller, game: Option<super::GameChoice>) -> Outcome {
        let game = match game {
            Some(game) => game,
            None => match self.match_here(caller).await {
                Ok(id) => return self.rules(caller, id).await,
                Err(_) => super::GameChoice::Gin(super::GinChoice::default()),
            },
        };
        let default = self
            .settings()
            .default_preset(caller.guild_id().unwrap_or_default());
        let (preset, rules) = game
            .rules(default, None, None)
            .expect("the default preset's rules are valid");
        Outcome::reply(Reply::Rules {
            preset: preset.to_string(),
            rules: Box::new(rules),
        })
    }

    /// A game's rules command: the rules of the caller's match here if it plays that game,
    /// else `defaults` (under `preset`).
    pub async fn game_rules(&self, caller: &Caller, preset: &str, defaults: RulesOf) -> Outcome {
        if let Ok(id) = self.match_here(caller).await {
            if let Ok(live) = self.hold(id).await {
                let rules = live.rules();
                if rules.game() == defaults.game() {
                    return Outcome::reply(Reply::Rules {
                        preset: live.preset.clone(),
                        rules: Box::new(rules),
                    });
                }
            }
        }
        Outcome::reply(Reply::Rules {
            preset: preset.to_string(),
            rules: Box::new(defaults),
        })
    }

    /// A hand message's button, drawn for `version` of the match: checked against the state,
    /// applied, stored with what it requires to be shown, answered with the updated hand.
    pub async fn act(&self, caller: &Caller, match_id: i64, version: i64, mv: Move) -> Outcome {
        self.try_act(caller, match_id, version, mv, MadeOn::HandMessage)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    /// [`Matches::act`] for a move made elsewhere than on the player's hand message (the web
    /// table): that message, if one is open, is refreshed too, as the other players' are.
    pub async fn act_elsewhere(
        &self,
        caller: &Caller,
        match_id: i64,
        version: i64,
        mv: Move,
    ) -> Outcome {
        self.try_act(caller, match_id, version, mv, MadeOn::Elsewhere)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_act(
        &self,
        caller: &Caller,
        match_id: i64,
        version: i64,
        mv: Move,
        made_on: MadeOn,
    ) -> Result<Outcome, Failure> {
        let look = self.settings().player_look(caller.user_id).await;
        let mut live = self.hold(match_id).await?;
        played_here(&live, caller)?;
        let seat = live.seat_of(caller.user_id).ok_or(Refusal::NotAPlayer)?;
        let lang = caller.lang;
        let note = |live: &Held<'_>, note| {
            hand_outcome(live, lang, look, seat, HandMode::Normal, note, true)
        };
        if !live.is_active() {
            return Ok(note(&live, Some(Note::MatchOver)));
        }
        if version != live.game.press_version(seat, live.version) {
            return Ok(note(&live, Some(Note::Stale)));
        }
        let play = match mv {
            Move::Play(play) => play,
            Move::ShowKnocks => {
                return Ok(hand_outcome(
                    &live,
                    lang,
                    look,
                    seat,
                    HandMode::Knock,
                    None,
                    true,
                ))
            }
            Move::ShowSwaps => {
                return Ok(hand_outcome(
                    &live,
                    lang,
                    look,
                    seat,
                    HandMode::Swap,
                    None,
                    true,
                ))
            }
            Move::Back => return Ok(note(&live, None)),
            Move::Hint => {
                let hint = self.practice().hint(&mut live, seat).await?;
                return Ok(note(&live, Some(hint)));
            }
        };
        let event = Event::Play { seat, play };
        let answered = match made_on {
            MadeOn::HandMessage => Answered::Hand(seat),
            MadeOn::Elsewhere => Answered::Nothing,
        };
        match self
            .commit(&mut live, event, EndReason::Resigned, answered)
            .await?
        {
            Ok(deliveries) => {
                tracing::info!(
                    match_id,
                    seat,
                    play = %play.kind(),
                    version = live.version,
                    "action applied"
                );
                let mut out = note(&live, None);
                out.deliveries = deliveries;
                Ok(out)
            }
            Err(refused) => Ok(note(&live, Some(refusal_note(refused)))),
        }
    }

    /// `/gin resign`: the caller gives up their match in this channel; the answer is the
    /// match's end.
    pub async fn resign(&self, caller: &Caller) -> Outcome {
        let result = async {
            let id = self.match_here(caller).await?;
            let mut live = self.hold(id).await?;
            let seat = live.seat_of(caller.user_id).ok_or(Refusal::NotAPlayer)?;
            let deliveries = self
                .end_by_resignation(&mut live, seat, EndReason::Resigned, Answered::MatchEnd)
                .await?;
            let end = live
                .match_end_scene(self.settings().public_look(live.guild_id))
                .ok_or(Refusal::Internal)?;
            Ok::<_, Failure>(Outcome {
                reply: Reply::MatchEnd(Box::new(end)),
                deliveries,
                reply_is: None,
                hand_of: None,
            })
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }
}

/// Refuses a press on match `live` from anywhere but the server (none, outside servers) and
/// channel it is played in. Every button of a match (its table's, a hand message's) is there:
/// one from elsewhere is forged, and acting on it would have the process of another server
/// hold the match too.
fn played_here(live: &super::Live, caller: &Caller) -> Result<(), Failure> {
    if caller.place.shard_guild() == live.guild_id && caller.channel_id == live.channel_id {
        Ok(())
    } else {
        Err(Refusal::MatchElsewhere.into())
    }
}

/// A hand message as the answer (a new one, or an update of the pressed one).
fn hand_outcome(
    live: &super::Live,
    lang: Lang,
    look: CardLook,
    seat: Seat,
    mode: HandMode,
    note: Option<Note>,
    update: bool,
) -> Outcome {
    Outcome {
        reply: Reply::Hand {
            scene: Box::new(live.hand_scene(lang, seat, mode, note, look)),
            update,
        },
        deliveries: Deliveries::none(),
        reply_is: None,
        hand_of: Some((live.id, seat)),
    }
}

/// The engine's refusal as a note: a move that is no longer possible is a stale button.
fn refusal_note(e: GameError) -> Note {
    match e {
        e if e.is_match_over() => Note::MatchOver,
        e if e.is_hand_over() => Note::Stale,
        other => Note::Refused(other),
    }
}
