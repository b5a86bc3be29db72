-- Who has the card table open, per channel, where processes share the database: each process
-- writes a row per open socket (`holder` is the process, as its lease names it) and renews its
-- rows; a row not renewed by `expires_at` is gone (see src/store/presence.rs).
CREATE TABLE table_presence (
    socket     TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX table_presence_channel ON table_presence (channel_id);
CREATE INDEX table_presence_holder ON table_presence (holder);
