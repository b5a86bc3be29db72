-- Where a match is played. guild_id stays the server Discord routes its events by: 0 outside
-- servers (the bot's DM, DMs and group DMs), whose events shard 0 gets. place_kind: 0 a server
-- with the bot, 1 a server where only a player installed the app, 2 the bot's DM, 3 a DM,
-- 4 a group DM. place_id: the ledger's key, the DM's channel outside servers; NULL is the
-- server itself, as for every match before this column.
ALTER TABLE matches ADD COLUMN place_kind INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN place_id INTEGER;
