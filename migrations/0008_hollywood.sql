-- The three games of a Hollywood match (RULES.md section 13), per player, once the match has
-- ended: each game's points, lines (hands won in it), final figure with its bonuses, the
-- game's net and whether the player won it. The match's own row holds their sum.
CREATE TABLE hollywood_games (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    game        INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    total       INTEGER NOT NULL,
    lines       INTEGER NOT NULL,
    final_total INTEGER NOT NULL,
    net         INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    PRIMARY KEY (match_id, game, seat)
);
