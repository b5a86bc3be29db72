//! What one person sees of a match, for a presentation that follows a match live (the web
//! table): their own hand if they play it, else the public table; and the news that a match
//! changed, so that such a view can be shown again.

use super::scenes::{HandMode, HandScene, TableScene};
use super::variants::{DealOf, EndOf};
use super::CardLook;
use super::{Failure, Following, Games, Refusal};
use crate::engine::Seat;
use crate::i18n::Lang;

/// A match changed: an action was stored, or it was dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub match_id: i64,
    pub channel_id: u64,
}

/// How many changes wait for a slow follower before it skips to the newest (it then reads
/// the match again: nothing is lost but the steps between).
pub(super) const CHANGES_KEPT: usize = 1024;

/// One person's sight of a match.
#[derive(Clone, Debug)]
pub struct Sight {
    /// The public table (with its turn clock).
    pub table: TableScene,
    /// Their own hand, if they play the match.
    pub hand: Option<HandScene>,
    pub seat: Option<Seat>,
    /// Whether the match is still being played.
    pub active: bool,
    /// The last finished deal, public with its showdown (the next deal is dealt at once).
    pub last_deal: Option<DealOf>,
    /// The match's settlement, once it has one.
    pub end: Option<EndOf>,
}

/// An open challenge to one person, waiting for their answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenged {
    pub id: i64,
    /// Who challenged them: id and name.
    pub by: (u64, String),
    /// When it runs out (seconds).
    pub expires_at: i64,
}

impl Games {
    /// Tells the followers (none listening is fine).
    pub(crate) fn changed(&self, match_id: i64, channel_id: u64) {
        let _ = self.changes.send(Change {
            match_id,
            channel_id,
        });
    }
}

impl Following<'_> {
    /// News of every match this process changes, from now on.
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<Change> {
        self.changes.subscribe()
    }

    /// The match `user` follows in `channel`: their own match being played there; else
    /// `before` (one followed so far) if it was theirs, so that they see how it ended; else
    /// the newest match being played there; else `before`.
    pub async fn followed_match(
        &self,
        channel_id: u64,
        user_id: u64,
        before: Option<(i64, bool)>,
    ) -> Result<Option<i64>, Refusal> {
        let found = async {
            if let Some(id) = self
                .db
                .matches()
                .active_match_for(channel_id, user_id)
                .await?
            {
                return Ok::<_, Failure>(Some(id));
            }
            if let Some((id, true)) = before {
                return Ok(Some(id));
            }
            let newest = self
                .db
                .matches()
                .active_matches_in_channel(channel_id)
                .await?;
            Ok(newest.into_iter().max().or(before.map(|(id, _)| id)))
        }
        .await;
        found.map_err(Failure::refusal)
    }

    /// The oldest open challenge in `channel` to `user` that they have not accepted yet.
    pub async fn challenged(
        &self,
        channel_id: u64,
        user_id: u64,
    ) -> Result<Option<Challenged>, Refusal> {
        let open = self
            .db
            .challenges()
            .open_in_channel(channel_id, self.now())
            .await
            .map_err(|e| Failure::from(e).refusal())?;
        Ok(open
            .into_iter()
            .find(|c| c.opponents.iter().any(|o| o.0 == user_id) && !c.accepted.contains(&user_id))
            .map(|c| Challenged {
                id: c.id,
                by: c.challenger,
                expires_at: c.expires_at,
            }))
    }

    /// What `user` sees of match `match_id` (in `channel`: a match elsewhere is not shown),
    /// their own hand in `lang`.
    pub async fn sight(
        &self,
        match_id: i64,
        channel_id: u64,
        user_id: u64,
        lang: Lang,
    ) -> Result<Sight, Refusal> {
        let live = self.hold(match_id).await.map_err(Failure::refusal)?;
        if live.channel_id != channel_id {
            return Err(Refusal::UnknownMatch);
        }
        let seat = live.seat_of(user_id);
        let mut table = live.table_scene(
            &self.settings().timeouts_for(live.guild_id),
            self.settings().public_look(live.guild_id),
        );
        table.lang = lang;
        let done = live.game.deals_done();
        let last_deal = done
            .checked_sub(1)
            .and_then(|i| live.game.finished_deals(i).last().copied())
            .and_then(|d| live.game.deal(d));
        Ok(Sight {
            last_deal,
            end: live.game.end(),
            table,
            // The card look is the chat's (emojis or text); a page draws its own cards.
            hand: seat
                .map(|s| live.hand_scene(lang, s, HandMode::Normal, None, CardLook::default())),
            seat,
            active: live.is_active(),
        })
    }
}
