-- Standards search: number order, synonyms, zero-result log, catalogue version (cache invalidation).

-- Number order inside a series: the leading number numerically, then the rest of the number. The
-- expression is repeated verbatim in modules/standards/search-sql.ts (NUMBER_ORDER) so the planner
-- can walk this index for prefix listings.
create index standards_no_order_idx on standards (
  no_prefix,
  (lpad(coalesce(substring(substr(no_base, length(no_prefix) + 1) from '[0-9]+'), ''), 12, '0')),
  no_base,
  no_key
);

-- Synonym groups applied at query time: a keyword containing one term also finds titles with the
-- others. Edited by operators (/api/admin/search/synonyms); a few field-wide ones are seeded.
create table search_synonyms (
  id bigserial primary key,
  terms text[] not null check (cardinality(terms) between 2 and 10),
  note text,
  updated_at timestamptz not null default now()
);
insert into search_synonyms (terms, note) values
  ('{混凝土,砼}', '行业通用简写'),
  ('{钢筋混凝土,钢砼}', '行业通用简写'),
  ('{防火,消防}', '检索常用说法');

-- Keywords that found nothing, counted for the operators' list.
create table search_misses (
  query text primary key,
  hits integer not null default 1,
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now()
);
create index search_misses_last_idx on search_misses (last_at desc);

-- Bumped by every statement that writes the catalogue; cached search answers carry the version
-- they were computed at and are dropped when it moves.
create table catalogue_version (
  id smallint primary key default 1 check (id = 1),
  version bigint not null default 0
);
insert into catalogue_version (id, version) values (1, 0);
create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  update catalogue_version set version = version + 1 where id = 1;
  return null;
end $$;
create trigger standards_catalogue_version after insert or update or delete or truncate on standards
  for each statement execute function bump_catalogue_version();
create trigger relations_catalogue_version after insert or update or delete or truncate on standard_relations
  for each statement execute function bump_catalogue_version();
create trigger synonyms_catalogue_version after insert or update or delete or truncate on search_synonyms
  for each statement execute function bump_catalogue_version();
