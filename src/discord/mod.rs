//! The Discord side, and only that: poise commands, the serenity client, and the serenity
//! transport. Interactions become calls of the presentation layer ([`crate::ui`]), whose
//! answers become Discord responses; the outbox is delivered through [`DiscordOut`].

mod adapter;
mod commands;
mod emoji;

mod ops;
mod presses;
mod renamed;
pub mod stop_log;
mod sweeper;

pub use adapter::DiscordOut;

use crate::config::Config;
use crate::games::{Caller, Games};
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

/// Builds the client (pointed at `api_base_url` if set) and runs it until Ctrl-C.
pub async fn run(config: Config, games: Arc<Games>) -> Result<(), Error> {
    run_until(config, games, shutdown_signal()).await
}

/// Ctrl-C, or SIGTERM (what `docker stop` sends).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(t) => t,
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                    return;
                }
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// [`run`], stopping cleanly when `stop` completes (tests use this to end an in-process bot).
pub async fn run_until(
    config: Config,
    games: Arc<Games>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), Error> {
    let guild = (config.guild_id != 0).then(|| serenity::GuildId::new(config.guild_id));
    let mut http = serenity::HttpBuilder::new(&config.token);
    let base = config.api_base_url.trim().trim_end_matches('/');
    if !base.is_empty() {
        // Serenity sends through a proxy only with its own rate limiter off: the proxy keeps
        // the limits, for every process behind it (the configuration makes sure of that).
        http = http.proxy(base).ratelimiter_disabled(config.proxy_limits());
    }
    let shards = config.shard_range();
    let register = config.registers_commands();
    let http = http.build();
    // The deliverer sends through the client's own HTTP client, which exists only once the
    // client is built; the framework's setup runs later, after READY.
    let shared: Arc<std::sync::OnceLock<Arc<Deliverer<DiscordOut>>>> = Default::default();
    let places = presses::Places::new();
    let for_setup = (
        games.clone(),
        shared.clone(),
        crate::limit::Limiter::new(&config.limits),
        places.clone(),
    );
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: command_tree(),
            event_handler: |ctx, event| Box::pin(on_event(ctx, event)),
            on_error: |e| Box::pin(on_error(e)),
            command_check: Some(|ctx| Box::pin(admit_command(ctx))),
            post_command: |_| {
                Box::pin(async move {
                    crate::metrics::get().interaction("command", "answered", None);
                })
            },
            pre_command: |ctx| {
                Box::pin(async move {
                    tracing::info!(
                        command = %ctx.command().qualified_name,
                        user = ctx.author().id.get(),
                        channel = ctx.channel_id().get(),
                        "command"
                    );
                })
            },
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected");
                let cmds = &framework.options().commands;
                // Never fail setup: a failed setup leaves every later event waiting forever.
                // One process registers the commands (shard 0's, unless told otherwise).
                let registered = match (register, guild) {
                    (false, _) => Ok(()),
                    (true, Some(g)) => poise::builtins::register_in_guild(ctx, cmds, g).await,
                    (true, None) => poise::builtins::register_globally(ctx, cmds).await,
                };
                if let Err(e) = registered {
                    tracing::error!(error = %e, "command registration failed");
                }
                let deliverer = for_setup.1.get().cloned().ok_or("no deliverer")?;
                let presses = presses::Presses::new(
                    for_setup.3,
                    for_setup.0.clone(),
                    deliverer.clone(),
                    ctx.http.clone(),
                );
                Ok(Data {
                    games: for_setup.0,
                    deliverer,
                    limiter: for_setup.2,
                    presses,
                })
            })
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let deliverer = Deliverer::new(games.clone(), DiscordOut::new(client.http.clone()));
    let _ = shared.set(deliverer.clone());

    // Deliver whatever was not delivered before the last stop, in the background while the
    // gateway connects. Unfinished matches stay in the database until a press needs them.
    if let Err(e) = games.load_settings().await {
        tracing::warn!(error = %e, "reading the servers' settings: each is read when needed");
    }
    // Downtime is not idle time: the clocks move on before the first sweep looks at them,
    // and before any press reads a match into memory (the tables' countdowns).
    games.resume_clocks().await;
    let resume = deliverer.clone();
    let ready = client.http.clone();
    tokio::spawn(async move {
        // Ephemeral edits need the application id, which the first READY brings.
        while ready.application_id().is_none() {
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        resume.resume().await;
    });
    if config.card_emojis {
        let http = client.http.clone();
        let dressing = deliverer.clone();
        tokio::spawn(async move {
            // Application emojis need the application id, which the first READY brings.
            while http.application_id().is_none() {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            // Meanwhile complete decks show and the rest is text (see `emoji::retry_after`).
            for attempt in 0.. {
                let (faces, done) = emoji::sync_logged(&http, register).await;
                dressing.set_faces(faces);
                match emoji::retry_after(attempt, register).filter(|_| !done) {
                    Some(wait) => tokio::time::sleep(wait).await,
                    None => break,
                }
            }
        });
    }
    // The card table as an Activity: its moves are delivered by the same deliverer.
    let web = crate::web::start(&config, games.clone(), Arc::new(deliverer.clone())).await;
    let db = games.db.clone();
    let watch_games = games.clone();
    let sweep_every = std::time::Duration::from_secs(config.timeouts.sweep_seconds);
    let sweeper = tokio::spawn(sweeper::run(games, deliverer.clone(), sweep_every));
    let manager = client.shard_manager.clone();
    let metrics_addr = config.metrics_addr.trim();
    if !metrics_addr.is_empty() {
        let addr = metrics_addr.parse()?;
        let watch = ops::Watch {
            games: watch_games,
            manager: manager.clone(),
            shards,
        };
        ops::serve(addr, watch)
            .await
            .map_err(|e| format!("cannot serve metrics on {addr}: {e}"))?;
    }
    let (stopping, mut stop_seen) = tokio::sync::watch::channel(false);
    let stopper = tokio::spawn(async move {
        stop.await;
        tracing::info!("shutting down");
        stop_log::stop_begins();
        let _ = stopping.send(true);
        // A shard that registers during the stop logs off too, within 100 ms.
        let runners = manager.clone();
        tokio::spawn(async move {
            let mut told = std::collections::HashSet::new();
            loop {
                log_off(&runners, &mut told).await;
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        });
        // shutdown_all does nothing before a shard has registered: retry until one has.
        loop {
            manager.shutdown_all().await;
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    });
    tokio::spawn(check_reachable(client.http.clone()));
    // A gateway that never connected (Discord unreachable) never closes: the process stops
    // anyway, a few seconds after it was asked to.
    let deadline = async move {
        let _ = stop_seen.wait_for(|&s| s).await;
        tokio::time::sleep(STOP_GRACE).await;
        tracing::warn!(
            "the gateway did not close within {STOP_GRACE:?} of the stop: stopping anyway"
        );
    };
    let running = async move {
        tokio::select! {
            // Serenity's range end is inclusive, whatever `Range` says.
            r = client.start_shard_range(shards.first..shards.last, shards.total) => {
                r.map_err(Error::from)
            }
            () = deadline => Ok(()),
        }
    };
    let result = supervise(running, db.writer_stopped(), sweeper).await;
    stopper.abort();
    if !places.drain(PRESS_GRACE).await {
        tracing::warn!("presses still unanswered {PRESS_GRACE:?} after the stop: stopping anyway");
    }
    if let Some(web) = web {
        web.task.abort();
    }
    // The next process of these shards need not wait for the lease to run out.
    if let Err(e) = db.release_lease().await {
        tracing::warn!(error = %e, "giving up the lease of the shards");
    }
    result
}

/// Runs the bot until `running` ends, or until the database writer or the sweeper does.
/// Without its writer or its sweeper the bot would answer errors or forget its timers: it
/// stops with a clear line instead, for its supervisor to restart it.
async fn supervise(
    running: impl std::future::Future<Output = Result<(), Error>>,
    writer_stopped: impl std::future::Future<Output = ()>,
    mut sweeper: tokio::task::JoinHandle<()>,
) -> Result<(), Error> {
    let result = tokio::select! {
        r = running => r,
        () = writer_stopped => Err("the database writer stopped; restart the bot".into()),
        r = &mut sweeper => Err(match r {
            Err(e) if e.is_panic() => format!("the sweeper panicked: {e}; restart the bot"),
            _ => "the sweeper stopped; restart the bot".to_string(),
        }
        .into()),
    };
    sweeper.abort();
    result
}

/// Asks every running shard to log off (close 1000) at once, straight through its runner.
/// Serenity's `shutdown_all` alone closes them one after another, each about half a second,
/// and through its shard queuer, which holds the request back while it paces shard starts
/// 5 s apart: a stop then waited out its grace. `shutdown_all` still follows, for serenity's
/// bookkeeping and to end `start_shard_range`; it finds the shards already closed.
/// Each shard is told once (`told`): a runner that has stopped no longer reads.
async fn log_off(manager: &serenity::ShardManager, told: &mut std::collections::HashSet<u32>) {
    // Not `ShardMessenger::shutdown_clean`: that only closes the socket, and the runner
    // reconnects.
    for (&id, runner) in manager.runners.lock().await.iter() {
        if told.insert(id.0) {
            let log_off = serenity::ShardRunnerMessage::Shutdown(id, 1000);
            runner.runner_tx.send_to_shard(log_off);
        }
    }
}

/// How long a stop waits for the gateway to close.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// How long a stop waits, once the gateway is closed, for the presses already received to be
/// answered: a move is stored before it is answered, so one that takes longer (the database
/// held up) is only left without its answer. Within `docker stop`'s 10 s with [`STOP_GRACE`].
const PRESS_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Says once, at start, whether Discord's API answers, and what happens if it does not.
async fn check_reachable(http: Arc<serenity::Http>) {
    if let Err(e) = http.get_bot_gateway().await {
        tracing::error!(
            error = %e,
            "cannot reach Discord's API ({}): the gateway connection is retried every few seconds until it answers; stop with Ctrl-C or SIGTERM",
            http.proxy.as_deref().unwrap_or("https://discord.com")
        );
    }
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

/// Button presses: poise only dispatches commands, components arrive here.
async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(ci),
    } = event
    else {
        return Ok(());
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
    let caller = Caller {
        guild_id: ci.guild_id.map(|g| g.get()),
        channel_id: ci.channel_id.get(),
        user_id: ci.user.id.get(),
        name: display_name(&ci.user, ci.member.as_ref()),
        lang: Lang::from_locale(&ci.locale),
        guild_lang: ci
            .guild_locale
            .as_deref()
            .map(Lang::from_locale)
            .unwrap_or_default(),
        message_id: Some(ci.message.id.get()),
    };
    let arrived = std::time::Instant::now();
    fw.user_data
        .presses
        .push(presses::Pressed::of(ci, caller, arrived));
    Ok(())
}

/// How long (seconds) a hand message can still be edited after the press it answered, for
/// [`Games::new`]: an ephemeral message is edited only through the token of the interaction
/// it answered, and interaction tokens live 15 minutes; we use them for 14.
pub const HAND_TOKEN_SECONDS: i64 = 14 * 60;

/// A press not answered within this long is acknowledged first and answered when ready
/// (Discord's deadline for a first answer is 3 s).
const DEFER_AFTER: std::time::Duration = std::time::Duration::from_millis(1500);

/// What follows an answer, whatever became of it: the reply's message id and hand token are
/// kept, and what the outcome requires is delivered.
pub(crate) async fn after_answer(
    games: &Games,
    deliverer: &Arc<Deliverer<DiscordOut>>,
    answer: Answer,
    token: &str,
    lang: Lang,
    message: Option<u64>,
) {
    if let Some((match_id, seat)) = answer.hand_of {
        games.remember_hand_token(match_id, seat, token.to_string(), lang);
    }
    if let (Some(role), Some(message)) = (answer.reply_is, message) {
        deliverer.reply_created(role, message).await;
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

    fn forever() -> tokio::task::JoinHandle<()> {
        tokio::spawn(std::future::pending())
    }

    /// A sweeper that panics stops the bot with a line that says so.
    #[tokio::test]
    async fn a_panicking_sweeper_stops_the_bot_with_a_clear_line() {
        let sweeper = tokio::spawn(async { panic!("boom") });
        let e = supervise(std::future::pending(), std::future::pending(), sweeper)
            .await
            .unwrap_err();
        assert!(e.to_string().contains("the sweeper panicked"), "{e}");
        assert!(e.to_string().contains("restart the bot"), "{e}");
    }

    /// A writer that stops stops the bot, and the sweeper with it.
    #[tokio::test]
    async fn a_stopped_writer_stops_the_bot_with_a_clear_line() {
        let sweeper = forever();
        let watch = sweeper.abort_handle();
        let e = supervise(std::future::pending(), async {}, sweeper)
            .await
            .unwrap_err();
        assert!(e.to_string().contains("database writer stopped"), "{e}");
        tokio::task::yield_now().await;
        assert!(watch.is_finished(), "the sweeper is stopped too");
    }

    /// A bot that stops as asked reports no error.
    #[tokio::test]
    async fn a_requested_stop_is_no_error() {
        let r = supervise(async { Ok(()) }, std::future::pending(), forever()).await;
        assert!(r.is_ok());
    }
}
