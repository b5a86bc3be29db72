//! The process, assembled: the database and its writer, the shard lease, the games, the
//! Discord client and the deliverer, the card emojis, the card table, the sweeper with the
//! organizer and the operators' endpoint; started in that order, and stopped in one sequence
//! on SIGTERM or Ctrl-C (the gateway, then the presses, the table and the lease).

mod ops;
mod sweeper;

use crate::config::Config;
use crate::discord::{self, stop_log};
use crate::games::{system_clock, Games};
use crate::store::Db;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What stops the process.
pub type Error = discord::Error;

/// Opens the database, takes the lease of the configured shards and runs the bot until
/// Ctrl-C or SIGTERM. The error is one line saying what to fix.
pub async fn run(config: Config) -> Result<(), String> {
    let db = Db::open_with(&config.database_url, config.durability)
        .await
        .map_err(|e| {
            let url = crate::store::without_password(&config.database_url);
            format!("cannot open the database `{url}`: {e}")
        })?
        .owning(config.shard_range());
    tracing::info!(shards = %config.shard_range(), store = ?db.backend(), "starting");
    // Processes sharing the database hear of each other's changes (see `store::bus`).
    let (db, feed) = match bus_serves(db.shared(), &config) {
        Joins::Listening => {
            let (db, feed) = db.with_bus().await.map_err(|e| {
                format!("cannot listen on the database for the other processes: {e}")
            })?;
            (db, Some(feed))
        }
        Joins::Sending => {
            let db = db
                .with_bus_sending()
                .await
                .map_err(|e| format!("cannot talk to the other processes on the database: {e}"))?;
            (db, None)
        }
        Joins::Not => (db, None),
    };
    let hand_edits = discord::HAND_TOKEN_SECONDS;
    let mut games = Games::new(db, config.clone(), system_clock(), hand_edits);
    if let Some(first) = fixed_seeds() {
        // For reproducible test runs only: every deck of this process is predictable.
        tracing::warn!(
            first,
            "GIN_INSECURE_FIXED_SEEDS is set: decks are predictable"
        );
        let next = std::sync::atomic::AtomicU32::new(first);
        games = games.with_seeds(Arc::new(move || {
            let n = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            crate::engine::deck::hand_seed(&[0x5e; 32], n)
        }));
    }
    // Before anything of these shards' servers is read: no other live process may run them.
    let shards = config.shard_range();
    match games.sweeper().take_shards().await {
        // Announced on the bus once the clocks moved on (`Sweeper::resume_clocks`).
        Ok(None) => {}
        Ok(Some(held)) => {
            let left = held.until - games.now();
            return Err(format!(
                "shards {shards} are held by another live process ({}, shards {}) until {} (unix time, {left} s from now); stop that process, or give this one other shards (GIN_SHARDS)",
                held.holder, held.shards, held.until
            ));
        }
        Err(e) => return Err(format!("cannot take the lease of shards {shards}: {e}")),
    }
    let games = Arc::new(games);
    if let Some(feed) = feed {
        let hearing = games.clone();
        tokio::spawn(async move { hearing.following().hear(feed).await });
    }
    let result = run_until(config, games.clone(), shutdown_signal()).await;
    if result.is_err() {
        // A start that failed (say, the metrics port in use) gives the shards up at once: the
        // next process need not wait for the lease to run out. A no-op after a clean stop.
        let _ = games.db.lease().release_lease().await;
    }
    result.map_err(|e| format!("stopped: {e}"))
}

/// How a process joins the bus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Joins {
    /// Alone on its database: no bus.
    Not,
    /// It tells the others of its changes (a chat move reaches pages on other processes).
    Sending,
    /// It also hears them, and the requests of their pages: its card table reads them.
    Listening,
}

/// How this process joins the bus: every process sharing the database tells of its changes;
/// only one serving the card table listens (without it, a listener would serve nobody).
fn bus_serves(shared: bool, config: &Config) -> Joins {
    match (shared, config.activity.missing().is_none()) {
        (false, _) => Joins::Not,
        (true, false) => Joins::Sending,
        (true, true) => Joins::Listening,
    }
}

/// `GIN_INSECURE_FIXED_SEEDS=<n>`: match seeds from a fixed sequence starting at `n`, so an
/// end-to-end test of the binary deals the same cards every run. Never for real play.
/// Only debug builds (the tests' build) read it: a release build ignores it and says so.
fn fixed_seeds() -> Option<u32> {
    let first = std::env::var("GIN_INSECURE_FIXED_SEEDS")
        .ok()?
        .parse()
        .ok()?;
    if cfg!(debug_assertions) {
        Some(first)
    } else {
        tracing::warn!("GIN_INSECURE_FIXED_SEEDS is ignored: this is a release build");
        None
    }
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

/// Runs the bot on `games` (whose shards' lease is taken), stopping cleanly when `stop`
/// completes (tests use this to end an in-process bot).
pub async fn run_until(
    config: Config,
    games: Arc<Games>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), Error> {
    let (client, deliverer) = discord::Client::build(&config, games.clone()).await?;
    let places = client.places();

    // Deliver whatever was not delivered before the last stop, in the background while the
    // gateway connects. Unfinished matches stay in the database until a press needs them.
    if let Err(e) = games.settings().load_settings().await {
        tracing::warn!(error = %e, "reading the servers' settings: each is read when needed");
    }
    // Downtime is not idle time: the clocks move on before the first sweep looks at them,
    // and before any press reads a match into memory (the tables' countdowns).
    games.sweeper().resume_clocks().await;
    let resume = deliverer.clone();
    // Ephemeral edits need the application id, which the first READY brings.
    let ready = client.ready();
    tokio::spawn(async move {
        ready.await;
        resume.resume().await;
    });
    if config.card_emojis {
        let register = config.registers_commands();
        tokio::spawn(client.sync_emojis(register, deliverer.clone()));
    }
    // The card table as an Activity: its moves are delivered by the same deliverer.
    let web = crate::web::start(&config, games.clone(), Arc::new(deliverer.clone())).await;
    if web.is_none() && bus_serves(games.db.shared(), &config) == Joins::Listening {
        // Its listener takes the other processes' requests for its servers: none would be
        // answered, each page told `unavailable` only after its wait.
        return Err(format!(
            "the card table cannot serve on {}, and the other processes' pages need it for this one's servers: stopping",
            config.activity.addr
        )
        .into());
    }
    let db = games.db.clone();
    let watch_games = games.clone();
    let sweep_every = Duration::from_secs(config.timeouts.sweep_seconds);
    let sweeper = tokio::spawn(sweeper::run(games, deliverer.clone(), sweep_every));
    let gateway = client.gateway();
    let metrics_addr = config.metrics_addr.trim();
    if !metrics_addr.is_empty() {
        let addr = metrics_addr.parse()?;
        let watch = ops::Watch {
            games: watch_games,
            gateway: gateway.clone(),
        };
        ops::serve(addr, watch)
            .await
            .map_err(|e| format!("cannot serve metrics on {addr}: {e}"))?;
    }
    // When the stop was asked: every wait of the stop comes out of one budget from then.
    let (stopping, mut stop_seen) = tokio::sync::watch::channel(None::<Instant>);
    let stop_asked = stop_seen.clone();
    let stopper = tokio::spawn(async move {
        stop.await;
        tracing::info!("shutting down");
        stop_log::stop_begins();
        let _ = stopping.send(Some(Instant::now()));
        gateway.close().await;
    });
    tokio::spawn(client.check_reachable());
    // A gateway that never connected (Discord unreachable) never closes: the process stops
    // anyway, a few seconds after it was asked to.
    let deadline = async move {
        let _ = stop_seen.wait_for(Option::is_some).await;
        tokio::time::sleep(STOP_GRACE).await;
        tracing::warn!(
            "the gateway did not close within {STOP_GRACE:?} of the stop: stopping anyway"
        );
    };
    let running = async move {
        tokio::select! {
            r = client.start() => r,
            () = deadline => Ok(()),
        }
    };
    let stopped = async {
        tokio::select! {
            () = db.writer_stopped() => Stopped::Writer,
            () = db.bus().stopped() => Stopped::Bus,
        }
    };
    let result = supervise(running, stopped, sweeper).await;
    stopper.abort();
    let asked = *stop_asked.borrow();
    let budget = StopBudget(asked.unwrap_or_else(Instant::now) + STOP_BUDGET);
    // The other processes' requests stop being taken as the presses do; both are answered.
    let press_grace = PRESS_GRACE.min(budget.left(crate::web::STOP_WAIT + BUS_GRACE));
    let relayed = async {
        match &web {
            Some(web) => web.drain(press_grace).await,
            None => true,
        }
    };
    let (pressed, relayed) = tokio::join!(places.drain(press_grace), relayed);
    if !pressed {
        tracing::warn!("presses still unanswered {press_grace:?} after the stop: stopping anyway");
    }
    if !relayed {
        tracing::warn!(
            "the other processes' requests still unanswered {press_grace:?} after the stop: stopping anyway"
        );
    }
    // Its pages leave the other processes' lists, told with the last notes below.
    if let Some(web) = web {
        web.stop(crate::web::STOP_WAIT.min(budget.left(BUS_GRACE)))
            .await;
    }
    // The changes just answered reach the other processes before this one ends.
    let bus_grace = BUS_GRACE.min(budget.left(Duration::ZERO));
    if !db.bus().flush(bus_grace).await {
        tracing::warn!(
            "notes for the other processes unsent {bus_grace:?} after the presses: stopping anyway"
        );
    }
    // The next process of these shards need not wait for the lease to run out.
    if let Err(e) = db.lease().release_lease().await {
        tracing::warn!(error = %e, "giving up the lease of the shards");
    }
    result
}

/// A thread of the store that ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stopped {
    /// The database writer: every write fails.
    Writer,
    /// The bus between processes: the others' changes are no longer heard, nor its own told.
    Bus,
}

/// Runs the bot until `running` ends, or until a thread of the store or the sweeper does.
/// Without its writer, its bus or its sweeper the bot would answer errors, show old tables or
/// forget its timers: it stops with a clear line instead, for its supervisor to restart it.
async fn supervise(
    running: impl std::future::Future<Output = Result<(), Error>>,
    stopped: impl std::future::Future<Output = Stopped>,
    mut sweeper: tokio::task::JoinHandle<()>,
) -> Result<(), Error> {
    let result = tokio::select! {
        r = running => r,
        s = stopped => Err(match s {
            Stopped::Writer => "the database writer stopped; restart the bot",
            Stopped::Bus => "the bus to the other processes stopped; restart the bot",
        }
        .into()),
        r = &mut sweeper => Err(match r {
            Err(e) if e.is_panic() => format!("the sweeper panicked: {e}; restart the bot"),
            _ => "the sweeper stopped; restart the bot".to_string(),
        }
        .into()),
    };
    sweeper.abort();
    result
}

/// How long a stop may take from when it is asked until the lease is given up: every wait
/// below comes out of it, so that the whole stays within `docker stop`'s 10 s grace.
const STOP_BUDGET: Duration = Duration::from_secs(9);

/// The end of a stop's budget.
struct StopBudget(Instant);

impl StopBudget {
    /// What is left of the budget once `reserve` is kept for the waits still to come.
    fn left(&self, reserve: Duration) -> Duration {
        self.0
            .saturating_duration_since(Instant::now())
            .saturating_sub(reserve)
    }
}

/// How long a stop waits for the gateway to close.
const STOP_GRACE: Duration = Duration::from_secs(3);

/// How long a stop waits, once the gateway is closed, for the presses already received to be
/// answered (less if the budget is spent): a move is stored before it is answered, so one
/// that takes longer (the database held up) is only left without its answer.
const PRESS_GRACE: Duration = Duration::from_secs(5);

/// How long a stop waits, once the presses are answered and its pages left the lists, for
/// the bus's last notes to go (less if the budget is spent).
const BUS_GRACE: Duration = Duration::from_secs(1);

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
        let e = supervise(std::future::pending(), async { Stopped::Writer }, sweeper)
            .await
            .unwrap_err();
        assert!(e.to_string().contains("database writer stopped"), "{e}");
        tokio::task::yield_now().await;
        assert!(watch.is_finished(), "the sweeper is stopped too");
    }

    /// A bus whose thread ended stops the bot as a writer does.
    #[tokio::test]
    async fn a_stopped_bus_stops_the_bot_with_a_clear_line() {
        let sweeper = forever();
        let watch = sweeper.abort_handle();
        let e = supervise(std::future::pending(), async { Stopped::Bus }, sweeper)
            .await
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("the bus to the other processes stopped"),
            "{e}"
        );
        assert!(e.to_string().contains("restart the bot"), "{e}");
        tokio::task::yield_now().await;
        assert!(watch.is_finished(), "the sweeper is stopped too");
    }

    /// Every process sharing its database sends on the bus; only one serving the card table
    /// listens; one alone on its database has no bus.
    #[test]
    fn every_shared_process_sends_and_a_card_table_listens() {
        let mut config = Config::default();
        assert_eq!(bus_serves(true, &config), Joins::Sending, "no card table");
        assert_eq!(bus_serves(false, &config), Joins::Not);
        config.activity.addr = "127.0.0.1:8080".into();
        config.activity.client_id = 1;
        config.activity.client_secret = crate::config::Secret::new("s");
        assert!(config.activity.missing().is_none());
        assert_eq!(bus_serves(true, &config), Joins::Listening);
        assert_eq!(bus_serves(false, &config), Joins::Not, "not shared");
    }

    /// A bot that stops as asked reports no error.
    #[tokio::test]
    async fn a_requested_stop_is_no_error() {
        let r = supervise(async { Ok(()) }, std::future::pending(), forever()).await;
        assert!(r.is_ok());
    }
}
