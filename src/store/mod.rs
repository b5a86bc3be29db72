//! The ledger: every SQL statement of the bot, behind functions named for what they mean.
//! One file per table family, each a view of the [`Db`] core reached by a method of it
//! (`seams`: `db.matches()`, `db.challenges()`, ...).
//!
//! Dependencies point one way. At the bottom the row types (`rows`, `states`: no SQL); above
//! them the SQL both databases share in their own dialects (`dialect`, `acceptance`: the
//! challenge's acceptance rule, once) and what each database does differently (`sqlite`,
//! `postgres`), then the writer
//! (`writer`: transactions, savepoints, batches, naming no table), then the table files,
//! and on top the writer's jobs (`jobs`), which name both. The [`Backend`] is chosen once,
//! when the database opens, and handed down.

mod acceptance;
pub mod bus;
mod challenges;
mod dialect;
#[cfg(test)]
mod fixtures;
mod from_row;
mod heartbeat;
mod jobs;
mod lease;
mod ledger;
mod matches;
mod message_ids;
mod migrations;
mod outbox;
mod postgres;
mod presence;
mod rows;
mod seams;
mod seasons;
mod settings;
mod sqlite;
mod states;
#[doc(hidden)]
pub mod testing;
mod tournaments;
mod writer;

pub use lease::HeldElsewhere;
pub use ledger::{
    BoardRow, BoardSort, ExportRow, HistoryRow, RecentResult, SheetHand, SheetMatch, SheetPlayer,
    StatsRow, BOARD_ROWS,
};
pub use presence::Present;
pub use rows::{
    Acceptance, ChallengeRow, HandRow, HollywoodRow, IdleRow, MatchEvent, MatchRow, NewChallenge,
    NewMatch, OutboxKey, OutboxRow, PlayerResult, RateFn, RatingRow, SavedAction,
};
pub use seams::{
    Challenges, Heartbeat, Lease, Ledger, Matches, Outbox, Seasons, Settings, TablePresence,
    Tournaments,
};
pub use seasons::Season;
pub use settings::GuildSettings;
pub use states::{
    ChallengeState, EndReason, Format, HandKind, MatchState, PlaceKind, TournamentState,
    UnknownState,
};
pub use tournaments::{
    CancelCause, EntryRow, Joined, NewEntry, NewTournament, Reach, Step, TableRow, TournamentRow,
};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{AnyConnection, AnyPool, ConnectOptions, Connection, Executor};
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
    #[error("database thread: {0}")]
    Thread(String),
    #[error("the write was not committed: {0}")]
    Commit(String),
}

impl StoreError {
    /// A uniqueness rule of the schema refused the write (one active match per player and
    /// channel): someone else got there first.
    pub fn is_conflict(&self) -> bool {
        match self {
            StoreError::Sql(sqlx::Error::Database(e)) => {
                e.kind() == sqlx::error::ErrorKind::UniqueViolation
            }
            _ => false,
        }
    }
}

/// When a commit counts as done. `Full` is the default: a move the player saw accepted is on
/// disk. The writer groups commits (moves, match starts and the rest alike), so this costs
/// one sync per batch rather than one per write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Durability {
    /// Synced to disk before the answer: an acknowledged move survives a power loss
    /// (SQLite's `synchronous = FULL`, PostgreSQL's `synchronous_commit = on`).
    #[default]
    Full,
    /// Written to the operating system: survives a crash of the bot, not of the machine
    /// (`synchronous = NORMAL`; PostgreSQL's `synchronous_commit = off`, where a crash of
    /// the database server may lose the last fraction of a second).
    Normal,
}

/// Which database the URL names, chosen once when the database opens: the same statements
/// run on both, through sqlx's `Any` driver; the few that differ match on the one the
/// [`Db`] holds, passed down to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One file, one process: the embedded default.
    Sqlite,
    /// A server several bot processes share (see README, "Beyond one process").
    Postgres,
}

impl Backend {
    /// The back end a database URL names, if it is one of the two.
    pub fn from_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }
}

/// The read pool's page cache on SQLite, per connection: reads look rows up by key, and the
/// operating system caches the file's pages anyway. SQLite's default of 2 MiB for each of the
/// four readers was about a third of the bot's heap at its peak after a restart.
const READER_CACHE: &str = "PRAGMA cache_size = -512";

/// How to open connections of the process's own (the writer's, the warm-up's).
#[derive(Clone, Debug)]
pub(crate) struct Source {
    pub(crate) backend: Backend,
    url: String,
    durability: Durability,
    /// SQLite only: the file's options, for the checkpoint thread's native connection.
    sqlite: Option<SqliteConnectOptions>,
}

impl Source {
    /// A new connection, set up as every connection of this process is.
    pub(crate) async fn connect(&self) -> Result<AnyConnection, StoreError> {
        let options = AnyConnectOptions::from_str(&self.url)?.disable_statement_logging();
        let mut conn = AnyConnection::connect_with(&options).await?;
        conn.execute(self.setup()).await?;
        Ok(conn)
    }

    /// What each connection runs first. SQLite keeps these per connection; WAL mode is kept
    /// in the file (set once, at [`Db::open_with`]).
    fn setup(&self) -> &'static str {
        match (self.backend, self.durability) {
            (Backend::Sqlite, Durability::Full) => {
                "PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;"
            }
            (Backend::Sqlite, Durability::Normal) => {
                "PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;"
            }
            (Backend::Postgres, Durability::Full) => "SET synchronous_commit = on",
            (Backend::Postgres, Durability::Normal) => "SET synchronous_commit = off",
        }
    }
}

/// The gateway shards a process runs, `first` to `last` of `total` (`"0-3/8"`). A server
/// belongs to shard `(guild_id >> 22) % total`, as Discord routes it; a match to its server.
/// The sweeps, the warm-up and the delivery after a restart read only the process's own
/// servers, so no match is ever held by two processes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl Shards {
    /// Every shard: one process.
    pub const ALL: Shards = Shards {
        first: 0,
        last: 0,
        total: 1,
    };

    /// The shard of a server (0 for direct messages, as Discord does).
    pub fn of(guild_id: u64, total: u32) -> u32 {
        ((guild_id >> 22) % u64::from(total.max(1))) as u32
    }

    /// Whether this process runs the shard of `guild_id`.
    pub fn owns(&self, guild_id: u64) -> bool {
        (self.first..=self.last).contains(&Shards::of(guild_id, self.total))
    }

    /// Whether this process runs shard 0 (which gets direct messages, and registers commands).
    pub fn has_first(&self) -> bool {
        self.first == 0
    }

    /// Whether some server belongs to both ranges, whatever their totals. A server's shard of
    /// one total fixes its shard of another modulo their greatest common divisor, and any two
    /// shards that agree there share servers (the Chinese remainder theorem).
    pub fn overlaps(&self, other: &Shards) -> bool {
        let (mut a, mut b) = (self.total.max(1), other.total.max(1));
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let width = |s: &Shards| s.last - s.first + 1;
        if width(self) >= a || width(other) >= a {
            return true; // One range meets every remainder.
        }
        (self.first..=self.last).any(|i| (other.first..=other.last).any(|j| i % a == j % a))
    }

    /// [`Shards::owns`] in SQL, on the guild id in `column`: the condition every read of
    /// "this process's matches" adds. The numbers are the process's own configuration,
    /// written into the statement (which stays the same for the life of the process).
    fn condition(&self, column: &str) -> String {
        format!(
            "(({column} >> 22) % {}) BETWEEN {} AND {}",
            self.total, self.first, self.last
        )
    }
}

impl std::fmt::Display for Shards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

impl FromStr for Shards {
    type Err = String;

    /// `FIRST-LAST/TOTAL` (or `N/TOTAL` for one shard), e.g. `0-3/8`.
    fn from_str(s: &str) -> Result<Shards, String> {
        let bad = || format!("shards must read FIRST-LAST/TOTAL, e.g. 0-3/8, not `{s}`");
        let (range, total) = s.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |v: &str| v.trim().parse::<u32>().map_err(|_| bad());
        let shards = Shards {
            first: number(first)?,
            last: number(last)?,
            total: number(total)?,
        };
        if shards.total == 0 || shards.first > shards.last || shards.last >= shards.total {
            return Err(format!(
                "shards `{s}`: FIRST <= LAST < TOTAL, and TOTAL at least 1"
            ));
        }
        Ok(shards)
    }
}

/// The database handle, cheap to clone: the pool, the writer and the shards every table uses;
/// each table family is a view of it ([`Db::matches`], [`Db::ledger`], ...).
#[derive(Clone, Debug)]
pub struct Db {
    /// Reads. Writes go to `writer`.
    pool: AnyPool,
    /// The process's one writer: SQLite has one writer at a time anyway, and on PostgreSQL
    /// one connection grouping many actions per commit beats many each waiting for its own.
    writer: writer::Writer<jobs::Writes>,
    /// For connections of their own (the writer's).
    source: Source,
    /// Whose servers' matches this process sweeps, resumes and delivers.
    shards: Shards,
    /// This process's lease of its shards (see [`Lease::take_lease`]).
    lease: std::sync::Arc<lease::Claim>,
    /// What this process tells the others sharing the database (see [`Db::with_bus`]).
    bus: bus::Bus,
}

impl Db {
    /// Opens (creating if missing) the database at `url` and brings its schema up to date,
    /// with the default [`Durability`].
    pub async fn open(url: &str) -> Result<Db, StoreError> {
        Db::open_with(url, Durability::default()).await
    }

    /// [`Db::open`] with the durability of commits chosen. `url` is `sqlite://FILE` or
    /// `postgres://USER:PASSWORD@HOST/DATABASE`.
    pub async fn open_with(url: &str, durability: Durability) -> Result<Db, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::from_url(url).ok_or_else(|| {
            StoreError::Sql(sqlx::Error::Configuration(
                "the database URL must start with sqlite:// or postgres://".into(),
            ))
        })?;
        let sqlite = match backend {
            Backend::Sqlite => {
                let options = SqliteConnectOptions::from_str(url)?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .busy_timeout(Duration::from_secs(5))
                    .foreign_keys(true);
                // Creates the file, turns WAL on (kept in the file) and migrates with the
                // native driver, before anything else connects.
                let mut conn = sqlx::SqliteConnection::connect_with(&options).await?;
                migrations::sqlite().run(&mut conn).await?;
                conn.close().await?;
                Some(options)
            }
            Backend::Postgres => None,
        };
        let source = Source {
            backend,
            url: url.to_string(),
            durability,
            sqlite,
        };
        let setup = source.setup();
        let pool = AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    conn.execute(setup).await?;
                    if backend == Backend::Sqlite {
                        conn.execute(READER_CACHE).await?;
                    }
                    Ok(())
                })
            })
            .connect_with(AnyConnectOptions::from_str(url)?.disable_statement_logging())
            .await?;
        if backend == Backend::Postgres {
            migrations::postgres().run(&pool).await?;
        }
        let writer = writer::Writer::start(source.clone()).await?;
        Ok(Db {
            pool,
            writer,
            source,
            shards: Shards::ALL,
            lease: Default::default(),
            bus: Default::default(),
        })
    }

    /// This handle, sweeping, warming up and delivering for the servers of `shards` only.
    pub fn owning(mut self, shards: Shards) -> Db {
        self.shards = shards;
        self
    }

    /// The shards this process runs.
    pub fn shards(&self) -> Shards {
        self.shards
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.source.backend
    }

    /// Runs `work`, a write, on the writer thread's connection in its turn:
    /// `db.write(move |conn| Box::pin(async move { ... }))`.
    pub(crate) async fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut AnyConnection) -> writer::Writing<'c, T> + Send + 'static,
    {
        self.writer.run(work).await
    }

    /// Resolves when the writer thread has ended (it panicked, say): every write fails from
    /// then on, so the process should stop and be restarted.
    pub async fn writer_stopped(&self) {
        self.writer.stopped().await
    }

    #[cfg(test)]
    pub(in crate::store) fn wal(&self) -> std::sync::Arc<sqlite::checkpoint::Wal> {
        self.writer.wal().expect("SQLite has a WAL")
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

/// Runs `work` on a new thread with a single-threaded runtime of its own. Database work
/// there is never queued behind the bot's other tasks: after a restart or under load there
/// can be thousands, and a statement's answer waiting behind all of them holds up
/// everything that needs it next.
fn on_own_thread<F>(name: &str, work: impl FnOnce() -> F + Send + 'static) -> Result<(), StoreError>
where
    F: std::future::Future<Output = ()> + 'static,
{
    let thread = name.to_string();
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(runtime) => runtime.block_on(work()),
                Err(e) => tracing::error!(error = %e, thread, "cannot start a runtime"),
            }
        })
        .map(|_| ())
        .map_err(|e| StoreError::Thread(format!("cannot start {name}: {e}")))
}

/// `url` fit for a log line or an error: every password in it is replaced by `***`. Reads
/// the forms PostgreSQL takes (a wrong one is refused, and the refusal shows it): a URL's
/// `user:password@` (the password may hold `@`, escaped or not), its `password=` and
/// `sslpassword=` query parameters (their names percent-encoded too), and a connection
/// string of `key=value` pairs (`host=db password='a b'`).
pub fn without_password(url: &str) -> String {
    let scheme = url.find("://").map(|i| i + 3);
    let mut secret = Vec::new();
    if scheme.is_some() || !url.contains('=') {
        secret.extend(user_password(url, scheme.unwrap_or(0)));
    }
    if scheme.is_some() || url.contains('=') {
        secret.extend(password_values(url, scheme.is_some()));
    }
    // Where the two readings of a strange URL differ, both are masked.
    let mut masked = vec![false; url.len()];
    for r in secret {
        masked[r].iter_mut().for_each(|m| *m = true);
    }
    let mut out = String::with_capacity(url.len());
    for (i, c) in url.char_indices() {
        if !masked[i] {
            out.push(c);
        } else if i == 0 || !masked[i - 1] {
            out.push_str("***");
        }
    }
    out
}

/// The password of `user:password@host` after `start`. The user information ends at the
/// last `@`: a password may hold an unescaped one.
fn user_password(url: &str, start: usize) -> Option<std::ops::Range<usize>> {
    let at = start + url[start..].rfind('@')?;
    let colon = start + url[start..at].find(':')?;
    Some(colon + 1..at)
}

/// The values of the keys naming a password: in a URL's query (a value ends at `&` or `#`)
/// or in a `key=value` connection string (at a space, or a quoted value's end).
fn password_values(text: &str, query: bool) -> Vec<std::ops::Range<usize>> {
    let key_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '%');
    let mut found = Vec::new();
    for (eq, _) in text.match_indices('=') {
        let before = if query {
            &text[..eq]
        } else {
            text[..eq].trim_end()
        };
        let key = &before[before.trim_end_matches(key_char).len()..];
        if !names_password(key) {
            continue;
        }
        let after = &text[eq + 1..];
        let range = if query {
            0..after.find(['&', '#']).unwrap_or(after.len())
        } else {
            let value = after.trim_start();
            let lead = after.len() - value.len();
            lead..lead + quoted_or_word(value)
        };
        found.push(eq + 1 + range.start..eq + 1 + range.end);
    }
    found
}

/// Whether a parameter's name (percent-decoded, any case) names a password: `password`,
/// `sslpassword`. (`passfile` names a file, not a secret.)
fn names_password(key: &str) -> bool {
    let bytes = key.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = key
            .get(i + 1..i + 3)
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                decoded.push(b);
                i += 3;
            }
            (b, _) => {
                decoded.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded)
        .to_ascii_lowercase()
        .ends_with("password")
}

/// The length of a connection string's value at the start of `value`: up to the next space,
/// or a quoted one to its closing quote (`\'` and `\\` escape inside it).
fn quoted_or_word(value: &str) -> usize {
    if !value.starts_with('\'') {
        return value.find(char::is_whitespace).unwrap_or(value.len());
    }
    let mut escaped = false;
    for (i, c) in value.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '\'' => return i + 1,
            _ => {}
        }
    }
    value.len()
}

/// A yes/no column, stored as 0 or 1 on both back ends: sqlx's `Any` driver reads no
/// booleans. Read into a `bool` field as `field as Flag` (see [`from_row`]).
pub(crate) struct Flag(bool);

impl sqlx::Type<sqlx::Any> for Flag {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <i64 as sqlx::Type<sqlx::Any>>::type_info()
    }

    fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
        <i64 as sqlx::Type<sqlx::Any>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Any> for Flag {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        Ok(Flag(<i64 as sqlx::Decode<sqlx::Any>>::decode(value)? != 0))
    }
}

impl From<Flag> for bool {
    fn from(flag: Flag) -> bool {
        flag.0
    }
}

/// `$1, $2, ..., $m`: the bind parameters of an `IN` list of `n` values, `m` being `n` rounded
/// up to a power of two ([`in_list`] repeats the last value to fill it). The statement's text
/// then takes one of ten forms up to 512 values, so each connection prepares them once and
/// keeps them in its statement cache, rather than one new statement per batch size.
fn placeholders(n: usize) -> String {
    (1..=n.next_power_of_two())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The values to bind to [`placeholders`]`(values.len())`: each value, then the last again
/// until the list is full (a value twice in an `IN` list matches the same rows).
fn in_list<T: Copy>(values: &[T]) -> impl Iterator<Item = T> + '_ {
    let n = values.len();
    (0..n.next_power_of_two()).map(move |i| values[i.min(n - 1)])
}

/// Snowflakes are stored as SQLite integers (sqlx cannot bind `u64`); the bits are kept.
pub(crate) fn id(v: u64) -> i64 {
    v as i64
}

pub fn unid(v: i64) -> u64 {
    v as u64
}

#[cfg(test)]
mod tests {
    use super::{in_list, placeholders, Db, Shards};

    #[test]
    fn an_in_list_takes_one_of_ten_texts_up_to_five_hundred_values() {
        let texts: std::collections::HashSet<String> = (1..=500).map(placeholders).collect();
        assert_eq!(texts.len(), 10);
        for n in [1, 2, 3, 5, 64, 65, 500] {
            let values: Vec<usize> = (0..n).collect();
            let bound: Vec<usize> = in_list(&values).collect();
            assert_eq!(bound.len(), placeholders(n).split(", ").count(), "{n}");
            assert_eq!(&bound[..n], &values[..], "{n}");
            assert!(bound[n..].iter().all(|&v| v == n - 1), "{n}");
        }
    }

    #[test]
    fn a_logged_url_keeps_no_password() {
        assert_eq!(
            super::without_password("postgres://gin:s3cret@db:5432/gin"),
            "postgres://gin:***@db:5432/gin"
        );
        assert_eq!(
            super::without_password("postgresql://:s3cret@db/gin"),
            "postgresql://:***@db/gin"
        );
        assert_eq!(
            super::without_password("sqlite://gin.db"),
            "sqlite://gin.db"
        );
        assert_eq!(
            super::without_password("postgres://db/gin"),
            "postgres://db/gin"
        );
    }

    /// The password as a query parameter, wherever it stands among the others.
    #[test]
    fn a_password_in_the_query_is_masked() {
        let masked = |url| super::without_password(url);
        assert_eq!(
            masked("postgres://gin@db/gin?password=s3cret"),
            "postgres://gin@db/gin?password=***"
        );
        assert_eq!(
            masked("postgres://db/gin?sslmode=require&password=s3cret&application_name=gin"),
            "postgres://db/gin?sslmode=require&password=***&application_name=gin"
        );
        assert_eq!(
            masked("postgres://db/gin?sslpassword=s3cret#x"),
            "postgres://db/gin?sslpassword=***#x"
        );
        assert_eq!(
            masked("postgres://u:s3cret@db/gin?PASSWORD=s3cret"),
            "postgres://u:***@db/gin?PASSWORD=***"
        );
        // Not a secret: the file the password is read from.
        assert_eq!(
            masked("postgres://db/gin?passfile=/run/pgpass"),
            "postgres://db/gin?passfile=/run/pgpass"
        );
    }

    /// A password holding `@` (unescaped, as an operator may paste it), or ':'.
    #[test]
    fn a_password_holding_an_at_sign_is_masked_whole() {
        assert_eq!(
            super::without_password("postgres://gin:s3@cr:et@db:5432/gin"),
            "postgres://gin:***@db:5432/gin"
        );
        // Where an `@` in the query makes the host unclear, all that may be the password goes.
        assert_eq!(
            super::without_password("postgres://gin:s3@cret@db/gin?password=s3@cret"),
            "postgres://gin:***"
        );
        assert_eq!(
            super::without_password("postgres://gin:s3password=cret@db/gin"),
            "postgres://gin:***"
        );
        // No scheme (refused, and shown so): still masked.
        assert_eq!(
            super::without_password("gin:s3@cret@db/gin"),
            "gin:***@db/gin"
        );
    }

    /// Percent-encoded passwords, and percent-encoded parameter names.
    #[test]
    fn percent_encoded_passwords_are_masked() {
        assert_eq!(
            super::without_password("postgres://gin:s3%40cr%3Aet@db/gin"),
            "postgres://gin:***@db/gin"
        );
        assert_eq!(
            super::without_password("postgres://db/gin?pass%77ord=s3%26cret"),
            "postgres://db/gin?pass%77ord=***"
        );
        assert_eq!(
            super::without_password("postgres://db/gin?%70assword=s3cret"),
            "postgres://db/gin?%70assword=***"
        );
    }

    /// libpq's `key=value` connection string: the bot refuses it, and says so with it masked.
    #[test]
    fn a_key_value_connection_string_is_masked() {
        let masked = |url| super::without_password(url);
        assert_eq!(
            masked("host=db user=gin password=s3cret dbname=gin"),
            "host=db user=gin password=*** dbname=gin"
        );
        assert_eq!(
            masked("host=db password = s3cret sslpassword=s3cret"),
            "host=db password = *** sslpassword=***"
        );
        assert_eq!(
            masked(r"password='s3 cr\'et' host=db"),
            "password=*** host=db"
        );
        assert_eq!(
            masked("hostaddr=::1 password=s3@c:ret"),
            "hostaddr=::1 password=***"
        );
        for url in [
            "host=db user=gin password=s3cret dbname=gin",
            "host=db password = s3cret",
            r"password='s3 cr\'et' host=db",
            "hostaddr=::1 password=s3@c:ret",
        ] {
            assert!(!masked(url).contains("s3"), "{url}");
        }
    }

    /// `FIRST-LAST/TOTAL`, as operators write it; anything else is refused with the form.
    #[test]
    fn shard_ranges_read_as_operators_write_them() {
        let s: Shards = "0-3/8".parse().unwrap();
        assert_eq!((s.first, s.last, s.total), (0, 3, 8));
        assert_eq!(s.to_string(), "0-3/8");
        assert_eq!("2/4".parse::<Shards>().unwrap().to_string(), "2-2/4");
        for bad in ["", "3", "4-2/8", "0-8/8", "0-0/0", "a-b/c"] {
            let e = bad.parse::<Shards>().unwrap_err();
            assert!(e.contains("shards"), "{bad}: {e}");
        }
        // Discord's routing: (guild_id >> 22) % total.
        assert_eq!(Shards::of(81_384_788_765_712_384, 2), 0);
        assert_eq!(Shards::of(3 << 22, 2), 1);
        assert!(Shards::ALL.owns(12345) && Shards::ALL.has_first());
    }
    use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
    use std::str::FromStr;

    /// A SQLite database with the migrations up to `version` only, as an older build left it:
    /// its directory, URL and pool.
    async fn sqlite_up_to(version: i64) -> (tempfile::TempDir, String, sqlx::SqlitePool) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("old.db").display());
        let options = SqliteConnectOptions::from_str(&url)
            .unwrap()
            .create_if_missing(true);
        let pool = SqlitePoolOptions::new()
            .connect_with(options)
            .await
            .unwrap();
        let mut old = super::migrations::sqlite();
        old.migrations = old
            .migrations
            .iter()
            .filter(|m| m.version <= version)
            .cloned()
            .collect::<Vec<_>>()
            .into();
        old.run(&pool).await.unwrap();
        (dir, url, pool)
    }

    /// A two-player match of server 1, channel 100, as an older build stored it: its id.
    async fn old_match(pool: &sqlx::SqlitePool, status: &str, version: i64) -> i64 {
        sqlx::query(
            "INSERT INTO matches (guild_id, channel_id, format, preset, rules_json, locale, status, \
             state_json, version, seed_hex, turn_started_at, started_at) \
             VALUES (1, 100, 'two', 'classic', '{}', 'en', $1, '{}', $2, '00', 0, 0)",
        )
        .bind(status)
        .bind(version)
        .execute(pool)
        .await
        .unwrap()
        .last_insert_rowid()
    }

    /// A database from before 0005: matches that ended before 0003 kept `'active'` on their
    /// player rows. The upgrade must neither fail on them nor keep their players from playing.
    #[tokio::test]
    async fn the_upgrade_keeps_old_finished_matches_from_blocking_their_players() {
        if crate::store::testing::on_postgres() {
            return; // The SQLite migrations' history.
        }
        let (_dir, url, pool) = sqlite_up_to(4).await;
        for _ in 0..2 {
            let id = old_match(&pool, "finished", 9).await;
            for (seat, user) in [(0, 10), (1, 11)] {
                sqlx::query(
                    "INSERT INTO match_players (match_id, seat, guild_id, user_id, display_name) \
                     VALUES ($1, $2, 1, $3, 'x')",
                )
                .bind(id)
                .bind(seat)
                .bind(user)
                .execute(&pool)
                .await
                .unwrap();
            }
        }
        pool.close().await;
        let db = Db::open(&url).await.expect("the upgrade runs");
        let new = crate::store::fixtures::new_match(0);
        assert_eq!((new.channel_id, new.players[0].0), (100, 10));
        db.matches()
            .create_match(&new)
            .await
            .expect("the players of old matches can play again");
    }

    /// A match stored before places were: played in a server with the bot, and its hands
    /// kept under that server, as before.
    #[tokio::test]
    async fn a_match_from_before_places_is_a_servers() {
        if crate::store::testing::on_postgres() {
            return; // The SQLite migrations' history.
        }
        let (_dir, url, pool) = sqlite_up_to(18).await;
        let id = old_match(&pool, "active", 0).await;
        pool.close().await;
        let db = Db::open(&url).await.expect("the upgrade runs");
        let row = db
            .matches()
            .load_match(id)
            .await
            .unwrap()
            .expect("the match");
        assert_eq!(
            (row.guild_id, row.place_kind),
            (1, super::PlaceKind::Server)
        );
        let (ledger,): (i64,) = sqlx::query_as("SELECT COALESCE(place_id, guild_id) FROM matches")
            .fetch_one(db.pool())
            .await
            .unwrap();
        assert_eq!(ledger, 1);
    }
}
