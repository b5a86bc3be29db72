//! `/tournament`: Swiss, knockout and round-robin events over ordinary Gin matches. A
//! top-level command of its own: Discord counts a command's names, descriptions and choices
//! against one limit, and `/gin` has little room left.

use super::choices::{ModeChoice, PresetChoice};
use super::{answer, caller, is_moderator, user_ref, Context, Error};
use crate::engine::Preset;
use crate::games::organizer::{FormatAsk, TournamentRequest};
use crate::games::GinChoice;
use poise::serenity_prelude as serenity;

/// How the event is played, as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "swiss"]
    Swiss,
    #[name = "knockout"]
    Knockout,
    #[name = "round_robin"]
    RoundRobin,
}

/// Sign-up lasts an hour unless the moderator says otherwise.
const SIGNUP_MINUTES: i64 = 60;
/// A round lasts a day unless the moderator says otherwise.
const ROUND_MINUTES: i64 = 24 * 60;

/// Tournaments: Swiss, knockout or round robin.
#[poise::command(
    slash_command,
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    subcommands(
        "create",
        "join",
        "leave",
        "begin",
        "standings",
        "cancel",
        "disqualify",
        "extend"
    ),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a tournament in this channel (Manage Server).
#[allow(clippy::too_many_arguments)] // one per slash-command option
#[poise::command(slash_command, guild_only)]
pub async fn create(
    ctx: Context<'_>,
    #[max_length = 60] name: String,
    format: FormatChoice,
    #[min = 1]
    #[max = 30]
    rounds: Option<i64>,
    #[min = 1]
    #[max = 10080]
    signup_minutes: Option<i64>,
    #[min = 5]
    #[max = 10080]
    round_minutes: Option<i64>,
    mode: Option<ModeChoice>,
    preset: Option<PresetChoice>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
    straight: Option<bool>,
    hollywood: Option<bool>,
) -> Result<(), Error> {
    let ask = TournamentRequest {
        name,
        format: match format {
            FormatChoice::Swiss => FormatAsk::Swiss {
                // Out of range reaches the check as 0 rounds asked, never clamped into it.
                rounds: rounds.map(|r| u32::try_from(r).unwrap_or(0)),
            },
            FormatChoice::Knockout => FormatAsk::Knockout,
            FormatChoice::RoundRobin => FormatAsk::RoundRobin,
        },
        game: ModeChoice::game(
            mode,
            GinChoice {
                preset: preset.map(Preset::from),
                straight: straight.unwrap_or(false),
                hollywood: hollywood.unwrap_or(false),
            },
        ),
        target,
        signup_minutes: signup_minutes.unwrap_or(SIGNUP_MINUTES),
        round_minutes: round_minutes.unwrap_or(ROUND_MINUTES),
    };
    let outcome = ctx
        .data()
        .games
        .tournaments()
        .tournament_create(&caller(ctx), is_moderator(ctx), can_post(ctx), ask)
        .await;
    answer(ctx, outcome).await
}

/// Whether the bot may post in the channel: the interaction carries its permissions there.
/// None given (an old gateway payload): assumed, and a failed post is retried and logged.
fn can_post(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions.is_none_or(|p| {
            p.contains(serenity::Permissions::VIEW_CHANNEL | serenity::Permissions::SEND_MESSAGES)
        }),
        poise::Context::Prefix(_) => false,
    }
}

/// Join this channel's tournament (a team tournament: with your partner).
#[poise::command(slash_command, guild_only)]
pub async fn join(ctx: Context<'_>, partner: Option<serenity::User>) -> Result<(), Error> {
    let partner = partner.as_ref().map(user_ref);
    let outcome = ctx
        .data()
        .games
        .tournaments()
        .tournament_join(&caller(ctx), partner.as_ref(), None)
        .await;
    answer(ctx, outcome).await
}

/// Leave this channel's tournament before it starts.
#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .tournaments()
        .tournament_leave(&caller(ctx), None)
        .await;
    answer(ctx, outcome).await
}

/// Start this channel's tournament now (Manage Server).
#[poise::command(slash_command, guild_only, rename = "start")]
pub async fn begin(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .tournaments()
        .tournament_start(&caller(ctx), is_moderator(ctx))
        .await;
    answer(ctx, outcome).await
}

/// This channel's tournament as it stands.
#[poise::command(slash_command, guild_only)]
pub async fn standings(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .tournaments()
        .tournament_standings(&caller(ctx))
        .await;
    answer(ctx, outcome).await
}

/// Call off this channel's tournament (Manage Server).
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .tournaments()
        .tournament_cancel(&caller(ctx), is_moderator(ctx))
        .await;
    answer(ctx, outcome).await
}

/// Disqualify a player (their team) from this channel's tournament (Manage Server).
#[poise::command(slash_command, guild_only)]
pub async fn disqualify(ctx: Context<'_>, player: serenity::User) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .tournaments()
        .tournament_disqualify(&caller(ctx), is_moderator(ctx), &user_ref(&player))
        .await;
    answer(ctx, outcome).await
}

/// Give the current round more time (Manage Server).
#[poise::command(slash_command, guild_only)]
pub async fn extend(
    ctx: Context<'_>,
    #[min = 5]
    #[max = 10080]
    minutes: i64,
) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .tournaments()
        .tournament_extend(&caller(ctx), is_moderator(ctx), minutes)
        .await;
    answer(ctx, outcome).await
}
