//! `gin`: runs the bot. `gin --config PATH` (default `config.toml`).

use gin::config::Config;
use std::path::PathBuf;
use std::process::ExitCode;
use tracing_subscriber::filter::FilterExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{fmt, Layer};

const USAGE: &str = "usage: gin [--config PATH] [--health]   (default config.toml; see config.example.toml)\n  --health  ask the running bot's /health at metrics_addr and exit 0 if healthy (or if metrics_addr is empty), 1 if not";

fn main() -> ExitCode {
    let mut path = PathBuf::from("config.toml");
    let mut named = false;
    let mut health = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--config" | "-c" => match args.next() {
                Some(p) => {
                    path = PathBuf::from(p);
                    named = true;
                }
                None => return fail("--config needs a path"),
            },
            "--health" => health = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => return fail(&format!("unknown argument `{other}`; {USAGE}")),
        }
    }
    // Only the default file may be missing: a file the operator named must be there.
    if named && !path.exists() {
        return fail(&format!(
            "the config file {} does not exist (copy config.example.toml there, or leave out --config to run on the environment alone)",
            path.display()
        ));
    }
    let config = match Config::load(&path, |k| std::env::var(k).ok()) {
        Ok(c) => c,
        // A health check answers 0 or 1 only (Docker reserves 2).
        Err(e) if health => {
            eprintln!("gin: unhealthy: {e}");
            return ExitCode::from(1);
        }
        Err(e) => return fail(&e.to_string()),
    };
    if health {
        return match gin::metrics::check_health(&config.metrics_addr) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("gin: unhealthy: {e}");
                ExitCode::from(1)
            }
        };
    }
    let filter = match config.log_filter() {
        Ok(f) => f,
        Err(e) => return fail(&e),
    };
    // Colours only for a terminal, unless NO_COLOR says otherwise: a log file or
    // `docker logs` gets plain text to search.
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let colour = std::io::IsTerminal::is_terminal(&std::io::stdout()) && !no_color;
    let filter = filter.and(gin::discord::stop_log::filter());
    tracing_subscriber::registry()
        .with(fmt::layer().with_ansi(colour).with_filter(filter))
        .init();
    batch_scheduling();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.runtime_threads())
        .enable_all()
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => return fail(&format!("cannot start the async runtime: {e}")),
    };
    match runtime.block_on(gin::app::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// One line on stderr saying what to fix; exit status 2.
fn fail(message: &str) -> ExitCode {
    eprintln!("gin: {message}");
    ExitCode::from(2)
}

/// The bot's threads (each inherits it from this one) are scheduled as SCHED_BATCH: they hand
/// work to each other all the time (a press to the database writer, each statement's result
/// back), and a thread woken that way would otherwise preempt the one that woke it, two
/// switches per hand-over. Under load this cut the bot's CPU per action by about 7% and
/// left its answer times as they were (README, "Performance"). Any user may set it.
#[cfg(target_os = "linux")]
fn batch_scheduling() {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: `param` outlives the call, which only reads it; `0` is the calling thread.
    if unsafe { libc::sched_setscheduler(0, libc::SCHED_BATCH, &param) } != 0 {
        let error = std::io::Error::last_os_error();
        tracing::debug!(%error, "the bot keeps the default scheduling");
    }
}

#[cfg(not(target_os = "linux"))]
fn batch_scheduling() {}
