-- The search-token GIN index keeps new entries in a pending list and merges it into the index when it passes
-- gin_pending_list_limit (4 MB by default): the insert that crosses it does the whole merge. A console import on
-- PGlite, which writes 250-row batches on the server's own thread, then held every request for one long statement
-- every ~15 batches (300-500 ms on a busy 2-core machine, docs/decisions/0103). At 128 kB the merges are small and
-- frequent; searches also read a shorter pending list. Bulk loads drop and recreate the index with this setting.
alter index standards_tokens_idx set (gin_pending_list_limit = 128);
