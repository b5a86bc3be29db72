-- Challenges waiting for an answer (Accept / Decline).
CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    message_id      INTEGER,
    challenger_id   INTEGER NOT NULL,
    challenger_name TEXT    NOT NULL,
    -- JSON arrays: the challenged players (one or two), their names, and who accepted so far.
    opponent_ids    TEXT    NOT NULL,
    opponent_names  TEXT    NOT NULL,
    accepted_ids    TEXT    NOT NULL DEFAULT '[]',
    preset          TEXT    NOT NULL,
    rules_json      TEXT    NOT NULL,
    locale          TEXT    NOT NULL,
    -- open | accepted | declined | expired
    status          TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL
);
CREATE INDEX challenges_open ON challenges (status, expires_at);
CREATE INDEX challenges_channel ON challenges (channel_id, status);

-- One row per match; `state_json` is the engine's whole state at `version` (the number of
-- accepted actions), so a restart resumes without replaying.
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    table_message_id INTEGER,
    -- two | three
    format           TEXT    NOT NULL,
    preset           TEXT    NOT NULL,
    rules_json       TEXT    NOT NULL,
    locale           TEXT    NOT NULL,
    -- active | finished | resigned | forfeited | cancelled
    status           TEXT    NOT NULL,
    state_json       TEXT    NOT NULL,
    version          INTEGER NOT NULL,
    -- Revealed when the match ends; each hand's seed is derived from it.
    seed_hex         TEXT    NOT NULL,
    turn_started_at  INTEGER NOT NULL,
    reminded         INTEGER NOT NULL DEFAULT 0,
    winner_seat      INTEGER,
    started_at       INTEGER NOT NULL,
    ended_at         INTEGER
);
CREATE INDEX matches_idle ON matches (status, turn_started_at);
CREATE INDEX matches_channel ON matches (channel_id, status);
CREATE INDEX matches_guild_end ON matches (guild_id, status, ended_at);

-- The players of a match and, once it ends, their result.
CREATE TABLE match_players (
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    seat         INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    is_ai        INTEGER NOT NULL DEFAULT 0,
    total        INTEGER NOT NULL DEFAULT 0,
    lines        INTEGER NOT NULL DEFAULT 0,
    line_bonus   INTEGER NOT NULL DEFAULT 0,
    game_bonus   INTEGER NOT NULL DEFAULT 0,
    final_total  INTEGER NOT NULL DEFAULT 0,
    net          INTEGER NOT NULL DEFAULT 0,
    won          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_user ON match_players (guild_id, user_id);

-- Every accepted action, in order: the match can be replayed from its seed and this log.
CREATE TABLE actions (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    event_json TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
);

-- Every finished deal, the score sheet's rows.
CREATE TABLE hands (
    match_id          INTEGER NOT NULL REFERENCES matches (id),
    deal_no           INTEGER NOT NULL,
    guild_id          INTEGER NOT NULL,
    dealer_seat       INTEGER NOT NULL,
    first_seat        INTEGER NOT NULL,
    second_seat       INTEGER NOT NULL,
    knocker_seat      INTEGER,
    -- knock | gin | undercut | dead
    kind              TEXT    NOT NULL,
    knocker_deadwood  INTEGER,
    defender_deadwood INTEGER,
    points            INTEGER NOT NULL,
    winner_seat       INTEGER,
    lines             INTEGER NOT NULL,
    doubled           INTEGER NOT NULL,
    commitment        TEXT    NOT NULL,
    seed_hex          TEXT    NOT NULL,
    PRIMARY KEY (match_id, deal_no)
);
