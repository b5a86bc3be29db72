//! The ledger: every SQL statement of the bot, behind functions named for what they mean.
//! One [`Db`] type, one file per table family.

mod challenges;
mod ledger;
mod matches;

pub use challenges::{Acceptance, ChallengeRow, NewChallenge};
pub use ledger::{BoardRow, BoardSort, HistoryRow, SheetHand, SheetMatch, StatsRow};
pub use matches::{HandRow, MatchRow, NewMatch, PlayerResult, RateFn, RatingRow, SavedAction};

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;
use std::str::FromStr;
use std::time::Duration;

/// A storage failure, worded for the operator's log.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("cannot prepare the database schema: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is unreadable: {0}")]
    Corrupt(String),
}

/// The database handle, cheap to clone.
#[derive(Clone, Debug)]
pub struct Db {
    pool: SqlitePool,
    /// SQLite has one writer at a time; queueing writers here, in order, is much faster
    /// under load than letting connections poll for the lock with SQLite's busy sleeps.
    writer: std::sync::Arc<tokio::sync::Mutex<()>>,
}

impl Db {
    /// Opens (creating if missing) the database at `url` and brings its schema up to date.
    pub async fn open(url: &str) -> Result<Db, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        sqlx::migrate!().run(&pool).await?;
        Ok(Db {
            pool,
            writer: Default::default(),
        })
    }

    /// Waits for this process's turn to write.
    pub(crate) async fn write_turn(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.writer.lock().await
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// Snowflakes are stored as SQLite integers (sqlx cannot bind `u64`); the bits are kept.
pub(crate) fn id(v: u64) -> i64 {
    v as i64
}

pub(crate) fn unid(v: i64) -> u64 {
    v as u64
}
