//! The ledger of the place a command comes from (a server, a DM, a group DM): boards, figures,
//! score sheets, replays, exports.

use super::{answer, caller, is_moderator, user_ref, Context, Error};
use crate::games::ledger::FormatFilter;
use crate::games::Outcome;
use poise::serenity_prelude as serenity;
use std::borrow::Cow;

/// Leaderboard orderings as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SortChoice {
    #[name = "net"]
    Net,
    #[name = "wins"]
    Wins,
    #[name = "winrate"]
    WinRate,
    #[name = "gins"]
    Gins,
    #[name = "rating"]
    Rating,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PeriodChoice {
    #[name = "all"]
    All,
    #[name = "30d"]
    Days30,
    #[name = "7d"]
    Days7,
}

/// The ledger's format filters as a choice, read from their table: a new game's filter is
/// offered with no change here. Registered as poise's derive would: integers, by position.
#[derive(Debug, Clone, Copy)]
pub struct FormatChoice(FormatFilter);

impl poise::ChoiceParameter for FormatChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        FormatFilter::all()
            .iter()
            .map(|f| poise::CommandParameterChoice {
                name: Cow::Borrowed(f.name),
                // Set from the catalogue (`choice-<name>`) by `localize`.
                localizations: Cow::Borrowed(&[]),
                __non_exhaustive: (),
            })
            .collect::<Vec<_>>()
            .into()
    }

    fn from_index(index: usize) -> Option<FormatChoice> {
        FormatFilter::all().get(index).copied().map(FormatChoice)
    }

    fn from_name(name: &str) -> Option<FormatChoice> {
        FormatFilter::all()
            .into_iter()
            .find(|f| f.name.eq_ignore_ascii_case(name))
            .map(FormatChoice)
    }

    fn name(&self) -> &'static str {
        self.0.name
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

fn format_filter(format: Option<FormatChoice>) -> FormatFilter {
    format.map_or(FormatFilter::Any, |c| c.0)
}

/// The leaderboard of this server or chat.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    sort: Option<SortChoice>,
    period: Option<PeriodChoice>,
    format: Option<FormatChoice>,
    season: Option<String>,
    #[max_length = 60] tournament: Option<String>,
) -> Result<(), Error> {
    use crate::games::ledger::{BoardQuery, Period};
    let games = &ctx.data().games;
    let tournament = match tournament {
        Some(text) => match games
            .tournaments()
            .find_tournament(&caller(ctx), &text)
            .await
        {
            Ok(id) => Some(id),
            Err(why) => return answer(ctx, Outcome::refusal(why)).await,
        },
        None => None,
    };
    let season = match season {
        Some(text) => match games.seasons().find_season(&caller(ctx), &text).await {
            Ok(n) => Some(n),
            Err(why) => return answer(ctx, Outcome::refusal(why)).await,
        },
        None => None,
    };
    use crate::games::BoardSort;
    let q = BoardQuery {
        sort: match sort.unwrap_or(SortChoice::Net) {
            SortChoice::Net => BoardSort::Net,
            SortChoice::Wins => BoardSort::Wins,
            SortChoice::WinRate => BoardSort::WinRate,
            SortChoice::Gins => BoardSort::Gins,
            SortChoice::Rating => BoardSort::Rating,
        },
        period: match period.unwrap_or(PeriodChoice::All) {
            PeriodChoice::All => Period::All,
            PeriodChoice::Days30 => Period::Days30,
            PeriodChoice::Days7 => Period::Days7,
        },
        format: format_filter(format),
        page: 0,
        season,
        tournament,
    };
    let outcome = games.ledger().leaderboard(&caller(ctx), q, false).await;
    answer(ctx, outcome).await
}

/// A player's figures in this server or chat, or the caller's own from everywhere.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    player: Option<serenity::User>,
    format: Option<FormatChoice>,
    everywhere: Option<bool>,
) -> Result<(), Error> {
    let player = player.as_ref().map(user_ref);
    let (caller, format) = (caller(ctx), format_filter(format));
    let ledger = ctx.data().games.ledger();
    let outcome = if everywhere.unwrap_or(false) {
        ledger
            .stats_everywhere(&caller, player.as_ref(), format)
            .await
    } else {
        ledger.stats(&caller, player.as_ref(), format).await
    };
    answer(ctx, outcome).await
}

/// A player's recent matches here with their score sheets.
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    player: Option<serenity::User>,
    format: Option<FormatChoice>,
) -> Result<(), Error> {
    let player = player.as_ref().map(user_ref);
    let outcome = ctx
        .data()
        .games
        .ledger()
        .history(&caller(ctx), player.as_ref(), format_filter(format))
        .await;
    answer(ctx, outcome).await
}

/// A finished hand, step by step, rebuilt from its seed and the action log.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[min = 1]
    match_id: i64,
    #[min = 1]
    #[max = 1000]
    hand: Option<i64>,
) -> Result<(), Error> {
    let deal = hand.map(|h| (h.max(1) - 1) as u32);
    let outcome = ctx
        .data()
        .games
        .ledger()
        .replay(&caller(ctx), match_id, deal, None, false)
        .await;
    answer(ctx, outcome).await
}

/// Your own matches here as CSV.
#[poise::command(slash_command)]
pub async fn export(ctx: Context<'_>, #[min = 1] before: Option<i64>) -> Result<(), Error> {
    export_ledger(ctx, true, before).await
}

/// The caller's own matches (`mine`) or the server's ledger (moderators) as a CSV file.
pub(super) async fn export_ledger(
    ctx: Context<'_>,
    mine: bool,
    before: Option<i64>,
) -> Result<(), Error> {
    // Reading and attaching a large ledger may take longer than Discord's 3 s.
    ctx.defer_ephemeral().await?;
    let outcome = ctx
        .data()
        .games
        .ledger()
        .export(&caller(ctx), is_moderator(ctx), mine, before)
        .await;
    answer(ctx, outcome).await
}
