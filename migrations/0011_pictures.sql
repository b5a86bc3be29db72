-- Cards as pictures (the application's emojis) or as text: a server chooses for its public
-- messages (NULL: pictures), each player for their own hand messages.
ALTER TABLE guild_settings ADD COLUMN cards TEXT;

CREATE TABLE player_settings (
    user_id    INTEGER PRIMARY KEY,
    -- `pictures`, `four-colour` or `text`.
    cards      TEXT    NOT NULL,
    updated_at INTEGER NOT NULL
);

-- A player's rating and deviation right after each rated match, for the stats chart.
ALTER TABLE match_players ADD COLUMN rating_after REAL;
ALTER TABLE match_players ADD COLUMN deviation_after REAL;
