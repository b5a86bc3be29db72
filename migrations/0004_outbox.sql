-- What an accepted action requires to be shown (table edit or new table, hand refreshes,
-- showdown and match-end posts, the AI's turn), stored in the action's own transaction and
-- deleted once delivered. A restart delivers whatever is still here.
CREATE TABLE outbox (
    match_id INTEGER NOT NULL,
    -- The match's version after the action (or at the reminder) that required it.
    version  INTEGER NOT NULL,
    -- 0: messages, 1: the AI's turn, 2: a reminder.
    part     INTEGER NOT NULL,
    -- Milliseconds since the epoch: not before.
    due_ms   INTEGER NOT NULL,
    -- JSON list of what to show, in order. A hand refresh carries the token of the hand
    -- message it edits, so that it can be delivered after a restart too.
    effects  TEXT    NOT NULL,
    PRIMARY KEY (match_id, version, part)
) WITHOUT ROWID;

-- The deal the current table message was posted for: a new hand's table is posted once,
-- even when its delivery is repeated after a restart.
ALTER TABLE matches ADD COLUMN table_deal INTEGER NOT NULL DEFAULT 0;
-- Matches in play from before: their table message shows the deal being played.
UPDATE matches SET table_deal = COALESCE(json_extract(state_json, '$.deal_no'), 0)
    WHERE status = 'active' AND json_valid(state_json);
