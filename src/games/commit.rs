//! Applying an accepted event to a held match: the one path every event takes, whoever
//! asked for it (a player, the AI, the sweeper, a moderator, the organizer).

use super::transition::{plan, record, transition, Answered};
use super::variants::{Event, GameError};
use super::{Deliveries, EndReason, Failure, Games, Held, Refusal};
use crate::engine::Seat;

impl Games {
    /// Applies `event` to the held match: the transition, its stored record with the outbox
    /// rows it requires (one transaction), then the match in memory. Returns the deliveries to
    /// carry out after answering, or the engine's refusal (nothing changed).
    pub(crate) async fn commit(
        &self,
        live: &mut Held<'_>,
        event: Event,
        resigned: EndReason,
        answered: Answered,
    ) -> Result<Result<Deliveries, GameError>, Failure> {
        let t = match transition(live, event, resigned) {
            Ok(t) => t,
            Err(e) => return Ok(Err(e)),
        };
        let handles = |seat| self.hand_handle(live.id, seat);
        let rows = plan(live, &t, answered, &handles).deliveries(
            live.id,
            live.version + 1,
            self.now_ms(),
            self.settings().timeouts_for(live.guild_id).ai_delay_ms,
        );
        let now = self.now();
        let saved = record(live, &t, now, &rows);
        if !self.db.matches().save_action(saved).await? {
            // Stored by someone else first (another process?): reload and call it stale.
            let row = self
                .db
                .matches()
                .load_match(live.id)
                .await?
                .ok_or(Refusal::UnknownMatch)?;
            **live = super::Live::from_row(row)?;
            return Err(Failure::User(Refusal::Stale));
        }
        if t.turn_changed() {
            // As stored: the table's countdown and the sweeper agree.
            live.turn_started_at = now;
        }
        live.game = t.next;
        live.version += 1;
        live.state = t.state;
        self.changed(live.id, live.channel_id, live.version);
        if live.event.is_some() && !live.is_active() {
            // A tournament match ended: its round may be complete.
            self.tournaments().wake_organizer();
        }
        Ok(Ok(Deliveries {
            rows,
            turn: Some(self.take_turn(live.id)),
        }))
    }

    /// Ends the held match by `seat`'s resignation or forfeit.
    pub(crate) async fn end_by_resignation(
        &self,
        live: &mut Held<'_>,
        seat: Seat,
        how: EndReason,
        answered: Answered,
    ) -> Result<Deliveries, Failure> {
        match self
            .commit(live, Event::Resign { seat }, how, answered)
            .await?
        {
            Ok(deliveries) => Ok(deliveries),
            Err(_) => Err(Failure::User(Refusal::MatchOver)),
        }
    }
}
