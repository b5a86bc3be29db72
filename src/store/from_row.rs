//! Row structs read by column name, without sqlx's derive: `#[derive(sqlx::FromRow)]` needs
//! sqlx's proc-macro crate, which builds sqlx, tokio and both database drivers (SQLite's C
//! source with them) a second time, for the compiler.

/// `sqlx::FromRow` for the `Any` driver's rows, reading each named field from the column of
/// its name, as the derive did. `field as T` reads a `T` and converts it with `TryFrom` (the
/// derive's `#[sqlx(try_from = "T")]`). Every field must be named: the compiler checks it.
///
/// ```text
/// from_row! { Season: number, name, started_at, ended_at }
/// ```
macro_rules! from_row {
    ($name:ident: $($field:ident $(as $via:ty)?),* $(,)?) => {
        impl<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> for $name {
            fn from_row(row: &'r sqlx::any::AnyRow) -> sqlx::Result<Self> {
                Ok($name {
                    $($field: $crate::store::from_row::from_row!(@read row, $field $(, $via)?),)*
                })
            }
        }
    };
    (@read $row:ident, $field:ident) => {
        sqlx::Row::try_get($row, stringify!($field))?
    };
    (@read $row:ident, $field:ident, $via:ty) => {
        sqlx::Row::try_get::<$via, _>($row, stringify!($field)).and_then(|v| {
            TryFrom::try_from(v).map_err(|e| sqlx::Error::ColumnDecode {
                index: stringify!($field).to_string(),
                source: Box::new(e),
            })
        })?
    };
}

pub(crate) use from_row;
