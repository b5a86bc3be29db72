-- The coach: how many hints each player asked for in a practice match (rated matches offer
-- none), shown on the match's score sheet.
ALTER TABLE match_players ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
