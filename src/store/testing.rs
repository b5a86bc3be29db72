//! Databases for tests: SQLite files by default, or fresh PostgreSQL databases when
//! `GIN_TEST_POSTGRES_URL` names a server (`.ci/run` runs the suite both ways).

use super::StoreError;
use sqlx::{Connection, Executor};
use std::sync::atomic::{AtomicU64, Ordering};

/// The server the tests use instead of SQLite, if any.
pub const POSTGRES_ENV: &str = "GIN_TEST_POSTGRES_URL";

/// Whether this run's tests use PostgreSQL.
pub fn on_postgres() -> bool {
    std::env::var(POSTGRES_ENV).is_ok_and(|u| !u.is_empty())
}

/// A URL to a new, empty database: `dir/NAME.db` on SQLite, or a database of its own on
/// the test server (never shared with another test, so tests run in parallel).
pub async fn fresh_database_url(dir: &std::path::Path, name: &str) -> Result<String, StoreError> {
    let server = match std::env::var(POSTGRES_ENV) {
        Ok(url) if !url.is_empty() => url,
        _ => {
            return Ok(format!(
                "sqlite://{}",
                dir.join(format!("{name}.db")).display()
            ))
        }
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
}
