-- Portal sections (one list/detail table for every public section), static site pages, uploaded
-- files, the shared daily download quota, and applications / sign-ups with their timeline.
create table portal_items (
  id serial primary key,
  -- a section id of packages/shared/src/portal.ts (news, standard_plus, service, …)
  section text not null,
  category text,
  title text not null,
  summary text,
  -- sanitised before it is stored (apps/server/src/lib/sanitize.ts)
  body_html text,
  -- per-section structured fields, validated by the section's zod schema on every write
  attrs jsonb not null default '{}'::jsonb,
  cover text,
  source text,
  source_url text,
  published_at timestamptz not null default now(),
  -- one of the 23 towns (NBS code), when the item belongs to one
  town_code text,
  status text not null default 'published' check (status in ('published', 'draft')),
  -- 示例 content with no real source, for operators to replace
  demo boolean not null default false,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index portal_items_list_idx on portal_items (section, status, sort desc, published_at desc, id desc);
create index portal_items_category_idx on portal_items (section, category);
create index portal_items_town_idx on portal_items (town_code);

create table site_pages (
  slug text primary key,
  title text not null,
  body_html text not null,
  updated_at timestamptz not null default now()
);

create table files (
  id serial primary key,
  owner_id integer references users(id) on delete set null,
  purpose text not null default 'attachment',
  original_name text not null,
  mime text not null,
  size integer not null,
  sha256 text not null,
  -- relative to the configured files directory; random, never derived from the upload's name
  storage_path text not null unique,
  created_at timestamptz not null default now()
);
create index files_owner_idx on files (owner_id, created_at desc);

-- Certified-enterprise downloads (training files and standard full texts) share one counter per CST day.
create table download_quota (
  user_id integer not null references users(id) on delete cascade,
  day date not null,
  used integer not null default 0,
  primary key (user_id, day)
);
create table download_log (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  kind text not null,
  ref text not null,
  created_at timestamptz not null default now()
);
create index download_log_user_idx on download_log (user_id, created_at desc);

create sequence application_ref_seq;

create table applications (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  kind text not null check (kind in ('brand_product', 'service', 'activity', 'gi_product')),
  ref_id integer references portal_items(id) on delete set null,
  ref_title text,
  reference_no text not null unique,
  form jsonb not null default '{}'::jsonb,
  status text not null default 'submitted'
    check (status in ('submitted', 'accepted', 'reviewing', 'approved', 'rejected', 'withdrawn')),
  reason text,
  -- what makes two live applications "the same" (product, service or activity); see the unique index
  dedupe_key text not null,
  idempotency_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index applications_user_idx on applications (user_id, created_at desc);
create index applications_ref_idx on applications (kind, ref_id, status);
-- One live application per user and subject: a double submit or double sign-up hits this index.
create unique index applications_live_idx on applications (user_id, kind, dedupe_key)
  where status not in ('withdrawn', 'rejected');
create unique index applications_idem_idx on applications (user_id, idempotency_key) where idempotency_key is not null;

create table application_files (
  application_id integer not null references applications(id) on delete cascade,
  file_id integer not null references files(id) on delete restrict,
  primary key (application_id, file_id)
);

create table application_events (
  id serial primary key,
  application_id integer not null references applications(id) on delete cascade,
  status text not null,
  note text,
  actor_id integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index application_events_app_idx on application_events (application_id, id);
