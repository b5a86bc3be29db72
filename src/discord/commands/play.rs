//! Playing: challenge, practice, the hand, resigning, watching, the rules, the card look.

use super::choices::{LevelChoice, LookChoice, ModeChoice, PresetChoice};
use super::{answer, bot_user, caller, user_ref, Context, Error};
use crate::engine::ai::Level;
use crate::engine::Preset;
use crate::games::{CardLook, ChallengeRequest, GameChoice, GinChoice, TeamMode, PRACTICE_LEVEL};
use poise::serenity_prelude as serenity;

/// Challenge one to three players to a match.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn start(
    ctx: Context<'_>,
    opponent: serenity::User,
    opponent2: Option<serenity::User>,
    opponent3: Option<serenity::User>,
    mode: Option<ModeChoice>,
    partner: Option<serenity::User>,
    preset: Option<PresetChoice>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
    straight: Option<bool>,
    hollywood: Option<bool>,
) -> Result<(), Error> {
    let game = gin(preset, straight, hollywood, mode);
    let ask = ChallengeRequest {
        named: [Some(&opponent), opponent2.as_ref(), opponent3.as_ref()]
            .into_iter()
            .flatten()
            .map(user_ref)
            .collect(),
        partner: partner.as_ref().map(user_ref),
        game,
        target,
    };
    let outcome = ctx
        .data()
        .games
        .challenge(&caller(ctx), ask, bot_user(ctx))
        .await;
    answer(ctx, outcome).await
}

/// Play a match against the bot.
#[poise::command(slash_command, guild_only)]
pub async fn practice(
    ctx: Context<'_>,
    level: Option<LevelChoice>,
    preset: Option<PresetChoice>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
    straight: Option<bool>,
    hollywood: Option<bool>,
    mode: Option<ModeChoice>,
) -> Result<(), Error> {
    let game = gin(preset, straight, hollywood, mode);
    // Gin's seats follow from the game (four in a team game).
    practice_against_bot(ctx, level, game, 2, target).await
}

/// A Gin match as the options give it: an option left out is off, or the server's preset.
fn gin(
    preset: Option<PresetChoice>,
    straight: Option<bool>,
    hollywood: Option<bool>,
    mode: Option<ModeChoice>,
) -> GameChoice {
    GameChoice::Gin(GinChoice {
        preset: preset.map(Preset::from),
        straight: straight.unwrap_or(false),
        hollywood: hollywood.unwrap_or(false),
        teams: mode.map(TeamMode::from),
    })
}

/// A practice match of `game` with `seats` players, all but the caller the bot's AI.
pub(super) async fn practice_against_bot(
    ctx: Context<'_>,
    level: Option<LevelChoice>,
    game: GameChoice,
    seats: u8,
    target: Option<i64>,
) -> Result<(), Error> {
    let level = level.map(Level::from).unwrap_or(PRACTICE_LEVEL);
    let outcome = ctx
        .data()
        .games
        .practice(&caller(ctx), level, game, seats, target, bot_user(ctx))
        .await;
    answer(ctx, outcome).await
}

/// Show your hand in your match here.
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx.data().games.my_hand(&caller(ctx)).await;
    answer(ctx, outcome).await
}

/// Give up your match here.
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx.data().games.resign(&caller(ctx)).await;
    answer(ctx, outcome).await
}

/// How your own hand messages show cards, in every server (no option: shows it).
#[poise::command(slash_command)]
pub async fn cards(ctx: Context<'_>, look: Option<LookChoice>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .set_card_look(&caller(ctx), look.map(CardLook::from))
        .await;
    answer(ctx, outcome).await
}

/// Show the table of a match in this channel, only to you.
#[poise::command(slash_command, guild_only)]
pub async fn watch(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let player = player.map(|u| u.id.get());
    let outcome = ctx.data().games.watch(&caller(ctx), player, None).await;
    answer(ctx, outcome).await
}

/// Show the rules of your match here.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>, mode: Option<ModeChoice>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .rules_command(&caller(ctx), mode.map(TeamMode::from))
        .await;
    answer(ctx, outcome).await
}
