//! After a match: a rematch (the same players and rules, a new challenge, or at once against
//! the AI), and `/gin watch` (the table of a match, for the caller only, never a hand).

use super::challenge::UserRef;
use super::{Caller, Failure, Matches, Outcome, Refusal, Reply};

impl Matches<'_> {
    /// The match end's Rematch button: a player of the ended match challenges the others to
    /// the same game under the same rules, seated as before from the presser on (partners
    /// stay opposite). Against the bot, the new match starts at once.
    pub async fn rematch(&self, caller: &Caller, match_id: i64) -> Outcome {
        self.try_rematch(caller, match_id)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_rematch(&self, caller: &Caller, match_id: i64) -> Result<Outcome, Failure> {
        // The ended match stays held until the rematch exists: a second press (a double
        // click, or the other player's) waits, then finds the players busy.
        let live = self.hold(match_id).await?;
        let (players, rules, preset, level, ai) = {
            // Its match end is in its place and channel: a button from anywhere else is forged.
            if live.guild_id != caller.place.shard_guild() || live.channel_id != caller.channel_id {
                return Err(Refusal::UnknownMatch.into());
            }
            let seat = live.seat_of(caller.user_id).ok_or(Refusal::NotAPlayer)?;
            if live.ai[usize::from(seat)] {
                return Err(Refusal::NotAPlayer.into());
            }
            if live.is_active() {
                return Err(Refusal::RematchInPlay.into());
            }
            let n = live.users.len();
            let players: Vec<(u64, String, bool)> = (0..n)
                .map(|i| (usize::from(seat) + i) % n)
                .map(|s| (live.users[s], live.names[s].clone(), live.ai[s]))
                .collect();
            let ai = live.ai.iter().any(|&a| a);
            (
                players,
                live.rules(),
                live.preset.clone(),
                live.ai_level,
                ai,
            )
        };
        if ai {
            if self
                .db
                .challenges()
                .busy_in_channel(caller.channel_id, caller.user_id)
                .await?
            {
                return Err(Refusal::YouBusy.into());
            }
            let level = level.unwrap_or(crate::engine::ai::Level::Medium);
            return self
                .practice()
                .start_practice(caller, level, &preset, rules, players)
                .await;
        }
        let opponents: Vec<UserRef> = players[1..]
            .iter()
            .map(|(id, name, _)| UserRef {
                id: *id,
                name: name.clone(),
                bot: false,
            })
            .collect();
        self.challenges()
            .open_challenge(caller, &opponents, &preset, rules)
            .await
    }

    /// `/gin watch [player]`: the table of `player`'s match in this channel (else of the
    /// newest match here), for the caller only; `match_id` for its Refresh button.
    pub async fn watch(
        &self,
        caller: &Caller,
        player: Option<u64>,
        match_id: Option<i64>,
    ) -> Outcome {
        let found = async {
            let id = match (match_id, player) {
                (Some(id), _) => Some(id),
                (None, Some(user)) => {
                    self.db
                        .matches()
                        .active_match_for(caller.channel_id, user)
                        .await?
                }
                (None, None) => self
                    .db
                    .matches()
                    .active_matches_in_channel(caller.channel_id)
                    .await?
                    .into_iter()
                    .max(),
            };
            let id = id.ok_or(Refusal::NothingToWatch)?;
            let live = self.hold(id).await?;
            if live.channel_id != caller.channel_id {
                return Err(Refusal::NothingToWatch.into());
            }
            Ok::<_, Failure>(Outcome::reply(Reply::Watch {
                scene: Box::new(live.table_scene(
                    &self.settings().timeouts_for(live.guild_id),
                    self.settings().public_look(live.guild_id),
                )),
                update: match_id.is_some(),
            }))
        }
        .await;
        found.unwrap_or_else(Failure::into_outcome)
    }
}
