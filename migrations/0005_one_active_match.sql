-- One active match per player and channel, enforced by the schema: two starts at the same
-- instant (two /gin practice, two accepted challenges) cannot both store a match.
ALTER TABLE match_players ADD COLUMN channel_id INTEGER NOT NULL DEFAULT 0;
UPDATE match_players
    SET channel_id = COALESCE(
        (SELECT m.channel_id FROM matches m WHERE m.id = match_players.match_id), 0);
-- Player rows of matches that ended before 0003 kept that column's default ('active').
UPDATE match_players
    SET status = (SELECT m.status FROM matches m WHERE m.id = match_players.match_id)
    WHERE status = 'active'
      AND match_id IN (SELECT id FROM matches WHERE status <> 'active');
-- Duplicates the old check-then-insert let through: all but the newest are cancelled.
UPDATE matches SET status = 'cancelled'
    WHERE status = 'active' AND id IN (
        SELECT p.match_id FROM match_players p
        JOIN match_players q ON q.channel_id = p.channel_id AND q.user_id = p.user_id
            AND q.match_id > p.match_id AND q.status = 'active' AND q.is_ai = 0
        WHERE p.status = 'active' AND p.is_ai = 0);
UPDATE match_players SET status = 'cancelled', counted = 0
    WHERE status = 'active' AND match_id IN (SELECT id FROM matches WHERE status = 'cancelled');
CREATE UNIQUE INDEX match_players_one_active
    ON match_players (channel_id, user_id) WHERE status = 'active' AND is_ai = 0;
