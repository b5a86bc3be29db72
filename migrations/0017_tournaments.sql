-- Tournaments (games/organizer): one row per event. `state_json` is the pairing core's whole
-- state (games/tournament) once the event started; `version` counts its stored steps, so a
-- step is stored once (`UPDATE ... WHERE version = ?`) however many try it; `shown_version`
-- is the step the public message last showed; `announced_round` the last round whose pairings
-- were posted, and `announced_end` whether the end (final standings or the cancellation) was.
CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    message_id     INTEGER,
    name           TEXT    NOT NULL,
    created_by     INTEGER NOT NULL,
    -- signup | running | finished | cancelled
    status         TEXT    NOT NULL,
    preset         TEXT    NOT NULL,
    rules_json     TEXT    NOT NULL,
    locale         TEXT    NOT NULL,
    settings_json  TEXT    NOT NULL,
    state_json     TEXT,
    version        INTEGER NOT NULL DEFAULT 0,
    shown_version  INTEGER NOT NULL DEFAULT 0,
    announced_round INTEGER NOT NULL DEFAULT 0,
    announced_end  INTEGER NOT NULL DEFAULT 0,
    signup_closes  INTEGER NOT NULL,
    round_minutes  INTEGER NOT NULL,
    round_deadline INTEGER,
    created_at     INTEGER NOT NULL,
    ended_at       INTEGER
);
-- One open tournament per channel: the commands there need not name it.
CREATE UNIQUE INDEX tournaments_open_channel
    ON tournaments (channel_id) WHERE status IN ('signup', 'running');
CREATE INDEX tournaments_guild ON tournaments (guild_id, status);

-- The field: a player, or a team of two (`partner_id`). The row's id is the entrant's id. A
-- team is entered once the partner confirmed (`confirmed`); unconfirmed teams do not start.
CREATE TABLE tournament_entries (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    partner_id    INTEGER,
    partner_name  TEXT,
    rating        REAL    NOT NULL,
    joined_at     INTEGER NOT NULL,
    confirmed     INTEGER NOT NULL DEFAULT 1,
    -- 1 once knocked out or disqualified: free to play other matches in the channel.
    out           INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX tournament_entries_user ON tournament_entries (tournament_id, user_id);
CREATE INDEX tournament_entries_partner ON tournament_entries (tournament_id, partner_id);

-- Each round's tables: paired once (the key), opened once (`match_id` set in the
-- transaction that stores the match).
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round_no      INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    match_id      INTEGER UNIQUE,
    PRIMARY KEY (tournament_id, round_no, table_no)
);

-- A tournament match is an ordinary match that knows its event, round and deadline.
ALTER TABLE matches ADD COLUMN tournament_id INTEGER;
ALTER TABLE matches ADD COLUMN tournament_round INTEGER;
ALTER TABLE matches ADD COLUMN deadline INTEGER;
CREATE INDEX matches_tournament ON matches (tournament_id) WHERE tournament_id IS NOT NULL;
