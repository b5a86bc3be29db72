-- Per-player figures of each ended match, kept on the player's row so that leaderboards and
-- stats read one covering index instead of every hand.
ALTER TABLE match_players ADD COLUMN ended_at INTEGER;
-- 1 when the match counts for boards and ratings: ended by play, resignation or forfeit,
-- between people (not against the AI, not cancelled).
ALTER TABLE match_players ADD COLUMN counted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_players ADD COLUMN vs_ai INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_players ADD COLUMN format TEXT NOT NULL DEFAULT 'two';
ALTER TABLE match_players ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
ALTER TABLE match_players ADD COLUMN hands_won INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_players ADD COLUMN gins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_players ADD COLUMN knocks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_players ADD COLUMN undercuts_given INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_players ADD COLUMN undercuts_suffered INTEGER NOT NULL DEFAULT 0;
-- Sum of the knocker's deadwood over this player's knocks (gins count 0), for the average.
ALTER TABLE match_players ADD COLUMN knock_deadwood INTEGER NOT NULL DEFAULT 0;

CREATE INDEX match_players_board
    ON match_players (guild_id, counted, user_id, ended_at, format, won, net, gins);
CREATE INDEX match_players_history ON match_players (guild_id, user_id, ended_at);

-- Glicko-2 ratings, per server.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    matches    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, rating);
