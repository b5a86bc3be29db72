-- Seasons (`/gin season new`): a server's boards and ratings start afresh; earlier seasons stay
-- browsable. Without a row a server is in its first season, begun with its first match.
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    started_at INTEGER NOT NULL,
    ended_at   INTEGER,
    PRIMARY KEY (guild_id, number)
);

-- The ratings a season ended with.
CREATE TABLE season_ratings (
    guild_id   INTEGER NOT NULL,
    season     INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    matches    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, user_id)
);
