//! The schema's migrations, embedded in the binary: `migrations/` for SQLite and
//! `migrations/postgres/` for PostgreSQL.
//!
//! sqlx's `migrate!` macro embedded them before, but it needs sqlx's `macros` feature, which
//! builds the SQLite C source and the PostgreSQL driver a second time, for the compiler. Each
//! migration's version, description, type, checksum and transaction choice are derived from its
//! file name and text the way `migrate!` derived them, so databases it migrated keep
//! validating. The tests compare both lists with the folders.

use sqlx::migrate::{Migration, MigrationType, Migrator};
use std::borrow::Cow;

/// `(file name, SQL)` of a file of `migrations/`.
macro_rules! embed {
    ($folder:literal, $($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $folder, "/", $file)))),*]
    };
}

/// SQLite's migrations: a new file of `migrations/` must be named here too.
const SQLITE: &[(&str, &str)] = embed!(
    "migrations",
    "0001_init.sql",
    "0002_ai.sql",
    "0003_ledger.sql",
    "0004_outbox.sql",
    "0005_one_active_match.sql",
    "0006_heartbeat.sql",
    "0007_ai_to_act.sql",
    "0008_hollywood.sql",
    "0009_settings.sql",
    "0010_seasons.sql",
    "0011_pictures.sql",
    "0012_hints.sql",
    "0013_shard_heartbeats.sql",
    "0014_fewer_match_indexes.sql",
    "0015_shard_leases.sql",
    "0016_decline_cooldown.sql",
    "0017_tournaments.sql",
    "0018_tournament_reach.sql",
    "0019_places.sql",
    "0020_challenge_places.sql",
    "0021_stats_everywhere.sql",
    "0022_table_presence.sql",
);

/// PostgreSQL's migrations: a new file of `migrations/postgres/` must be named here too.
const POSTGRES: &[(&str, &str)] = embed!(
    "migrations/postgres",
    "0001_schema.sql",
    "0002_shard_heartbeats.sql",
    "0003_state_compression.sql",
    "0004_fewer_match_indexes.sql",
    "0005_shard_leases.sql",
    "0006_decline_cooldown.sql",
    "0007_tournaments.sql",
    "0008_tournament_reach.sql",
    "0009_places.sql",
    "0010_challenge_places.sql",
    "0011_stats_everywhere.sql",
    "0012_table_presence.sql",
);

/// The migrator of the SQLite schema.
pub(crate) fn sqlite() -> Migrator {
    migrator(SQLITE)
}

/// The migrator of the PostgreSQL schema.
pub(crate) fn postgres() -> Migrator {
    migrator(POSTGRES)
}

fn migrator(files: &[(&'static str, &'static str)]) -> Migrator {
    let mut migrations: Vec<Migration> = files
        .iter()
        .map(|&(file, sql)| migration(file, sql))
        .collect();
    migrations.sort_by_key(|m| m.version);
    Migrator {
        migrations: Cow::Owned(migrations),
        ..Migrator::DEFAULT
    }
}

/// A migration from its file, named `<VERSION>_<DESCRIPTION>.sql`: the description is the rest
/// of the name without its type's suffix, underscores read as spaces; a file whose SQL starts
/// with `-- no-transaction` runs outside a transaction. The checksum is the SQL's SHA-384.
fn migration(file: &'static str, sql: &'static str) -> Migration {
    let (version, rest) = file
        .split_once('_')
        .filter(|(_, rest)| rest.ends_with(".sql"))
        .unwrap_or_else(|| panic!("{file}: a migration is named <VERSION>_<DESCRIPTION>.sql"));
    let version = version
        .parse()
        .unwrap_or_else(|_| panic!("{file}: a migration's name starts with its version"));
    let migration_type = MigrationType::from_filename(rest);
    let description = rest
        .trim_end_matches(migration_type.suffix())
        .replace('_', " ");
    let no_tx = sql.starts_with("-- no-transaction");
    Migration::new(
        version,
        Cow::Owned(description),
        migration_type,
        Cow::Borrowed(sql),
        no_tx,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// What sqlx reads from `folder` at run time: the resolver `migrate!` ran at compile time.
    async fn from_folder(folder: &str) -> Migrator {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        Migrator::new(path).await.expect("the folder resolves")
    }

    fn assert_same(embedded: &Migrator, folder: &Migrator) {
        let names = |m: &Migrator| {
            m.iter()
                .map(|m| (m.version, m.description.to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(embedded),
            names(folder),
            "every migration file is embedded, and nothing else"
        );
        for (e, f) in embedded.iter().zip(folder.iter()) {
            assert_eq!(e.migration_type, f.migration_type, "{}", e.version);
            assert_eq!(e.sql, f.sql, "{}", e.version);
            assert_eq!(e.checksum, f.checksum, "{}", e.version);
            assert_eq!(e.no_tx, f.no_tx, "{}", e.version);
        }
        assert_eq!(
            (embedded.ignore_missing, embedded.locking, embedded.no_tx),
            (folder.ignore_missing, folder.locking, folder.no_tx)
        );
    }

    #[tokio::test]
    async fn every_sqlite_migration_file_is_embedded_as_sqlx_reads_it() {
        assert_same(&sqlite(), &from_folder("migrations").await);
    }

    #[tokio::test]
    async fn every_postgres_migration_file_is_embedded_as_sqlx_reads_it() {
        assert_same(&postgres(), &from_folder("migrations/postgres").await);
    }

    /// A database migrated by sqlx from the folder (as `migrate!` did) validates with the
    /// embedded migrations: nothing to apply, no checksum differs.
    #[tokio::test]
    async fn a_database_migrated_from_the_folder_validates() {
        use sqlx::sqlite::SqliteConnectOptions;
        use sqlx::{ConnectOptions, Connection};
        use std::str::FromStr;

        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("old.db").display());
        let options = SqliteConnectOptions::from_str(&url)
            .unwrap()
            .create_if_missing(true);
        let mut conn = options.connect().await.unwrap();
        from_folder("migrations")
            .await
            .run(&mut conn)
            .await
            .unwrap();
        sqlite()
            .run(&mut conn)
            .await
            .expect("the embedded migrations validate");
        let applied: Vec<(i64, String, Vec<u8>)> = sqlx::query_as(
            "SELECT version, description, checksum FROM _sqlx_migrations ORDER BY version",
        )
        .fetch_all(&mut conn)
        .await
        .unwrap();
        let embedded: Vec<(i64, String, Vec<u8>)> = sqlite()
            .iter()
            .map(|m| (m.version, m.description.to_string(), m.checksum.to_vec()))
            .collect();
        assert_eq!(applied, embedded);
        conn.close().await.unwrap();
    }
}
