//! The ledger: every SQL statement of the bot, behind functions named for what they mean.
//! One [`Db`] type, one file per table family.

mod challenges;
mod ledger;
mod matches;
mod writer;

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
    #[error("database writer: {0}")]
    Writer(String),
}

/// The database handle, cheap to clone.
#[derive(Clone, Debug)]
pub struct Db {
    /// Reads. Writes go to `writer`.
    pool: SqlitePool,
    /// The process's one writer: SQLite has one writer at a time anyway.
    writer: writer::Writer,
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
            .connect_with(options.clone())
            .await?;
        sqlx::migrate!().run(&pool).await?;
        let writer = writer::Writer::start(options).await?;
        Ok(Db { pool, writer })
    }

    /// Runs `work`, a write, on the writer thread's connection in its turn:
    /// `db.write(move |conn| Box::pin(async move { ... }))`.
    pub(crate) async fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut sqlx::SqliteConnection) -> writer::Writing<'c, T>
            + Send
            + 'static,
    {
        self.writer.run(work).await
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
