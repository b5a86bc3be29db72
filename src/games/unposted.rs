//! A challenge or a practice match opened without an interaction to answer (the web table),
//! whose public message could not be posted: nobody in chat can see or answer it, so it is
//! taken back at once, and its opener is free to open another.

use super::transition::Answered;
use super::{ChallengeState, Challenges, Deliveries, EndReason, Event, Failure, ReplyRole};

impl Challenges<'_> {
    /// Takes back what the unposted message of `role` opened: a challenge is withdrawn, a
    /// practice match cancelled. Returns what the cancel requires to be shown: nothing unless
    /// a table of the match was posted meanwhile (an AI's first move posts one).
    pub async fn unposted(&self, role: ReplyRole) -> Deliveries {
        let taken_back = match role {
            ReplyRole::Challenge(id) => self
                .db
                .challenges()
                .close_challenge(id, ChallengeState::Withdrawn)
                .await
                .map(|_| Deliveries::none())
                .map_err(Failure::from),
            ReplyRole::Table(match_id) => self.cancel_unposted(match_id).await,
            ReplyRole::Tournament(_) => Ok(Deliveries::none()),
        };
        taken_back.unwrap_or_else(|f| {
            tracing::warn!(?role, error = ?f, "taking back an unposted opening");
            Deliveries::none()
        })
    }

    async fn cancel_unposted(&self, match_id: i64) -> Result<Deliveries, Failure> {
        let mut live = self.hold(match_id).await?;
        if !live.is_active() {
            return Ok(Deliveries::none());
        }
        let shown = live.table_message_id.is_some();
        let cancelled = self
            .commit(
                &mut live,
                Event::Cancel,
                EndReason::Cancelled,
                Answered::Nothing,
            )
            .await?;
        let Ok(deliveries) = cancelled else {
            return Ok(Deliveries::none());
        };
        tracing::info!(match_id, "an unposted practice match cancelled");
        if shown {
            return Ok(deliveries);
        }
        // Nothing of it was shown in chat: nothing is shown of its end either.
        for row in &deliveries.rows {
            self.delivered(row.key);
        }
        Ok(Deliveries::none())
    }
}
