-- The numbers an import has seen so far, with the line each was last on: duplicate rows in a file are found
-- here rather than in a map in server memory, so an import's memory does not grow with its file
-- (docs/decisions/0043). One run is one importRows call; its rows are deleted when it ends, and rows of a run
-- that died with its process are deleted by the next import after a day. Unlogged on PostgreSQL: scratch data,
-- not worth the WAL (PGlite treats it as an ordinary table).
create unlogged table import_keys (
  run text not null,
  no_key text not null,
  line integer not null,
  created_at timestamptz not null default now(),
  primary key (run, no_key)
);
