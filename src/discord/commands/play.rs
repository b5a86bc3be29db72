//! Playing: challenge, practice, the hand, resigning, watching, the rules, the card look,
//! and the card table as an Activity.

use super::choices::{LevelChoice, LookChoice, ModeChoice, PresetChoice};
use super::{answer, bot_user, caller, user_ref, Context, Error};
use crate::engine::ai::Level;
use crate::engine::Preset;
use crate::games::{CardLook, ChallengeRequest, Delivery, GameChoice, GinChoice, PRACTICE_LEVEL};
use crate::i18n::Lang;
use poise::serenity_prelude as serenity;

/// Challenge one to three players to a match.
#[poise::command(slash_command)]
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
        .challenges()
        .challenge(&caller(ctx), ask, bot_user(ctx))
        .await;
    answer(ctx, outcome).await
}

/// Play a match against the bot.
#[poise::command(slash_command)]
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
    let choice = GinChoice {
        preset: preset.map(Preset::from),
        straight: straight.unwrap_or(false),
        hollywood: hollywood.unwrap_or(false),
    };
    ModeChoice::game(mode, choice)
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
        .practice()
        .start(&caller(ctx), level, game, seats, target, bot_user(ctx))
        .await;
    answer(ctx, outcome).await
}

/// Show your hand in your match here.
#[poise::command(slash_command)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let games = &ctx.data().games;
    let mut outcome = games.matches().my_hand(&caller(ctx)).await;
    // Where the chat is reached through interactions alone, it may show no table of the
    // match (one begun on the card table, or whose tokens expired): this command brings it
    // into the chat, as its follow-up.
    if let Some((match_id, _)) = outcome.hand_of {
        if games.reached_by_tokens(match_id).await {
            outcome
                .deliveries
                .rows
                .push(Delivery::table_again(match_id));
        }
    }
    answer(ctx, outcome).await
}

/// Give up your match here.
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx.data().games.matches().resign(&caller(ctx)).await;
    answer(ctx, outcome).await
}

/// How your own hand messages show cards, in every server (no option: shows it).
#[poise::command(slash_command)]
pub async fn cards(ctx: Context<'_>, look: Option<LookChoice>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .settings()
        .set_card_look(&caller(ctx), look.map(CardLook::from))
        .await;
    answer(ctx, outcome).await
}

/// Show the table of a match in this channel, only to you.
#[poise::command(slash_command, guild_only)]
pub async fn watch(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let player = player.map(|u| u.id.get());
    let outcome = ctx
        .data()
        .games
        .matches()
        .watch(&caller(ctx), player, None)
        .await;
    answer(ctx, outcome).await
}

/// Show the rules of your match here.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>, mode: Option<ModeChoice>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .matches()
        .rules_command(
            &caller(ctx),
            mode.map(|m| ModeChoice::game(Some(m), GinChoice::default())),
        )
        .await;
    answer(ctx, outcome).await
}

/// Open the card table (the Activity) in this channel.
// Served in servers, DMs and group DMs alike: Discord launches the Activity as the answer to
// the command itself, which needs the bot in no channel.
#[poise::command(slash_command, rename = "play")]
pub async fn table(ctx: Context<'_>) -> Result<(), Error> {
    let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    if ctx.data().games.config.activity.missing().is_some() {
        let text = crate::i18n::t(lang, "launch-off", &[]);
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await?;
        return Ok(());
    }
    // Interaction callback 12, LAUNCH_ACTIVITY: Discord opens the Activity for the caller.
    // serenity's builder has no such response, so it goes as the payload itself.
    let launch = serde_json::json!({ "type": 12 });
    let sent = ctx
        .http()
        .create_interaction_response(app.interaction.id, &app.interaction.token, &launch, vec![])
        .await;
    match sent {
        Ok(()) => {
            app.has_sent_initial_response
                .store(true, std::sync::atomic::Ordering::SeqCst);
            tracing::info!(user = ctx.author().id.get(), "the Activity was launched");
        }
        Err(e) => {
            // Discord refuses where Activities cannot run (the application has none set up,
            // or the channel does not allow them): the caller is told, privately.
            tracing::warn!(error = %e, "launching the Activity");
            let text = crate::i18n::t(lang, "launch-unavailable", &[]);
            ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
                .await?;
        }
    }
    Ok(())
}
