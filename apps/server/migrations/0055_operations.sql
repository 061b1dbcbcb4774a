-- Operator console, operations half: status changes with date and reason, three full-text reading
-- levels, missing-report rejection reasons, background imports, site settings history, search log,
-- inspection-readiness link checks.

alter table standard_status_history add column effective_date date;
alter table standard_status_history add column reason text;
alter table standard_status_history add column actor_id integer references users(id) on delete set null;

-- open: everyone reads every page; registered: signed-in users read every page, visitors the preview;
-- restricted: certified enterprises read every page, everyone else the preview.
alter table standard_fulltext drop constraint standard_fulltext_access_check;
alter table standard_fulltext add constraint standard_fulltext_access_check check (access in ('open', 'registered', 'restricted'));
alter table standard_fulltext add column demo boolean not null default false;

alter table standard_missing_reports add column reject_reason text;

-- One row per browser import. The uploaded file stays on disk under DATA_DIR/imports until the job ends.
create table import_jobs (
  id serial primary key,
  -- uploaded: file on disk, preview shown, not started yet
  status text not null default 'uploaded' check (status in ('uploaded', 'running', 'done', 'failed')),
  file_name text not null,
  file_path text not null,
  format text not null,
  size_bytes bigint not null,
  mapping text,
  source text,
  rows integer not null default 0,
  inserted integer not null default 0,
  updated integer not null default 0,
  unchanged integer not null default 0,
  rejected integer not null default 0,
  duplicates integer not null default 0,
  -- up to 1000 rejected rows (line, column, value, reason); all are counted in `rejected`
  rejections jsonb not null default '[]'::jsonb,
  error text,
  actor_id integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
-- Two imports never run at once, whatever instance started them.
create unique index import_jobs_one_active_idx on import_jobs ((true)) where status = 'running';
create index import_jobs_created_idx on import_jobs (created_at desc, id desc);

-- Privacy policy versions; the newest one whose effective date has come is shown.
create table privacy_versions (
  id serial primary key,
  version text not null,
  title text not null,
  body_html text not null,
  effective_date date not null,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);

-- Public searches, for the dashboard's trends and top/zero-result queries.
create table search_log (
  id bigserial primary key,
  query text not null,
  results integer not null,
  created_at timestamptz not null default now()
);
create index search_log_created_idx on search_log (created_at);

-- Last result of the internal link and attachment check (on demand and nightly).
create table link_checks (
  id serial primary key,
  checked_at timestamptz not null default now(),
  checked integer not null,
  broken jsonb not null default '[]'::jsonb
);
