-- Who declined a challenge, and when: a player who declined a challenger twice is not
-- challenged by them again for a while (games/challenge.rs, `DECLINE_PAUSE`).
ALTER TABLE challenges ADD COLUMN declined_by INTEGER;
ALTER TABLE challenges ADD COLUMN declined_at INTEGER;
CREATE INDEX challenges_declined
    ON challenges (guild_id, challenger_id, declined_by, declined_at)
    WHERE declined_by IS NOT NULL;
