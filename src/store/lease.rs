//! Which process runs which shards (`shard_leases`): a process takes the lease of its shard
//! range at start, before it sweeps, warms up, resumes or delivers anything of those servers;
//! renews it with every heartbeat; and gives it up when it stops. A lease another process
//! still holds over any of the same servers is taken over only once it has expired, or once
//! its holder is known dead (a process of this machine that no longer exists).

use super::{Backend, Db, Lease, Shards, StoreError};
use std::sync::atomic::{AtomicI64, Ordering};

/// This process's claim on its shards.
#[derive(Debug)]
pub(crate) struct Claim {
    /// `host:pid:nonce`, unique per process; the host and pid tell a dead holder here.
    pub(crate) holder: String,
    /// How long a renewal holds the lease (seconds); 0 until one is taken (tests, tools).
    pub(crate) seconds: AtomicI64,
}

impl Default for Claim {
    fn default() -> Claim {
        Claim {
            holder: format!(
                "{}:{}:{:08x}",
                host_name().unwrap_or_default(),
                std::process::id(),
                rand::random::<u32>()
            ),
            seconds: AtomicI64::new(0),
        }
    }
}

/// Another process's unexpired lease over some of this process's servers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldElsewhere {
    /// Its shard range, as it wrote it (`0-3/8`).
    pub shards: String,
    /// `host:pid:nonce`.
    pub holder: String,
    /// When it runs out unless renewed (seconds since the epoch).
    pub until: i64,
}

/// The machine's name and this process's pid namespace, where the system tells them: two
/// containers may share a host name (`--network host`) while seeing each other's pids not at
/// all, so a holder counts as "of this machine" only within the same pid namespace.
fn host_name() -> Option<String> {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").ok()?;
    let name = name.trim();
    let namespace = std::fs::read_link("/proc/self/ns/pid").ok()?;
    let namespace: String = namespace
        .to_string_lossy()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    (!name.is_empty() && !namespace.is_empty()).then(|| format!("{name}/{namespace}"))
}

/// Whether `holder` was a process of this machine that no longer runs (Linux only; any doubt
/// counts as alive, and the lease is waited out).
pub(super) fn known_dead(holder: &str) -> bool {
    let mut parts = holder.rsplitn(3, ':');
    let (Some(_nonce), Some(pid), Some(host)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let Ok(pid) = pid.parse::<u32>() else {
        return false;
    };
    host_name().is_some_and(|h| h == host)
        && pid != std::process::id()
        && std::path::Path::new("/proc/self").exists()
        && !std::path::Path::new(&format!("/proc/{pid}")).exists()
}

impl Lease<'_> {
    /// Takes the lease of this process's shards until `now + seconds`, unless another
    /// process's lease over some of the same servers runs past `now` (and its holder is not
    /// known dead, nor `expired`, a holder the caller saw go unrenewed for a whole lease):
    /// that one is answered. One transaction, which on PostgreSQL locks the table, so two
    /// processes starting at once cannot both take overlapping shards.
    pub async fn take_lease(
        &self,
        now: i64,
        seconds: i64,
        expired: Option<String>,
    ) -> Result<Option<HeldElsewhere>, StoreError> {
        let (shards, claim, backend) = (self.shards, self.lease.clone(), self.backend());
        let held = self
            .write(move |conn| {
                Box::pin(async move {
                    use sqlx::Connection;
                    let postgres = backend == Backend::Postgres;
                    let mut tx = conn.begin().await?;
                    if postgres {
                        sqlx::query("LOCK TABLE shard_leases IN SHARE ROW EXCLUSIVE MODE")
                            .execute(&mut *tx)
                            .await?;
                    }
                    let rows: Vec<(String, String, i64)> =
                        sqlx::query_as("SELECT shards, holder, expires_at FROM shard_leases")
                            .fetch_all(&mut *tx)
                            .await?;
                    let mut stale = Vec::new();
                    for (range, holder, until) in rows {
                        let Ok(theirs) = range.parse::<Shards>() else {
                            continue;
                        };
                        if !theirs.overlaps(&shards) {
                            continue;
                        }
                        let gone = holder == claim.holder
                            || until <= now
                            || expired.as_deref() == Some(holder.as_str())
                            || known_dead(&holder);
                        if !gone {
                            return Ok(Some(HeldElsewhere {
                                shards: range,
                                holder,
                                until,
                            }));
                        }
                        stale.push(range);
                    }
                    for range in stale {
                        sqlx::query("DELETE FROM shard_leases WHERE shards = $1")
                            .bind(range)
                            .execute(&mut *tx)
                            .await?;
                    }
                    sqlx::query(
                        "INSERT INTO shard_leases (shards, holder, expires_at) VALUES ($1, $2, $3)",
                    )
                    .bind(shards.to_string())
                    .bind(&claim.holder)
                    .bind(now + seconds)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(None)
                })
            })
            .await?;
        if held.is_none() {
            self.lease.seconds.store(seconds, Ordering::SeqCst);
        }
        Ok(held)
    }

    /// Gives the lease up (a clean stop): the next process of these shards need not wait.
    pub async fn release_lease(&self) -> Result<(), StoreError> {
        if self.lease.seconds.swap(0, Ordering::SeqCst) == 0 {
            return Ok(());
        }
        let (shards, holder) = (self.shards.to_string(), self.lease.holder.clone());
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query("DELETE FROM shard_leases WHERE shards = $1 AND holder = $2")
                    .bind(shards)
                    .bind(holder)
                    .execute(&mut *conn)
                    .await?;
                Ok(())
            })
        })
        .await
    }
}

/// The renewal a heartbeat at `now` makes, if this process took a lease: (statement's
/// binds) shards, holder, new expiry.
pub(crate) fn renewal(db: &Db, now: i64) -> Option<(String, String, i64)> {
    let seconds = db.lease.seconds.load(Ordering::SeqCst);
    (seconds > 0).then(|| {
        (
            db.shards.to_string(),
            db.lease.holder.clone(),
            now + seconds,
        )
    })
}

/// Renews this process's lease (see [`renewal`]); false if another process has it now.
pub(crate) const RENEW: &str =
    "UPDATE shard_leases SET expires_at = $3 WHERE shards = $1 AND holder = $2";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_of_any_totals_overlap_where_they_share_servers() {
        let s = |t: &str| t.parse::<Shards>().unwrap();
        assert!(s("0-0/1").overlaps(&s("1-1/2")));
        assert!(s("0-0/2").overlaps(&s("0-1/4")));
        assert!(!s("0-0/2").overlaps(&s("1-1/2")));
        assert!(
            !s("0-0/2").overlaps(&s("1-1/4")),
            "odd shards of 4 are odd of 2"
        );
        assert!(
            s("0-0/2").overlaps(&s("0-0/3")),
            "2 and 3 share every server mix"
        );
        assert!(!s("0-1/4").overlaps(&s("2-3/4")));
    }

    #[test]
    fn only_a_vanished_process_of_this_machine_is_known_dead() {
        let Some(host) = host_name() else {
            return;
        };
        let me = std::process::id();
        assert!(!known_dead(&format!("{host}:{me}:1")), "this one");
        assert!(
            !known_dead(&format!("elsewhere:{}:1", u32::MAX)),
            "another machine"
        );
        assert!(!known_dead("nonsense"));
        let (name, _) = host.split_once('/').expect("name/namespace");
        assert!(
            !known_dead(&format!("{name}/1:{}:1", u32::MAX - 1)),
            "another container with the same host name"
        );
        if std::path::Path::new("/proc/self").exists() {
            assert!(known_dead(&format!("{host}:{}:1", u32::MAX - 1)));
        }
    }
}

#[cfg(test)]
mod store_tests {
    use super::super::{testing, Db, Shards};

    /// Two processes (two handles, each its own claim) on overlapping shards: the second is
    /// answered the first's lease while it runs; once it has run out unrenewed, the second
    /// takes it over, and the first's next heartbeat says it lost its shards. A process that
    /// stops cleanly gives its lease up at once.
    #[tokio::test]
    async fn a_lease_is_refused_while_live_and_taken_over_once_run_out() {
        let dir = tempfile::tempdir().unwrap();
        let url = testing::fresh_database_url(dir.path(), "leases")
            .await
            .unwrap();
        let open = |range: &'static str| {
            let url = url.clone();
            async move {
                Db::open(&url)
                    .await
                    .unwrap()
                    .owning(range.parse::<Shards>().unwrap())
            }
        };
        let first = open("0-1/2").await;
        let second = open("1-1/2").await;
        let apart = open("0-0/2").await;
        assert_eq!(first.lease().take_lease(100, 30, None).await.unwrap(), None);
        assert!(first.heartbeat().beat(110).await.unwrap(), "renewed to 140");
        let held = second
            .lease()
            .take_lease(120, 30, None)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (held.shards.as_str(), held.until),
            ("0-1/2", 140),
            "held while live"
        );
        assert!(
            apart
                .lease()
                .take_lease(120, 30, None)
                .await
                .unwrap()
                .is_some(),
            "0-0/2 overlaps too"
        );
        // A stored expiry far ahead (a clock stepped back) is taken over once the caller saw
        // it go unrenewed for a whole lease.
        let unrenewed = Some(held.holder.clone());
        assert_eq!(
            second.lease().take_lease(125, 30, unrenewed).await.unwrap(),
            None
        );
        assert!(
            !first.heartbeat().beat(130).await.unwrap(),
            "the first lost its shards"
        );
        assert!(second.heartbeat().beat(130).await.unwrap());
        // Ran out (at 160): taken over without help.
        assert_eq!(first.lease().take_lease(170, 30, None).await.unwrap(), None);
        assert!(!second.heartbeat().beat(171).await.unwrap());
        // A clean stop frees the shards at once.
        first.lease().release_lease().await.unwrap();
        assert_eq!(
            second.lease().take_lease(172, 30, None).await.unwrap(),
            None
        );
        assert!(second.heartbeat().beat(173).await.unwrap());
    }
}
