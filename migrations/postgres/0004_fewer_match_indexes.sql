-- As SQLite's 0014: every move rewrites a match's row with a new turn clock, and each index
-- holding that clock costs every move an index entry. `matches_due` (status, ai_to_act,
-- turn_started_at) serves both the idle-turn sweep (ai_to_act = 0) and the AI's due moves
-- (ai_to_act = 1); the two older indexes on the clock serve no query any more.
DROP INDEX IF EXISTS matches_idle;
DROP INDEX IF EXISTS matches_ai_active;
