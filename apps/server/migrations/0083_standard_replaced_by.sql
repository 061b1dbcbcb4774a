-- The record replacing one no longer in force, as a result line shows it: `[id, standard_no]` (json) of the newest
-- record stating it replaces this one (by id or by number), null for a record in force or one nothing replaces.
-- catalogue/repository.ts findReplacements is the same rule for a list of records (docs/decisions/0120).
--
-- A function, not a subquery in each page statement: a page ranked in SQL is planned anew for every search, and a
-- correlated subquery added about 0.5 ms of planning to each; PL/pgSQL keeps its statement's plan for the session.
-- Its high cost makes PostgreSQL call it after ORDER BY … LIMIT, so only for the page's lines.
create function standard_replaced_by(rec_id bigint, rec_no_key text, rec_status text) returns json
language plpgsql stable cost 1000 as $$
declare
  found json;
begin
  if rec_status in ('current', 'upcoming') then
    return null;
  end if;
  select json_build_array(b.id::int, b.standard_no) into found
  from standard_relations r join standards b on b.id = r.standard_id and b.id <> rec_id
  where r.kind = 'replaces' and (r.related_id = rec_id or r.related_no_key = rec_no_key)
  order by b.implement_date desc nulls last, b.id desc
  limit 1;
  return found;
end $$;
