-- The same column as ../0020_challenge_places.sql.
-- Where a challenge is made, as 0009_places.sql says it of matches (place_kind: 0 a server
-- with the bot, 1 a server where only a player installed the app, 2 the bot's DM, 3 a DM,
-- 4 a group DM); every challenge before this column was made in a server with the bot. Its
-- place outside servers is its channel, so no place_id is needed.
ALTER TABLE challenges ADD COLUMN place_kind INTEGER NOT NULL DEFAULT 0;
