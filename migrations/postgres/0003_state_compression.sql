-- Every move rewrites its match's state (2 to 4 kB of JSON), which PostgreSQL compresses
-- above 2 kB: with lz4 instead of the default pglz that costs a third of the CPU time, for
-- about the same size. A storage setting, not a schema change: SQLite has no counterpart.
-- A server without lz4 (built without it, or older than 14) keeps pglz; any other error
-- fails the migration.
DO $$
BEGIN
    EXECUTE 'ALTER TABLE matches ALTER COLUMN state_json SET COMPRESSION lz4';
EXCEPTION WHEN feature_not_supported OR syntax_error THEN
    RAISE NOTICE 'lz4 is not available: match states stay compressed with pglz';
END
$$;
