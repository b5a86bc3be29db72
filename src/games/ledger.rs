//! The ledger's commands: leaderboards, stats, history, score sheets, and moderators' cancel.
//! Every query names the caller's server: no server ever sees another's rows. Public answers
//! speak the server's language, the score sheet (only for the presser) the presser's.

use super::{Caller, Effect, Failure, Games, Outcome, UserRef};
use crate::discord::ledger_view;
use crate::discord::model::Response;
use crate::store::BoardSort;

/// Which matches a leaderboard counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    All,
    Days30,
    Days7,
}

impl Period {
    fn since(self, now: i64) -> i64 {
        match self {
            Period::All => i64::MIN,
            Period::Days30 => now - 30 * 86_400,
            Period::Days7 => now - 7 * 86_400,
        }
    }
}

/// Two-player, three-player or all matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatFilter {
    Any,
    Two,
    Three,
}

impl FormatFilter {
    fn sql(self) -> Option<&'static str> {
        match self {
            FormatFilter::Any => None,
            FormatFilter::Two => Some("two"),
            FormatFilter::Three => Some("three"),
        }
    }
}

/// One page of one leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardQuery {
    pub sort: BoardSort,
    pub period: Period,
    pub format: FormatFilter,
    /// Zero-based.
    pub page: u32,
}

/// Rows per leaderboard page.
pub const PAGE: usize = 10;
/// Matches needed to appear on the win-rate board.
pub const WIN_RATE_MIN_MATCHES: i64 = 5;
/// Matches listed by `/gin history`.
pub const HISTORY_LEN: i64 = 10;

/// The server and the player a stats or history command is about (the caller by default).
fn subject(caller: &Caller, player: Option<&UserRef>) -> Result<(u64, u64, String), Failure> {
    let guild = caller.guild_id.ok_or(Failure::User("err-guild-only"))?;
    Ok(match player {
        Some(p) => (guild, p.id, p.name.clone()),
        None => (guild, caller.user_id, caller.name.clone()),
    })
}

impl Games {
    /// `/gin leaderboard` (a new message) or a page button (`update`).
    pub async fn leaderboard(&self, caller: &Caller, q: BoardQuery, update: bool) -> Outcome {
        let result = async {
            let guild = caller.guild_id.ok_or(Failure::User("err-guild-only"))?;
            let min = if q.sort == BoardSort::WinRate {
                WIN_RATE_MIN_MATCHES
            } else {
                1
            };
            let rows = self
                .db
                .leaderboard(
                    guild,
                    q.period.since(self.now()),
                    q.format.sql(),
                    q.sort,
                    min,
                )
                .await?;
            let msg = ledger_view::leaderboard(caller.guild_lang, &rows, q, caller.user_id);
            Ok::<_, Failure>(Outcome::reply(if update {
                Response::Update(msg)
            } else {
                Response::Public(msg)
            }))
        }
        .await;
        result.unwrap_or_else(|f| f.into_outcome(caller.lang))
    }

    /// `/gin stats [player]`.
    pub async fn stats(
        &self,
        caller: &Caller,
        player: Option<&UserRef>,
        format: FormatFilter,
    ) -> Outcome {
        let result = async {
            let (guild, user, name) = subject(caller, player)?;
            let stats = self.db.player_stats(guild, user, format.sql()).await?;
            Ok::<_, Failure>(Outcome::reply(Response::Public(ledger_view::stats(
                caller.guild_lang,
                &name,
                stats.as_ref(),
            ))))
        }
        .await;
        result.unwrap_or_else(|f| f.into_outcome(caller.lang))
    }

    /// `/gin history [player]`: recent matches, each with a score-sheet button.
    pub async fn history(
        &self,
        caller: &Caller,
        player: Option<&UserRef>,
        format: FormatFilter,
    ) -> Outcome {
        let result = async {
            let (guild, user, name) = subject(caller, player)?;
            let rows = self
                .db
                .history(guild, user, format.sql(), HISTORY_LEN)
                .await?;
            Ok::<_, Failure>(Outcome::reply(Response::Public(ledger_view::history(
                caller.guild_lang,
                &name,
                &rows,
            ))))
        }
        .await;
        result.unwrap_or_else(|f| f.into_outcome(caller.lang))
    }

    /// A history button: one match's score sheet, for the presser only.
    pub(crate) async fn sheet(&self, caller: &Caller, match_id: i64) -> Result<Outcome, Failure> {
        let guild = caller.guild_id.ok_or(Failure::User("err-guild-only"))?;
        let sheet = self
            .db
            .score_sheet(guild, match_id)
            .await?
            .ok_or(Failure::User("err-unknown-match"))?;
        Ok(Outcome::reply(Response::Ephemeral(ledger_view::sheet(
            caller.lang,
            &sheet,
        ))))
    }

    /// `/gin cancel [player]` (Manage Server): ends a stuck match here without scoring.
    pub async fn cancel(
        &self,
        caller: &Caller,
        is_moderator: bool,
        player: Option<&UserRef>,
    ) -> Outcome {
        let lang = caller.lang;
        if !is_moderator {
            return Outcome::refusal(lang, "err-moderators-only");
        }
        let result = async {
            let ids = match player {
                Some(p) => self
                    .db
                    .active_match_for(caller.channel_id, p.id)
                    .await?
                    .into_iter()
                    .collect(),
                None => self.db.active_matches_in_channel(caller.channel_id).await?,
            };
            let id = match ids.as_slice() {
                [] => return Err(Failure::User("err-nothing-to-cancel")),
                [id] => *id,
                _ => return Err(Failure::User("err-cancel-which")),
            };
            let mut guard = self.lock(id).await?;
            if !self.db.cancel_match(id, self.now()).await? {
                return Err(Failure::User("err-match-over"));
            }
            if let Some(live) = guard.as_mut() {
                live.status = "cancelled".into();
                live.version += 1;
            }
            drop(guard);
            self.evict(id);
            tracing::info!(match_id = id, by = caller.user_id, "match cancelled");
            Ok(Outcome {
                response: Response::Public(ledger_view::cancelled(caller.guild_lang, caller)),
                effects: vec![Effect::RefreshTable(id)],
                hand_of: None,
            })
        }
        .await;
        result.unwrap_or_else(|f| f.into_outcome(lang))
    }
}
