//! The gateway client: built with its framework, started on the process's shards and told to
//! log off at the stop; and what the rest of the process asks of Discord through it (is the
//! API reachable, are the shards connected, the card emojis).

use super::{
    admit_command, command_tree, emoji, on_error, on_event, presses, Data, DiscordOut, Error,
    Places,
};
use crate::config::Config;
use crate::games::Games;
use crate::store::Shards;
use crate::ui::Deliverer;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// The serenity client of this process's shards, not yet started.
pub struct Client {
    client: serenity::Client,
    places: Places,
    shards: Shards,
}

/// The running client's shards, as the stop and the operators' endpoint see them.
#[derive(Clone)]
pub struct Gateway {
    manager: Arc<serenity::ShardManager>,
    shards: Shards,
}

impl Client {
    /// Builds the client (pointed at `api_base_url` if set) and the deliverer that sends
    /// through its HTTP client.
    pub async fn build(
        config: &Config,
        games: Arc<Games>,
    ) -> Result<(Client, Arc<Deliverer<DiscordOut>>), Error> {
        let guild = (config.guild_id != 0).then(|| serenity::GuildId::new(config.guild_id));
        let mut http = serenity::HttpBuilder::new(&config.token);
        let base = config.api_base_url.trim().trim_end_matches('/');
        if !base.is_empty() {
            // Serenity sends through a proxy only with its own rate limiter off: the proxy
            // keeps the limits, for every process behind it (the configuration makes sure).
            http = http.proxy(base).ratelimiter_disabled(config.proxy_limits());
        }
        let shards = config.shard_range();
        let register = config.registers_commands();
        let http = http.build();
        // The deliverer sends through the client's own HTTP client, which exists only once
        // the client is built; the framework's setup runs later, after READY.
        let shared: Arc<std::sync::OnceLock<Arc<Deliverer<DiscordOut>>>> = Default::default();
        let places = Places::new();
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
                    // Known before the commands are registered, which tells that the bot is up.
                    super::joined_all(for_setup.0.membership(), ready);
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

        let client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
            .framework(framework)
            .await?;
        let deliverer = Deliverer::new(games, DiscordOut::new(client.http.clone()));
        let _ = shared.set(deliverer.clone());
        let client = Client {
            client,
            places,
            shards,
        };
        Ok((client, deliverer))
    }

    /// The places presses are worked on in: the stop waits for them.
    pub fn places(&self) -> Places {
        self.places.clone()
    }

    /// The shards, for the stop and the operators' endpoint.
    pub fn gateway(&self) -> Gateway {
        Gateway {
            manager: self.client.shard_manager.clone(),
            shards: self.shards,
        }
    }

    /// Completes once the first READY has brought the application id, which ephemeral edits
    /// and application emojis need.
    pub fn ready(&self) -> impl Future<Output = ()> + Send + 'static {
        let http = self.client.http.clone();
        async move {
            while http.application_id().is_none() {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }

    /// Keeps the card emojis in step once ready (uploading them if `upload`), dressing the
    /// deliverer's messages with them. Meanwhile complete decks show and the rest is text
    /// (see `emoji::retry_after`).
    pub fn sync_emojis(
        &self,
        upload: bool,
        dressing: Arc<Deliverer<DiscordOut>>,
    ) -> impl Future<Output = ()> + Send + 'static {
        let (ready, http) = (self.ready(), self.client.http.clone());
        async move {
            ready.await;
            for attempt in 0.. {
                let (faces, done) = emoji::sync_logged(&http, upload).await;
                dressing.set_faces(faces);
                match emoji::retry_after(attempt, upload).filter(|_| !done) {
                    Some(wait) => tokio::time::sleep(wait).await,
                    None => break,
                }
            }
        }
    }

    /// Says once, at start, whether Discord's API answers, and what happens if it does not.
    pub fn check_reachable(&self) -> impl Future<Output = ()> + Send + 'static {
        let http = self.client.http.clone();
        async move {
            if let Err(e) = http.get_bot_gateway().await {
                tracing::error!(
                    error = %e,
                    "cannot reach Discord's API ({}): the gateway connection is retried every few seconds until it answers; stop with Ctrl-C or SIGTERM",
                    http.proxy.as_deref().unwrap_or("https://discord.com")
                );
            }
        }
    }

    /// Connects the shards and runs until they are shut down.
    pub async fn start(mut self) -> Result<(), Error> {
        let shards = self.shards;
        // Serenity's range end is inclusive, whatever `Range` says.
        self.client
            .start_shard_range(shards.first..shards.last, shards.total)
            .await
            .map_err(Error::from)
    }
}

impl Gateway {
    /// Logs every shard off, and keeps at it: never completes (the stop aborts it once the
    /// client has ended).
    pub async fn close(self) {
        // A shard that registers during the stop logs off too, within 100 ms.
        let runners = self.manager.clone();
        tokio::spawn(async move {
            let mut told = std::collections::HashSet::new();
            loop {
                log_off(&runners, &mut told).await;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        // shutdown_all does nothing before a shard has registered: retry until one has.
        loop {
            self.manager.shutdown_all().await;
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Sets `gin_shard_up` for each shard of the process; returns those not connected.
    pub async fn down(&self) -> Vec<u32> {
        let runners = self.manager.runners.lock().await;
        let mut down = Vec::new();
        for shard in self.shards.first..=self.shards.last {
            let up = runners
                .get(&serenity::ShardId(shard))
                .is_some_and(|r| r.stage == serenity::ConnectionStage::Connected);
            crate::metrics::get()
                .shard_up
                .with_label_values(&[&shard.to_string()])
                .set(i64::from(up));
            if !up {
                down.push(shard);
            }
        }
        down
    }
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
