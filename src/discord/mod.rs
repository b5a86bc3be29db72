//! The Discord side, and only that: poise commands, the serenity client, and the serenity
//! transport. Interactions become calls of the presentation layer ([`crate::ui`]), whose
//! answers become Discord responses; the outbox is delivered through [`DiscordOut`]. The
//! process that runs it is assembled in [`crate::app`].

mod adapter;
mod client;
mod commands;
mod emoji;
mod origin;
mod presses;
mod renamed;
pub mod stop_log;

pub use adapter::DiscordOut;
pub use client::{Client, Gateway};
pub use presses::Places;

use crate::games::{Caller, Games, Place, ReplyRole};
use crate::i18n::Lang;
use crate::ui::{Answer, Deliverer};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// What every command and event handler can reach.
pub struct Data {
    pub games: Arc<Games>,
    pub deliverer: Arc<Deliverer<DiscordOut>>,
    /// Commands and presses per user (see `crate::limit`).
    limiter: crate::limit::Limiter,
    /// Presses waiting for their turn to be worked on.
    presses: presses::Presses,
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The command tree with its texts taken from the message catalogue.
pub fn command_tree() -> Vec<poise::Command<Data, Error>> {
    let mut cmds = commands::all();
    commands::localize(&mut cmds);
    cmds
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        // Options that do not parse (a stale command definition, a user Discord could not
        // resolve): a clear answer in the caller's language instead of silence.
        poise::FrameworkError::ArgumentParse { ctx, error, .. } => {
            crate::metrics::get().interaction("command", "bad_option", None);
            tracing::info!(command = %ctx.command().qualified_name, %error, "option not understood");
            bad_option(ctx).await;
        }
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            tracing::warn!(command = %ctx.command().qualified_name, description, "options do not match the registered command");
            bad_option(poise::Context::Application(ctx)).await;
        }
        // A command Discord still shows from before an update.
        poise::FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            let http = &framework.serenity_context.http;
            renamed::answer_unknown(http, &framework.options.commands, interaction).await;
        }
        // A server's subcommand from a client that still shows it outside servers.
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
            // In the bot's DM practice is served; elsewhere challenges among friends too.
            let key = match commands::caller_place(ctx) {
                Place::BotDm { .. } => "err-not-here-bot-dm",
                _ => "err-not-here",
            };
            let reply = poise::CreateReply::default()
                .content(crate::tr!(lang, key))
                .ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!(error = %e, "answering a server's command outside servers");
            }
        }
        // A user over their rate limit was answered by the check.
        poise::FrameworkError::CommandCheckFailed { error: None, .. } => {}
        poise::FrameworkError::Command { error, ctx, .. } => {
            crate::metrics::get().interaction("command", "error", None);
            tracing::error!(command = %ctx.command().qualified_name, %error, "command failed");
            let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
            let reply = poise::CreateReply::default()
                .content(crate::tr!(lang, "err-internal"))
                .ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "while handling an error");
            }
        }
    }
}

/// The rate limit for commands: a command past it is answered with a friendly private line
/// and not run (autocompletion, which runs the checks too, is neither counted nor stopped).
async fn admit_command(ctx: Context<'_>) -> Result<bool, Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(true);
    };
    if app.interaction_type == poise::CommandInteractionType::Autocomplete {
        return Ok(true);
    }
    let id = app.interaction.id.get();
    let user = ctx.author().id.get();
    if ctx
        .data()
        .limiter
        .admit(user, id, std::time::Instant::now())
    {
        return Ok(true);
    }
    // The checks run more than once for one command: answer only the first time.
    if !app
        .has_sent_initial_response
        .load(std::sync::atomic::Ordering::SeqCst)
    {
        crate::metrics::get().interaction("command", "limited", None);
        tracing::info!(user, "command over the rate limit");
        let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
        let reply = poise::CreateReply::default()
            .content(crate::tr!(lang, "err-slow-down"))
            .ephemeral(true);
        if let Err(e) = ctx.send(reply).await {
            tracing::warn!(error = %e, "answering a command over the rate limit");
        }
    }
    Ok(false)
}

/// The answer to a command whose options could not be read.
async fn bad_option(ctx: Context<'_>) {
    let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
    let reply = poise::CreateReply::default()
        .content(crate::tr!(lang, "err-bad-option"))
        .ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        tracing::warn!(error = %e, "answering a command with bad options");
    }
}

/// The servers READY names: the bot is in each, available or not yet.
fn joined_all(membership: &crate::games::Membership, ready: &serenity::Ready) {
    for guild in &ready.guilds {
        membership.joined(guild.id.get());
    }
}

/// Button presses (poise only dispatches commands, components arrive here), and the
/// servers the bot joins and leaves.
async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let membership = fw.user_data.games.membership();
    let ci = match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(ci),
        } => ci,
        serenity::FullEvent::Ready { data_about_bot } => {
            joined_all(membership, data_about_bot);
            return Ok(());
        }
        serenity::FullEvent::GuildCreate { guild, .. } => {
            membership.joined(guild.id.get());
            return Ok(());
        }
        // An outage makes a server unavailable; the bot is still in it.
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            membership.left(incomplete.id.get());
            return Ok(());
        }
        _ => return Ok(()),
    };
    if !fw
        .user_data
        .limiter
        .admit(ci.user.id.get(), ci.id.get(), std::time::Instant::now())
    {
        crate::metrics::get().interaction("press", "limited", None);
        tracing::info!(user = ci.user.id.get(), "press over the rate limit");
        let lang = Lang::from_locale(&ci.locale);
        let response = serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(crate::tr!(lang, "err-slow-down"))
                .ephemeral(true),
        );
        if let Err(e) = ci
            .create_response(&fw.serenity_context.http, response)
            .await
        {
            tracing::warn!(error = %e, "answering a press over the rate limit");
        }
        return Ok(());
    }
    let place = origin::place_of(
        ci.guild_id,
        ci.context,
        &ci.authorizing_integration_owners,
        ci.channel_id,
        ci.channel.as_ref().map(|c| c.kind),
    );
    let lang = Lang::from_locale(&ci.locale);
    let caller = Caller {
        place,
        channel_id: ci.channel_id.get(),
        user_id: ci.user.id.get(),
        name: display_name(&ci.user, ci.member.as_ref()),
        lang,
        guild_lang: guild_lang(place, ci.guild_locale.as_deref(), lang),
        message_id: Some(ci.message.id.get()),
    };
    let arrived = std::time::Instant::now();
    fw.user_data
        .presses
        .push(presses::Pressed::of(ci, caller, arrived));
    Ok(())
}

/// The language of public messages: the server's, or outside servers (no `guild_locale`)
/// the caller's own.
fn guild_lang(place: Place, guild_locale: Option<&str>, lang: Lang) -> Lang {
    match (guild_locale, place.guild()) {
        (Some(l), _) => Lang::from_locale(l),
        (None, Some(_)) => Lang::default(),
        (None, None) => lang,
    }
}

/// How long (seconds) a hand message can still be edited after the press it answered, for
/// [`Games::new`]: an ephemeral message is edited only through the token of the interaction
/// it answered, and interaction tokens live 15 minutes; we use them for 14.
pub const HAND_TOKEN_SECONDS: i64 = 14 * 60;

/// A press not answered within this long is acknowledged first and answered when ready
/// (Discord's deadline for a first answer is 3 s).
const DEFER_AFTER: std::time::Duration = std::time::Duration::from_millis(1500);

/// The interaction an answer went out through.
pub(crate) struct Through<'a> {
    pub token: &'a str,
    pub lang: Lang,
    /// Its first answer (the response, or the acknowledgement of a deferred press) went
    /// out: Discord invalidates a token whose first answer failed.
    pub answered: bool,
    /// The message the answer is on: the pressed one, or the public one it created.
    pub message: Option<u64>,
    /// Follow-ups the answer made or may have made (a follow-up whose request failed may
    /// exist all the same); with one, `message` is it, not the interaction's response.
    pub followups: u8,
}

/// What follows an answer, whatever became of it: the reply's message id and hand token are
/// kept (where the match is shown through tokens, the interaction's token too, if it lives),
/// and what the outcome requires is delivered.
pub(crate) async fn after_answer(
    games: &Games,
    deliverer: &Arc<Deliverer<DiscordOut>>,
    answer: Answer,
    through: Through<'_>,
) {
    let Through {
        token,
        lang,
        answered,
        message,
        followups,
    } = through;
    // A token whose first answer failed is dead: it shows nothing more.
    if let (Some((match_id, seat)), true) = (answer.hand_of, answered) {
        games.remember_hand_token(match_id, seat, token.to_string(), lang);
    }
    if let (Some(role), Some(message)) = (answer.reply_is, message) {
        if let (ReplyRole::Challenge(id), true) = (role, answered) {
            // Kept for every challenge: only one whose place is reached by tokens uses it.
            games.challenge_through(id, token, (followups > 0).then_some(message));
        }
        deliverer.reply_created(role, message).await;
    }
    if let (Some(match_id), true) = (answer.acted_on(), answered) {
        let public = !matches!(answer.response, crate::ui::model::Response::Ephemeral(_));
        let shown = message.filter(|_| public).map(|m| (m, followups == 0));
        deliverer
            .answered_through(match_id, token, followups, shown)
            .await;
    }
    deliverer.deliver(answer.deliveries).await;
}

/// The name other players know: server nickname, global name, or user name.
fn display_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Public messages speak the server's language; outside servers, where Discord sends no
    /// `guild_locale`, the caller's own.
    #[test]
    fn public_messages_outside_servers_take_the_callers_language() {
        let server = Place::Guild {
            guild: 600,
            member: true,
        };
        let group = Place::Private {
            channel: 700,
            group: true,
        };
        assert_eq!(guild_lang(server, Some("de"), Lang::En), Lang::De);
        assert_eq!(guild_lang(server, Some("en-US"), Lang::De), Lang::En);
        assert_eq!(guild_lang(server, None, Lang::De), Lang::En);
        assert_eq!(guild_lang(group, None, Lang::De), Lang::De);
        assert_eq!(
            guild_lang(Place::BotDm { channel: 700 }, None, Lang::De),
            Lang::De
        );
    }
}
