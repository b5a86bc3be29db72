//! The slash commands, a file per family: `/gin` play ([`play`]), the ledger ([`ledger`]),
//! settings and `/ginmod` ([`moderation`]), each game's own (`games`: `/rummy`),
//! `/tournament` ([`tournament`]). They translate Discord's
//! options into the domain's requests and leave every rule of the games to `games`. Their
//! descriptions and German names come from the message catalogue ([`localize`]).

mod choices;
mod games;
mod ledger;
mod localize;
mod moderation;
mod play;
mod tournament;

pub use localize::localize;

use super::{adapter, display_name, Context, Error};
use crate::games::{Caller, Outcome, Place, UserRef};
use crate::i18n::Lang;
use ledger::{export, history, leaderboard, replay, stats};
use moderation::{mod_cancel, mod_export, mod_season, mod_settings, settings};
use play::{cards, hand, practice, resign, rules, start, table, watch};
use poise::serenity_prelude as serenity;

/// Every top-level command, in the order they are registered: a new family adds itself here,
/// a game's own commands come from its module in `games`.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    let mut all = vec![gin(), ginmod()];
    all.extend(games::commands());
    all.push(tournament::tournament());
    all
}

/// The bot's own user (the AI's seat).
fn bot_user(ctx: Context<'_>) -> (u64, String) {
    let me = ctx.serenity_context().cache.current_user();
    (
        me.id.get(),
        me.global_name.clone().unwrap_or_else(|| me.name.clone()),
    )
}

fn caller(ctx: Context<'_>) -> Caller {
    let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
    let (place, guild_locale, member) = match ctx {
        poise::Context::Application(a) => {
            let i = a.interaction;
            let place = super::origin::place_of(
                i.guild_id,
                i.context,
                &i.authorizing_integration_owners,
                i.channel_id,
                i.channel.as_ref().map(|c| c.kind),
            );
            (place, i.guild_locale.clone(), i.member.as_deref().cloned())
        }
        // Not registered: a message reaches the bot only where it is.
        poise::Context::Prefix(p) => {
            let place = match p.msg.guild_id {
                Some(g) => Place::Guild {
                    guild: g.get(),
                    member: true,
                },
                None => Place::BotDm {
                    channel: p.msg.channel_id.get(),
                },
            };
            (place, None, None)
        }
    };
    Caller {
        place,
        channel_id: ctx.channel_id().get(),
        user_id: ctx.author().id.get(),
        name: display_name(ctx.author(), member.as_ref()),
        lang,
        guild_lang: super::guild_lang(place, guild_locale.as_deref(), lang),
        message_id: None,
    }
}

/// Where the command came from.
pub(super) fn caller_place(ctx: Context<'_>) -> Place {
    caller(ctx).place
}

/// Sends an outcome as the command's reply, then carries out what follows it.
async fn answer(ctx: Context<'_>, outcome: Outcome) -> Result<(), Error> {
    let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
    // The stats chart is CPU work: drawn on the painter's thread.
    let answer = ctx.data().deliverer.respond(outcome, lang).await;
    let shown = ctx
        .data()
        .deliverer
        .faces()
        .dress_response(&answer.response);
    let sent = ctx.send(adapter::reply(&shown)).await;
    let message = match (&sent, answer.reply_is) {
        (Ok(handle), Some(_)) => handle.message().await.ok().map(|m| m.id.get()),
        _ => None,
    };
    let token = match ctx {
        poise::Context::Application(a) => Some(a.interaction.token.clone()),
        poise::Context::Prefix(_) => None,
    };
    let data = ctx.data();
    let through = super::Through {
        token: token.as_deref().unwrap_or_default(),
        lang,
        answered: sent.is_ok() && token.is_some(),
        message,
        followups: 0,
    };
    super::after_answer(&data.games, &data.deliverer, answer, through).await;
    sent.map(|_| ())?;
    Ok(())
}

fn user_ref(u: &serenity::User) -> UserRef {
    UserRef {
        id: u.id.get(),
        name: u.global_name.clone().unwrap_or_else(|| u.name.clone()),
        bot: u.bot,
    }
}

/// Whether the caller may manage the server (Discord hides moderators' commands from others
/// by default; servers may change that, so the bot checks).
fn is_moderator(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild() || p.administrator()),
        poise::Context::Prefix(_) => false,
    }
}

/// The subcommands served where the bot reaches the chat only through interactions: a
/// challenge, practice, what a match needs, the card table (`play`, launched by the command's
/// answer) and the place's own ledger. The others stay with servers that added the app.
const THROUGH_INTERACTIONS: &[&str] = &[
    "start",
    "practice",
    "hand",
    "resign",
    "rules",
    "cards",
    "play",
    "leaderboard",
    "stats",
    "history",
    "replay",
    "export",
];

/// Refuses, in a server where only the caller installed the app, a subcommand that needs the
/// bot in the server (answered privately here; outside servers, poise's own check of the
/// subcommand answers).
pub(crate) async fn served_here(ctx: Context<'_>) -> Result<bool, Error> {
    let place = caller(ctx).place;
    if !matches!(place, Place::Guild { member: false, .. })
        || THROUGH_INTERACTIONS.contains(&&*ctx.command().name)
    {
        return Ok(true);
    }
    let poise::Context::Application(app) = ctx else {
        return Ok(false);
    };
    // The checks run more than once for one command: answer only the first time.
    if !app
        .has_sent_initial_response
        .load(std::sync::atomic::Ordering::SeqCst)
    {
        let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
        let reply = poise::CreateReply::default()
            .content(crate::tr!(lang, "err-not-here"))
            .ephemeral(true);
        if let Err(e) = ctx.send(reply).await {
            tracing::warn!(error = %e, "answering a command the place does not serve");
        }
    }
    Ok(false)
}

/// Gin Rummy.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    check = "served_here",
    subcommands(
        "start",
        "practice",
        "hand",
        "resign",
        "rules",
        "leaderboard",
        "stats",
        "history",
        "replay",
        "export",
        "watch",
        "settings",
        "cards",
        "table"
    ),
    subcommand_required
)]
pub async fn gin(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

// A top-level command of its own: Discord hides a command from members without its
// `default_member_permissions` only at the top level (poise drops the setting on
// subcommands). Servers may lift that, so every subcommand checks at run time too.
/// Moderators' commands (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    default_member_permissions = "MANAGE_GUILD",
    subcommands("mod_settings", "mod_season", "mod_cancel", "mod_export"),
    subcommand_required
)]
pub async fn ginmod(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}
