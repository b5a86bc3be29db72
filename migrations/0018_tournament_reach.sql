-- Why an event was called off (`cancel_cause`: moderator | too_few | channel_lost; NULL
-- before this column, or not cancelled), and whether the bot may still post in its channel
-- (`reach`: posting | lost, the organizer not told yet | told). Discord refuses posts in a
-- channel the bot lost for good; once `reach` is not `posting`, nothing of the event is
-- posted or edited there again, across restarts.
ALTER TABLE tournaments ADD COLUMN cancel_cause TEXT;
ALTER TABLE tournaments ADD COLUMN reach TEXT NOT NULL DEFAULT 'posting';
