-- Per-server settings (`/gin settings`): NULL means the bot's configured default.
CREATE TABLE guild_settings (
    guild_id         INTEGER PRIMARY KEY,
    preset           TEXT,
    target           INTEGER,
    -- Channel ids where matches may be started, comma-separated; empty: everywhere.
    channels         TEXT    NOT NULL DEFAULT '',
    reminder_minutes INTEGER,
    forfeit_hours    INTEGER,
    ai_delay_ms      INTEGER,
    -- `en` or `de`; NULL: the server's own locale.
    language         TEXT,
    updated_at       INTEGER NOT NULL
);
