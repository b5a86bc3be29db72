//! Who has the card table open, per channel, where processes share the database
//! (`table_presence`): each process writes a row for each of its open sockets, keyed by the
//! process (its lease's holder) and the socket's number there, and renews them; a row past its
//! `expires_at`, or of a process known dead, is purged by whichever process looks first.
//! These writes go through the read pool, not the writer: they are not moves, and must never
//! hold up a batch of them.

use super::lease::known_dead;
use super::{id, unid, StoreError, TablePresence};

/// One open socket's row: where, and who.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Present {
    /// The socket's number in this process.
    pub socket: u64,
    pub channel_id: u64,
    /// The channel's server (0: none).
    pub guild_id: u64,
    pub user_id: u64,
    pub name: String,
}

/// Writes a row, or renews it if it is there (a process whose rows were purged writes them
/// again).
const JOIN: &str = "INSERT INTO table_presence \
     (socket, holder, channel_id, guild_id, user_id, name, expires_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7) \
     ON CONFLICT (socket) DO UPDATE SET expires_at = excluded.expires_at";

impl TablePresence<'_> {
    /// The row's key: the process, then the socket's number there.
    fn key(&self, socket: u64) -> String {
        format!("{}:{socket}", self.lease.holder)
    }

    /// Notes `present` open until `expires_at` (seconds).
    pub async fn join(&self, present: &Present, expires_at: i64) -> Result<(), StoreError> {
        sqlx::query(JOIN)
            .bind(self.key(present.socket))
            .bind(&self.lease.holder)
            .bind(id(present.channel_id))
            .bind(id(present.guild_id))
            .bind(id(present.user_id))
            .bind(&present.name)
            .bind(expires_at)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Socket `socket` of this process is closed: its channel, if its row was there.
    pub async fn leave(&self, socket: u64) -> Result<Option<u64>, StoreError> {
        let gone: Option<(i64,)> =
            sqlx::query_as("DELETE FROM table_presence WHERE socket = $1 RETURNING channel_id")
                .bind(self.key(socket))
                .fetch_optional(self.pool())
                .await?;
        Ok(gone.map(|(c,)| unid(c)))
    }

    /// Every socket of this process is closed (a clean stop): the channels whose lists
    /// changed, each once.
    pub async fn leave_all(&self) -> Result<Vec<u64>, StoreError> {
        let gone: Vec<(i64,)> =
            sqlx::query_as("DELETE FROM table_presence WHERE holder = $1 RETURNING channel_id")
                .bind(&self.lease.holder)
                .fetch_all(self.pool())
                .await?;
        Ok(channels(gone))
    }

    /// Keeps every row of this process until `expires_at`: the sockets they are of.
    pub async fn renew(&self, expires_at: i64) -> Result<Vec<u64>, StoreError> {
        let rows: Vec<(String,)> = sqlx::query_as(
            "UPDATE table_presence SET expires_at = $1 WHERE holder = $2 RETURNING socket",
        )
        .bind(expires_at)
        .bind(&self.lease.holder)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .filter_map(|(key,)| key.rsplit(':').next()?.parse().ok())
            .collect())
    }

    /// Who has the table open in `channel` at `now`, each person once (under the least of
    /// their rows' names, should two differ), by name.
    pub async fn in_channel(
        &self,
        channel: u64,
        now: i64,
    ) -> Result<Vec<(u64, String)>, StoreError> {
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT user_id, MIN(name) FROM table_presence \
             WHERE channel_id = $1 AND expires_at >= $2 GROUP BY user_id ORDER BY MIN(name), user_id",
        )
        .bind(id(channel))
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.into_iter().map(|(u, n)| (unid(u), n)).collect())
    }

    /// The name of `user` if they have the table open in `channel` at `now` (the least of
    /// their rows' names, as in [`Self::in_channel`]).
    pub async fn name_of(
        &self,
        channel: u64,
        user: u64,
        now: i64,
    ) -> Result<Option<String>, StoreError> {
        let (name,): (Option<String>,) = sqlx::query_as(
            "SELECT MIN(name) FROM table_presence \
             WHERE channel_id = $1 AND user_id = $2 AND expires_at >= $3",
        )
        .bind(id(channel))
        .bind(id(user))
        .bind(now)
        .fetch_one(self.pool())
        .await?;
        Ok(name)
    }

    /// Removes the rows past their time at `now`, and those of processes known dead (of this
    /// machine, no longer running): the channels whose lists changed, each once.
    pub async fn purge(&self, now: i64) -> Result<Vec<u64>, StoreError> {
        let mut gone: Vec<(i64,)> =
            sqlx::query_as("DELETE FROM table_presence WHERE expires_at < $1 RETURNING channel_id")
                .bind(now)
                .fetch_all(self.pool())
                .await?;
        let holders: Vec<(String,)> = sqlx::query_as("SELECT DISTINCT holder FROM table_presence")
            .fetch_all(self.pool())
            .await?;
        for (holder,) in holders.into_iter().filter(|(h,)| known_dead(h)) {
            let theirs: Vec<(i64,)> =
                sqlx::query_as("DELETE FROM table_presence WHERE holder = $1 RETURNING channel_id")
                    .bind(holder)
                    .fetch_all(self.pool())
                    .await?;
            gone.extend(theirs);
        }
        Ok(channels(gone))
    }
}

/// The channels of the rows `gone`, each once.
fn channels(gone: Vec<(i64,)>) -> Vec<u64> {
    let mut channels: Vec<u64> = gone.into_iter().map(|(c,)| unid(c)).collect();
    channels.sort_unstable();
    channels.dedup();
    channels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Db;

    fn at(socket: u64, channel_id: u64, user_id: u64, name: &str) -> Present {
        Present {
            socket,
            channel_id,
            guild_id: 600,
            user_id,
            name: name.into(),
        }
    }

    async fn database(dir: &std::path::Path) -> String {
        if crate::store::testing::on_postgres() {
            crate::store::testing::fresh_database_url(dir, "gin")
                .await
                .unwrap()
        } else {
            format!("sqlite://{}", dir.join("p.db").display())
        }
    }

    /// Two processes' sockets in one channel are one list, each person once (named as
    /// `name_of` names them); a socket that leaves is gone from it, and the other channel's list is its own.
    #[tokio::test]
    async fn the_list_is_every_process_s_sockets_each_person_once() {
        let dir = tempfile::tempdir().unwrap();
        let url = database(dir.path()).await;
        let (a, b) = (Db::open(&url).await.unwrap(), Db::open(&url).await.unwrap());
        let (now, until) = (1_000, 1_030);
        a.presence()
            .join(&at(1, 700, 11, "Robert"), until)
            .await
            .unwrap();
        a.presence()
            .join(&at(2, 700, 11, "Bob"), until)
            .await
            .unwrap();
        b.presence()
            .join(&at(1, 700, 10, "Alice"), until)
            .await
            .unwrap();
        b.presence()
            .join(&at(2, 701, 12, "Carol"), until)
            .await
            .unwrap();
        let both = vec![(10, "Alice".to_string()), (11, "Bob".to_string())];
        assert_eq!(a.presence().in_channel(700, now).await.unwrap(), both);
        assert_eq!(b.presence().in_channel(700, now).await.unwrap(), both);
        assert_eq!(
            a.presence().name_of(700, 10, now).await.unwrap().as_deref(),
            Some("Alice")
        );
        assert_eq!(a.presence().name_of(700, 12, now).await.unwrap(), None);
        // Bob's two pages differ in name: he is named as the list names him.
        assert_eq!(
            b.presence().name_of(700, 11, now).await.unwrap().as_deref(),
            Some("Bob")
        );

        assert_eq!(b.presence().leave(1).await.unwrap(), Some(700));
        assert_eq!(b.presence().leave(1).await.unwrap(), None);
        let mut sockets = a.presence().renew(1_030).await.unwrap();
        sockets.sort_unstable();
        assert_eq!(sockets, [1, 2]);
        a.presence().leave(1).await.unwrap();
        let bob = vec![(11, "Bob".to_string())];
        assert_eq!(b.presence().in_channel(700, now).await.unwrap(), bob);
        assert_eq!(a.presence().leave_all().await.unwrap(), [700]);
        assert!(b.presence().in_channel(700, now).await.unwrap().is_empty());
        assert_eq!(b.presence().in_channel(701, now).await.unwrap().len(), 1);
    }

    /// A process's renewal keeps its rows only; the others' run out, are no longer listed,
    /// and are purged with their channels told; a purged row is written again by its join.
    #[tokio::test]
    async fn rows_not_renewed_run_out_and_are_purged() {
        let dir = tempfile::tempdir().unwrap();
        let url = database(dir.path()).await;
        let (a, b) = (Db::open(&url).await.unwrap(), Db::open(&url).await.unwrap());
        a.presence()
            .join(&at(1, 700, 10, "Alice"), 1_030)
            .await
            .unwrap();
        b.presence()
            .join(&at(1, 700, 11, "Bob"), 1_030)
            .await
            .unwrap();
        b.presence()
            .join(&at(2, 701, 11, "Bob"), 1_030)
            .await
            .unwrap();
        assert_eq!(a.presence().renew(1_060).await.unwrap(), [1]);
        assert!(a.presence().purge(1_030).await.unwrap().is_empty());
        let alice = vec![(10, "Alice".to_string())];
        assert_eq!(a.presence().in_channel(700, 1_031).await.unwrap(), alice);
        assert_eq!(a.presence().purge(1_031).await.unwrap(), [700, 701]);
        assert!(b.presence().renew(1_090).await.unwrap().is_empty());
        b.presence()
            .join(&at(1, 700, 11, "Bob"), 1_090)
            .await
            .unwrap();
        assert_eq!(a.presence().in_channel(700, 1_031).await.unwrap().len(), 2);
    }

    /// The rows of a process of this machine that no longer runs go at once.
    #[tokio::test]
    async fn a_dead_process_s_rows_are_purged_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let url = database(dir.path()).await;
        let a = Db::open(&url).await.unwrap();
        a.presence()
            .join(&at(1, 700, 10, "Alice"), 1_030)
            .await
            .unwrap();
        let mut dead = crate::store::lease::Claim::default();
        // A pid no process has (above Linux's largest).
        dead.holder = dead
            .holder
            .replacen(&format!(":{}:", std::process::id()), ":4194305:", 1);
        let mut b = a.clone();
        b.lease = std::sync::Arc::new(dead);
        b.presence()
            .join(&at(1, 702, 11, "Bob"), 1_030)
            .await
            .unwrap();
        assert_eq!(a.presence().purge(1_000).await.unwrap(), [702]);
        assert_eq!(a.presence().in_channel(700, 1_000).await.unwrap().len(), 1);
    }
}
