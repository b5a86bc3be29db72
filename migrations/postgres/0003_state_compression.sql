-- Every move rewrites its match's state (2 to 4 kB of JSON), which PostgreSQL compresses
-- above 2 kB: with lz4 instead of the default pglz that costs a third of the CPU time, for
-- about the same size. A storage setting, not a schema change: SQLite has no counterpart.
-- A server built without lz4 keeps pglz.
DO $$
BEGIN
    ALTER TABLE matches ALTER COLUMN state_json SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'lz4 is not available: match states stay compressed with pglz';
END
$$;
