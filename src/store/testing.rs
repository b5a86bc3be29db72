//! Databases for tests: SQLite files by default, or fresh PostgreSQL databases when
//! `GIN_TEST_POSTGRES_URL` names a server (`.ci/run` runs the suite both ways).

use super::StoreError;
use sqlx::{Connection, Executor};
use std::sync::atomic::{AtomicU64, Ordering};

/// The server the tests use instead of SQLite, if any.
pub const POSTGRES_ENV: &str = "GIN_TEST_POSTGRES_URL";

/// Whether this run's tests use PostgreSQL.
pub fn on_postgres() -> bool {
    test_server().is_some()
}

/// The PostgreSQL server `POSTGRES_ENV` names, if any.
fn test_server() -> Option<String> {
    std::env::var(POSTGRES_ENV).ok().filter(|u| !u.is_empty())
}

/// A URL to a new, empty database: `dir/NAME.db` on SQLite, or a database of its own on
/// the test server (never shared with another test, so tests run in parallel). The first
/// one of a process also starts the sweep of leftovers (see [`sweep_leftovers`]).
pub async fn fresh_database_url(dir: &std::path::Path, name: &str) -> Result<String, StoreError> {
    if let Some(server) = test_server() {
        sqlx::any::install_default_drivers();
        sweep_leftovers(&server);
    }
    new_database_url(dir, name).await
}

/// As [`fresh_database_url`] without the sweep: for a benchmark, beside which nothing else
/// should run.
pub async fn new_database_url(dir: &std::path::Path, name: &str) -> Result<String, StoreError> {
    let Some(server) = test_server() else {
        return Ok(format!(
            "sqlite://{}",
            dir.join(format!("{name}.db")).display()
        ));
    };
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let database = format!(
        "gin_t_{}_{}_{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&server).await?;
    conn.execute(format!("CREATE DATABASE {database}").as_str())
        .await?;
    conn.close().await?;
    Ok(with_database(&server, &database))
}

/// Drops, once per process and on a thread of its own, the databases that test processes no
/// longer running left on `server`. No test drops its own (its pool may hold connections until
/// the process ends), and thousands of them kept the server's autovacuum busy enough to stall
/// benchmarks run beside it. A database whose process is gone is never used again.
fn sweep_leftovers(server: &str) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let server = server.to_string();
        let sweep = async move {
            let mut conn = sqlx::AnyConnection::connect(&server).await.ok()?;
            let names: Vec<String> = sqlx::query_scalar(
                "SELECT datname::text FROM pg_database WHERE datname LIKE 'gin\\_t\\_%' \
                 AND datname NOT IN (SELECT datname FROM pg_stat_activity \
                 WHERE datname IS NOT NULL)",
            )
            .fetch_all(&mut conn)
            .await
            .ok()?;
            for name in names.iter().filter(|n| left_by_a_dead_process(n)) {
                let drop = format!("DROP DATABASE IF EXISTS \"{name}\"");
                // One that cannot be dropped (in use after all) is left for another time.
                let _ = conn.execute(drop.as_str()).await;
            }
            conn.close().await.ok()
        };
        let started = std::thread::Builder::new()
            .name("gin-test-sweep".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                if let Ok(runtime) = runtime {
                    runtime.block_on(sweep);
                }
            });
        drop(started);
    });
}

/// Whether the test database `name` (`gin_t_<pid>_...`) belongs to a process that is gone:
/// only where `/proc` tells (elsewhere nothing is swept).
fn left_by_a_dead_process(name: &str) -> bool {
    let pid = name
        .strip_prefix("gin_t_")
        .and_then(|rest| rest.split('_').next())
        .and_then(|pid| pid.parse::<u32>().ok());
    let proc = std::path::Path::new("/proc");
    match pid {
        Some(pid) if pid != std::process::id() && proc.join("self").exists() => {
            !proc.join(pid.to_string()).exists()
        }
        _ => false,
    }
}

/// `url` naming `database` on the same server.
pub fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let host = match base[authority_end..].find('/') {
        Some(i) => &base[..authority_end + i],
        None => base,
    };
    match query {
        Some(q) => format!("{host}/{database}?{q}"),
        None => format!("{host}/{database}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_database_url_names_the_new_database() {
        assert_eq!(
            super::with_database("postgres://gin@127.0.0.1:55432/postgres", "t1"),
            "postgres://gin@127.0.0.1:55432/t1"
        );
        assert_eq!(
            super::with_database("postgres://a:b@h/x?sslmode=disable", "t2"),
            "postgres://a:b@h/t2?sslmode=disable"
        );
        assert_eq!(
            super::with_database("postgres://h", "t3"),
            "postgres://h/t3"
        );
    }

    /// Only the databases of processes that are gone are swept: never this process's, a
    /// running one's, or a name of another form.
    #[test]
    #[cfg(target_os = "linux")]
    fn only_databases_of_processes_gone_are_swept() {
        use super::left_by_a_dead_process as gone;
        // Process ids stay below pid_max: no process has that one.
        let max = std::fs::read_to_string("/proc/sys/kernel/pid_max").unwrap();
        assert!(gone(&format!("gin_t_{}_0_1", max.trim())));
        assert!(!gone(&format!("gin_t_{}_3_9", std::process::id())));
        assert!(!gone("gin_t_1_0_1"));
        assert!(!gone("gin_t_x_0_1"));
        assert!(!gone("postgres"));
    }
}
