//! The moderators' commands on a running event, and the standings on demand.

use super::{Loaded, TournamentNote, TournamentPass, TournamentState, ROUND_MINUTES};
use crate::games::tournament::EntrantId;
use crate::games::{Caller, Failure, Outcome, Refusal, Reply, Tournaments, UserRef};
use crate::store::{CancelCause, Step};

impl Tournaments<'_> {
    /// `/tournament standings`: the channel's event (or the last one here) as it stands, for
    /// the caller only.
    pub async fn tournament_standings(&self, caller: &Caller) -> Outcome {
        let result = async {
            let id = self
                .db
                .tournaments()
                .latest_tournament_in(caller.channel_id)
                .await?
                .ok_or(Refusal::NoTournamentHere)?
                .id;
            let t = self
                .load_tournament(id)
                .await?
                .ok_or(Refusal::NoTournamentHere)?;
            let mut scene = self.tournament_scene_now(&t).await?;
            scene.lang = caller.lang;
            Ok::<_, Failure>(Outcome::reply(Reply::Standings(Box::new(scene))))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// `/tournament cancel` (Manage Server): the event ends unplayed; its matches in play are
    /// cancelled without scoring. Stored first; a pass finishes whatever a crash left.
    pub async fn tournament_cancel(&self, caller: &Caller, is_moderator: bool) -> Outcome {
        let result = async {
            let t = self.moderated(caller, is_moderator).await?;
            let step = Step {
                status: Some(TournamentState::Cancelled),
                ended_at: Some(self.now()),
                cancel_cause: Some(CancelCause::Moderator),
                ..Step::default()
            };
            if !self
                .db
                .tournaments()
                .store_step(t.row.id, t.row.version, step)
                .await?
            {
                return Err(Refusal::Stale.into());
            }
            tracing::info!(
                tournament = t.row.id,
                by = caller.user_id,
                "tournament cancelled"
            );
            let mut pass = TournamentPass::default();
            self.cancel_matches(&t, &mut pass).await;
            self.queue_deliveries(pass.deliveries);
            self.wake_organizer();
            Ok::<_, Failure>(Outcome::reply(Reply::TournamentDone {
                lang: caller.lang,
                note: TournamentNote::Cancelled { name: t.row.name },
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// `/tournament disqualify` (Manage Server): the player's entrant (their team) loses its
    /// open match by walkover and is never paired again; a match in play ends as their
    /// forfeit.
    pub async fn tournament_disqualify(
        &self,
        caller: &Caller,
        is_moderator: bool,
        player: &UserRef,
    ) -> Outcome {
        let result = async {
            let t = self.moderated(caller, is_moderator).await?;
            if t.row.status != TournamentState::Running {
                return Err(Refusal::TournamentNotRunning.into());
            }
            let entry = t.entry_of(player.id).ok_or(Refusal::NotAnEntrant)?;
            let mut event = t.core.clone().ok_or(Refusal::Internal)?;
            let id = EntrantId(entry.id as u64);
            if event.withdrawn().contains(&id) {
                return Err(Refusal::AlreadyOut.into());
            }
            event.disqualify(id).map_err(|_| Refusal::AlreadyOut)?;
            let step = Step {
                state_json: Some(serde_json::to_string(&event).expect("serializes")),
                out: vec![entry.id],
                ..Step::default()
            };
            if !self
                .db
                .tournaments()
                .store_step(t.row.id, t.row.version, step)
                .await?
            {
                return Err(Refusal::Stale.into());
            }
            tracing::info!(tournament = t.row.id, entry = entry.id, "disqualified");
            // The match in play ends now; the pass would end it too.
            let t = self
                .load_tournament(t.row.id)
                .await?
                .ok_or(Refusal::Internal)?;
            let mut pass = TournamentPass::default();
            self.end_withdrawn_matches(&t, &mut pass).await;
            self.queue_deliveries(pass.deliveries);
            self.wake_organizer();
            Ok::<_, Failure>(Outcome::reply(Reply::TournamentDone {
                lang: caller.lang,
                note: TournamentNote::Disqualified {
                    name: t.row.name,
                    user: player.id,
                },
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// `/tournament extend` (Manage Server): the current round's deadline moves `minutes`
    /// later (from now, if it has passed), on the event and on its matches in play.
    pub async fn tournament_extend(
        &self,
        caller: &Caller,
        is_moderator: bool,
        minutes: i64,
    ) -> Outcome {
        let result = async {
            let t = self.moderated(caller, is_moderator).await?;
            if t.row.status != TournamentState::Running {
                return Err(Refusal::TournamentNotRunning.into());
            }
            if !(ROUND_MINUTES.0..=ROUND_MINUTES.1).contains(&minutes) {
                return Err(Refusal::TournamentTimes.into());
            }
            let from = t.row.round_deadline.unwrap_or_default().max(self.now());
            let deadline = from + minutes * 60;
            let step = Step {
                round_deadline: Some(deadline),
                match_deadline: Some(deadline),
                ..Step::default()
            };
            if !self
                .db
                .tournaments()
                .store_step(t.row.id, t.row.version, step)
                .await?
            {
                return Err(Refusal::Stale.into());
            }
            for id in self
                .db
                .tournaments()
                .tournament_matches_in_play(t.row.id)
                .await?
            {
                if let Ok(mut live) = self.hold(id).await {
                    if let Some(e) = live.event.as_mut() {
                        e.deadline = deadline;
                    }
                    // The table shows the deadline: so do the other processes' views of it.
                    self.touched(id, live.channel_id, live.version);
                }
            }
            self.wake_organizer();
            Ok::<_, Failure>(Outcome::reply(Reply::TournamentDone {
                lang: caller.lang,
                note: TournamentNote::Extended {
                    name: t.row.name,
                    deadline,
                },
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// A tournament of the caller's server by its name (the newest of that name) or number:
    /// the leaderboard's filter (a DM's board has no tournaments).
    pub async fn find_tournament(&self, caller: &Caller, text: &str) -> Result<i64, Refusal> {
        let guild = caller.guild_id().ok_or(Refusal::ServersOnlyBoard)?;
        let all = self
            .db
            .tournaments()
            .tournament_names(guild)
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "reading tournaments");
                Refusal::Internal
            })?;
        let text = text.trim().trim_start_matches('#');
        all.iter()
            .find(|(id, name)| name.eq_ignore_ascii_case(text) || id.to_string() == text)
            .map(|(id, _)| *id)
            .ok_or(Refusal::NoSuchTournament)
    }

    /// The channel's open event, for a moderator.
    async fn moderated(&self, caller: &Caller, is_moderator: bool) -> Result<Loaded, Failure> {
        if !is_moderator {
            return Err(Refusal::ModeratorsOnly.into());
        }
        self.tournament_here(caller.channel_id).await
    }
}
