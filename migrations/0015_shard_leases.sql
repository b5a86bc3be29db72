-- Which process runs which shards ("0-3/8") now, and until when unless it renews: a process
-- takes its range's lease at start and refuses shards another live process holds, so no two
-- processes sweep, resume or deliver the same matches (see src/store/lease.rs).
CREATE TABLE shard_leases (
    shards     TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
);
