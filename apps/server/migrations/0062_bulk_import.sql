-- Bulk import (docs/decisions/0045).
-- Search tokens are only ever compared for equality (@>, &&, = any), so the byte order of the "C" collation
-- answers exactly as the database's own collation would, while building and updating their GIN index costs
-- about half as much (no locale-aware comparison per entry). Queries need no change: the column's collation
-- wins over the default collation of a parameter.
alter table standards alter column search_tokens type text[] collate "C";

-- The numbers an import has seen now live in a temporary table of the import's own session (dropped with
-- it, even when its process dies), so the shared scratch table is no longer used.
drop table import_keys;
