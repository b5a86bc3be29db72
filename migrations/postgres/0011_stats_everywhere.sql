-- The same index as ../0021_stats_everywhere.sql.
-- `/gin stats everywhere`: one player's own rows in every place they played in (the other
-- indexes of match_players begin with the place's key).
CREATE INDEX match_players_everywhere ON match_players (user_id, ended_at);
