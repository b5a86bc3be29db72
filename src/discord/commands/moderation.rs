//! The server's settings and the moderators' commands (`/ginmod`).

use super::choices::{LanguageChoice, LookChoice, PresetChoice};
use super::ledger::export_ledger;
use super::{answer, caller, is_moderator, user_ref, Context, Error};
use crate::engine::Preset;
use crate::games::CardLook;
use crate::i18n::Lang;
use poise::serenity_prelude as serenity;

/// The server's settings, shown to anyone (`/ginmod settings` changes them).
#[poise::command(slash_command, guild_only)]
pub async fn settings(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .settings()
        .command(&caller(ctx), false, Default::default())
        .await;
    answer(ctx, outcome).await
}

/// Moderators: change the server's settings.
#[poise::command(slash_command, guild_only, rename = "settings")]
#[allow(clippy::too_many_arguments)]
pub async fn mod_settings(
    ctx: Context<'_>,
    preset: Option<PresetChoice>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
    channels: Option<String>,
    #[min = 1]
    #[max = 1440]
    reminder_minutes: Option<i64>,
    #[min = 1]
    #[max = 168]
    forfeit_hours: Option<i64>,
    #[min = 0]
    #[max = 10000]
    ai_delay_ms: Option<i64>,
    language: Option<LanguageChoice>,
    cards: Option<LookChoice>,
    reset: Option<bool>,
) -> Result<(), Error> {
    use crate::games::{LanguageSetting, SettingsChange};
    let change = SettingsChange {
        preset: preset.map(Preset::from),
        target,
        channels,
        reminder_minutes,
        forfeit_hours,
        ai_delay_ms,
        language: language.map(|l| match l {
            LanguageChoice::Server => LanguageSetting::Server,
            LanguageChoice::English => LanguageSetting::Fixed(Lang::En),
            LanguageChoice::Deutsch => LanguageSetting::Fixed(Lang::De),
        }),
        cards: cards.map(CardLook::from),
        reset: reset.unwrap_or(false),
    };
    let is_moderator = is_moderator(ctx);
    let outcome = ctx
        .data()
        .games
        .settings()
        .command(&caller(ctx), is_moderator, change)
        .await;
    answer(ctx, outcome).await
}

/// Moderators: end the running season (its closing board is posted) and start the next.
#[poise::command(slash_command, guild_only, rename = "season")]
pub async fn mod_season(ctx: Context<'_>, name: Option<String>) -> Result<(), Error> {
    let is_moderator = is_moderator(ctx);
    let outcome = ctx
        .data()
        .games
        .seasons()
        .new_season(&caller(ctx), is_moderator, name)
        .await;
    answer(ctx, outcome).await
}

/// Moderators: the server's whole match ledger as CSV.
#[poise::command(slash_command, guild_only, rename = "export")]
pub async fn mod_export(ctx: Context<'_>, #[min = 1] before: Option<i64>) -> Result<(), Error> {
    export_ledger(ctx, false, before).await
}

/// Moderators: end a stuck match in this channel without scoring.
#[poise::command(slash_command, guild_only, rename = "cancel")]
pub async fn mod_cancel(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let is_moderator = is_moderator(ctx);
    let player = player.as_ref().map(user_ref);
    let outcome = ctx
        .data()
        .games
        .ledger()
        .cancel(&caller(ctx), is_moderator, player.as_ref())
        .await;
    answer(ctx, outcome).await
}
