-- Which records' indexed content changed at which catalogue version (docs/decisions/0117). The catalogue version
-- moves on every write to standards, their relations and the synonyms, and each move made every server rebuild its
-- in-memory title index (50-110 s at 5,000,000 records, searches ranked in SQL meanwhile), even when no title,
-- number or in-force status had changed. With this log a server whose index is of version A, the catalogue now at B,
-- keeps the index (restamped to B) when no row here has a version in (A, B]. A row with a null id means "every
-- record": a bulk load, a truncate, a transaction that changed too many records to list, and the log's start.

-- Owned by the standards module (search/index-changes.ts).
create table standard_index_changes (
  version bigint not null,
  id integer
);
create index standard_index_changes_version on standard_index_changes (version);

-- Nothing before this migration is listed: an index of an older version is rebuilt.
insert into standard_index_changes (version, id) select version, null from catalogue_version where id = 1;

-- Most records one transaction lists; beyond, one "every record" row. Transaction-local settings keep the count.
create function log_standard_index_changes() returns trigger language plpgsql as $$
declare
  v bigint;
  n bigint;
  total bigint;
begin
  if current_setting('zs.index_changes_all', true) = 'on' then
    return null;
  end if;
  -- Bumped by standards_catalogue_version, which fires first (triggers on one event fire in name order).
  select version into v from catalogue_version where id = 1;
  -- No version row: a restore between its truncate and its inserts (the version row's own trigger notes it).
  if v is null then
    return null;
  end if;
  if TG_OP = 'TRUNCATE' then
    n := 20001;
  elsif TG_OP = 'INSERT' then
    insert into standard_index_changes (version, id) select v, r.id from new_rows r;
    get diagnostics n = row_count;
  elsif TG_OP = 'DELETE' then
    insert into standard_index_changes (version, id) select v, r.id from old_rows r;
    get diagnostics n = row_count;
  else
    -- What the title index reads of a record (search/title-index-store.ts, search-sql.ts NUMBER_ORDER). EXCEPT, not a
    -- join on id: the transition tables have no index and no statistics, and the join was planned as a nested loop
    -- (an import updating 200,000 records ran at a sixth of its speed).
    insert into standard_index_changes (version, id)
    select v, d.id from (
      select o.id, o.name_zh, o.status in ('current', 'upcoming'), o.implement_date, o.search_tokens, o.no_key, o.no_prefix,
             o.no_order, o.no_base, coalesce(o.name_en, '') <> '', o.standard_no
        from old_rows o
      except
      select r.id, r.name_zh, r.status in ('current', 'upcoming'), r.implement_date, r.search_tokens, r.no_key, r.no_prefix,
             r.no_order, r.no_base, coalesce(r.name_en, '') <> '', r.standard_no
        from new_rows r
    ) d;
    get diagnostics n = row_count;
  end if;
  total := coalesce(nullif(current_setting('zs.index_changes_n', true), ''), '0')::bigint + n;
  perform set_config('zs.index_changes_n', total::text, true);
  if total > 20000 then
    insert into standard_index_changes (version, id) values (v, null);
    perform set_config('zs.index_changes_all', 'on', true);
  end if;
  return null;
end $$;

-- The version row written anew, as a restore does (db/backup.ts truncates every table and loads the backup's rows):
-- every record counts as changed at the version restored. A restore also adds to the count of such rows, which an
-- index file's identity holds (search/title-index-snapshot.ts), so a file from before it is never read after it.
create function note_catalogue_version_reset() returns trigger language plpgsql as $$
begin
  insert into standard_index_changes (version, id) values (new.version, null);
  return null;
end $$;
create trigger catalogue_version_reset after insert on catalogue_version
  for each row execute function note_catalogue_version_reset();

-- One trigger per event: a trigger with transition tables may name only one.
create trigger standards_index_changes_insert after insert on standards
  referencing new table as new_rows for each statement execute function log_standard_index_changes();
create trigger standards_index_changes_update after update on standards
  referencing old table as old_rows new table as new_rows for each statement execute function log_standard_index_changes();
create trigger standards_index_changes_delete after delete on standards
  referencing old table as old_rows for each statement execute function log_standard_index_changes();
create trigger standards_index_changes_truncate after truncate on standards
  for each statement execute function log_standard_index_changes();
