-- The guard functions drop and recreate the append-only triggers (0013): only the schema's owner, who
-- runs the migrations, may call them. PostgreSQL lets PUBLIC execute any new function, so the server's
-- own role could lift a history guard with `select append_only_release('transfer_log')` (issue 37).
-- What the server's role may do with the tables is granted by the migration runner (db/migrate.ts).
revoke execute on function append_only_release(text) from public;
revoke execute on function append_only_guard(text) from public;
