-- 1 while the bot's AI is the one to move: the sweeper then asks only for the AI turns that
-- are due and the idle players that need a reminder or a forfeit, never for the rest.
ALTER TABLE matches ADD COLUMN ai_to_act INTEGER NOT NULL DEFAULT 0;
-- Matches from before: the sweeper looks once and corrects those where a person is to move.
UPDATE matches SET ai_to_act = 1 WHERE status = 'active' AND ai_level IS NOT NULL;
CREATE INDEX matches_due ON matches (status, ai_to_act, turn_started_at);
