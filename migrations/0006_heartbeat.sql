-- When the bot was last alive (written by every pass of the sweeper): after a stop, idle
-- clocks move on by the time it was down, so downtime never counts against a player.
CREATE TABLE heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at INTEGER NOT NULL
);
-- `matches.reminded` now holds when the reminder was stored (seconds; 0: not reminded), so
-- that a forfeit waits for the time the reminder promised.
