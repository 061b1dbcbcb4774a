-- Standards catalogue: records, relations, status history and the two classifications (CCS, ICS).
create table ccs_codes (
  code text primary key,
  name text not null,
  -- 1 class (A), 2 group (A00/09), 3 code (A00)
  level smallint not null,
  parent text,
  notes text
);
create index ccs_codes_parent_idx on ccs_codes (parent);

create table ics_codes (
  code text primary key,
  name_en text not null,
  name_zh text,
  -- 1 field (01), 2 group (01.020), 3 sub-group (01.040.01)
  level smallint not null,
  parent text,
  notes text
);
create index ics_codes_parent_idx on ics_codes (parent);

create table standards (
  id bigserial primary key,
  standard_no text not null,
  -- canonical number (packages/shared/src/standard-number.ts); one record per number
  no_key text not null,
  -- the key without its year: finds every edition of a number typed without year
  no_base text not null,
  no_prefix text not null,
  no_year smallint,
  name_zh text not null,
  name_en text,
  level text not null check (level in ('national', 'industry', 'local', 'group', 'enterprise', 'international')),
  nature text check (nature in ('mandatory', 'recommended', 'guidance')),
  status text not null default 'current'
    check (status in ('current', 'upcoming', 'abolished', 'replaced', 'suspended', 'updated', 'drafting')),
  publish_date date,
  implement_date date,
  abolish_date date,
  ccs_code text,
  ics_code text,
  department text,
  committee text,
  issuer text,
  drafting_units text,
  drafters text,
  adopted_no text,
  adoption_degree text check (adoption_degree in ('IDT', 'MOD', 'NEQ')),
  scope text,
  notes text,
  region text,
  region_code text,
  category text,
  official_url text,
  -- where the record came from: dataset name, licence, and the record's own path/id there
  source text,
  licence text,
  source_ref text,
  -- app-side segmentation (apps/server/src/lib/segment.ts): Chinese unigrams + bigrams, latin and
  -- digit words, number parts. Matched with @> through a GIN index; no server-side Chinese parser.
  search_tokens text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index standards_no_key_idx on standards (no_key);
-- text_pattern_ops: LIKE 'prefix%' on numbers whatever the database collation is.
create index standards_no_key_prefix_idx on standards (no_key text_pattern_ops);
create index standards_no_base_idx on standards (no_base);
create index standards_tokens_idx on standards using gin (search_tokens);
create index standards_level_idx on standards (level, status);
create index standards_status_idx on standards (status);
create index standards_implement_idx on standards (implement_date desc nulls last, id desc);
create index standards_publish_idx on standards (publish_date desc nulls last, id desc);
create index standards_ccs_idx on standards (ccs_code text_pattern_ops);
create index standards_ics_idx on standards (ics_code text_pattern_ops);
create index standards_region_idx on standards (region_code text_pattern_ops);

create table standard_relations (
  id bigserial primary key,
  standard_id bigint not null references standards (id) on delete cascade,
  -- the other standard by number, so the link exists before that record is in the catalogue
  related_no_key text not null,
  related_no text not null,
  related_id bigint references standards (id) on delete set null,
  -- forward direction only: 'replaces' here reads as 'replaced by' from the other side
  kind text not null check (kind in ('replaces', 'partially_replaces', 'renumbered_from')),
  -- true when derived (for example an older edition of the same number), not stated by the source
  inferred boolean not null default false,
  note text,
  created_at timestamptz not null default now(),
  unique (standard_id, related_no_key, kind)
);
create index standard_relations_related_idx on standard_relations (related_no_key);
create index standard_relations_related_id_idx on standard_relations (related_id);

create table standard_status_history (
  id bigserial primary key,
  standard_id bigint not null references standards (id) on delete cascade,
  old_status text,
  new_status text not null,
  changed_at timestamptz not null default now(),
  source text
);
create index standard_status_history_std_idx on standard_status_history (standard_id, changed_at);
