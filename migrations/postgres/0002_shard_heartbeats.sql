-- As ../0013_shard_heartbeats.sql: when each bot process was last alive, by its shards.
CREATE TABLE shard_heartbeats (
    shards TEXT   PRIMARY KEY,
    at     BIGINT NOT NULL
);
