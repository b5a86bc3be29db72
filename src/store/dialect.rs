//! The little that differs between the two SQL dialects for a statement both run: how a
//! list of rows bound as one JSON parameter becomes a table (batches travel as JSON because
//! sqlx's `Any` driver binds no arrays), and how a transaction that writes begins.

use super::Backend;

/// The rows of the JSON list bound as `param`, a `FROM` item named `alias` with `columns`
/// (name, PostgreSQL type; SQLite takes the JSON's own types).
pub(super) fn json_rows(
    backend: Backend,
    param: &str,
    alias: &str,
    columns: &[(&str, &str)],
) -> String {
    match backend {
        Backend::Postgres => {
            let typed: Vec<String> = columns.iter().map(|(c, t)| format!("{c} {t}")).collect();
            format!(
                "json_to_recordset({param}::json) AS {alias}({})",
                typed.join(", ")
            )
        }
        Backend::Sqlite => {
            let read: Vec<String> = columns
                .iter()
                .map(|(c, _)| format!("value ->> '{c}' AS {c}"))
                .collect();
            format!(
                "(SELECT {} FROM json_each({param})) AS {alias}",
                read.join(", ")
            )
        }
    }
}

/// The statement opening a transaction that writes: SQLite takes its write lock at once, so
/// that a busy database is found out before any work is done.
pub(super) fn begin_write(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "BEGIN IMMEDIATE",
        Backend::Postgres => "BEGIN",
    }
}
