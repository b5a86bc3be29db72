//! `/gin replay`: a finished hand of a finished match, step by step, rebuilt from the match's
//! seed and its stored action log alone (never from the stored state), so what it shows is
//! what anyone holding the seed and the log would get. Never for a match in play: its hands
//! and its seeds are still secret. Nor, outside the channel it was played in, for anyone but
//! its players ([`may_see_hands`]).

use super::{Caller, Failure, Ledger, Outcome, Place, Refusal, Reply};
use crate::engine::{Hand, HandRecord, Listed, Match, MatchEvent};
use crate::i18n::Lang;
use crate::store::MatchRow;

/// The key of the ledger stored match `row` counts in: its server, or its DM's channel.
pub(crate) fn ledger_key(row: &MatchRow) -> u64 {
    Place::stored(row.place_kind, row.guild_id, row.channel_id).ledger_key()
}

/// Whether `caller` may see the hands of finished match `row` (a replay, a score sheet): its
/// players anywhere in its place (its server, or its DM), anyone else only in the channel (or
/// thread) it was played in, so a moderators' channel's or a private thread's matches stay
/// there. Match ids are small integers anyone can guess.
pub(crate) fn may_see_hands(caller: &Caller, row: &MatchRow) -> bool {
    caller.place.ledger_key() == ledger_key(row)
        && (caller.channel_id == row.channel_id
            || row.players.iter().any(|p| p.0 == caller.user_id))
}

/// One step of a replayed hand.
#[derive(Clone, Debug)]
pub struct ReplayScene {
    pub lang: Lang,
    pub match_id: i64,
    pub names: Vec<String>,
    /// Zero-based deal number, and how many deals the match had.
    pub deal: u32,
    pub deals: u32,
    /// Zero-based step (0: as dealt), and how many steps there are.
    pub step: usize,
    pub steps: usize,
    /// The hand after this step (both hands shown: the match is over).
    pub hand: Hand,
    /// The stored record of the deal, shown at its last step.
    pub record: Option<HandRecord>,
}

impl Ledger<'_> {
    /// Match `match_id` of the caller's place, if the caller may see its hands
    /// ([`may_see_hands`]); another place's is not known here.
    pub(crate) async fn match_with_hands(
        &self,
        caller: &Caller,
        match_id: i64,
    ) -> Result<MatchRow, Failure> {
        let row = self
            .db
            .matches()
            .load_match(match_id)
            .await?
            .filter(|r| ledger_key(r) == caller.place.ledger_key())
            .ok_or(Refusal::UnknownMatch)?;
        if !may_see_hands(caller, &row) {
            return Err(Refusal::PlayedElsewhere.into());
        }
        Ok(row)
    }

    /// Step `step` (clamped; `None`: the first) of deal `deal` (zero-based; `None`: the
    /// first) of finished match `match_id` of the caller's place.
    pub async fn replay(
        &self,
        caller: &Caller,
        match_id: i64,
        deal: Option<u32>,
        step: Option<usize>,
        update: bool,
    ) -> Outcome {
        self.try_replay(caller, match_id, deal, step, update)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_replay(
        &self,
        caller: &Caller,
        match_id: i64,
        deal: Option<u32>,
        step: Option<usize>,
        update: bool,
    ) -> Result<Outcome, Failure> {
        // Every step (a Previous or Next press too) asks again.
        let row = self.match_with_hands(caller, match_id).await?;
        if row.status.is_active() {
            return Err(Refusal::ReplayInPlay.into());
        }
        if row.format.game() != <Match as Listed>::KIND {
            return Err(Refusal::ReplayGinOnly.into());
        }
        let stored: Match =
            serde_json::from_str(&row.state_json).map_err(|e| super::live::corrupt(match_id, e))?;
        let mut log = Vec::new();
        for (_, json) in self.db.matches().match_actions(match_id).await? {
            let event: MatchEvent =
                serde_json::from_str(&json).map_err(|e| super::live::corrupt(match_id, e))?;
            log.push(event);
        }
        let replayed = Match::replay(stored.rules.clone(), stored.seats, stored.seed, &log)
            .map_err(|_| Refusal::Internal)?;
        let deals = replayed.history.len() as u32;
        let deal = deal.unwrap_or(0);
        if deal >= deals {
            return Err(Refusal::NoSuchHand.into());
        }
        let steps = replayed.hand_steps(deal).ok_or(Refusal::NoSuchHand)?;
        let step = step.unwrap_or(0).min(steps.len() - 1);
        let last = step + 1 == steps.len();
        let scene = ReplayScene {
            lang: caller.lang,
            match_id,
            names: row.players.iter().map(|p| p.1.clone()).collect(),
            deal,
            deals,
            step,
            steps: steps.len(),
            hand: steps[step].clone(),
            record: last.then(|| replayed.history[deal as usize].clone()),
        };
        Ok(Outcome::reply(Reply::Replay {
            scene: Box::new(scene),
            update,
        }))
    }
}
