-- As ../0015_shard_leases.sql: which process runs which shards now, until when.
CREATE TABLE shard_leases (
    shards     TEXT   PRIMARY KEY,
    holder     TEXT   NOT NULL,
    expires_at BIGINT NOT NULL
);
