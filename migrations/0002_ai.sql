-- Matches against the bot's AI: its level (NULL for matches between people).
ALTER TABLE matches ADD COLUMN ai_level TEXT;
CREATE INDEX matches_ai_active ON matches (status, ai_level, turn_started_at);
