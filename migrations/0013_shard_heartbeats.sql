-- When each bot process was last alive, by the shards it runs ("0-3/8"; "0-0/1" alone): after a
-- restart a process moves on the idle clocks of its own servers' matches only, by its own
-- downtime. The single-row `heartbeat` table of 0006 is read once, as the first beat of "0-0/1".
CREATE TABLE shard_heartbeats (
    shards TEXT    PRIMARY KEY,
    at     INTEGER NOT NULL
);
INSERT INTO shard_heartbeats (shards, at) SELECT '0-0/1', at FROM heartbeat WHERE id = 1;
