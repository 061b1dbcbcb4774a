-- Foundation: site settings (footer lines) and the footer contact cards.
create table site_settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

create table site_contacts (
  id serial primary key,
  real_name text not null,
  mobile text not null,
  email text,
  -- 'operations' is shown first and labelled 平台运营人员; 'technical' cards follow.
  role text not null default 'technical' check (role in ('operations', 'technical')),
  sort_order integer not null default 0,
  active boolean not null default true,
  demo boolean not null default false,
  created_at timestamptz not null default now()
);
create index site_contacts_order_idx on site_contacts (active, sort_order, id);

-- Seeders that have run, so a seeder added by a later release still runs once on an existing database.
create table seed_runs (
  name text primary key,
  ran_at timestamptz not null default now()
);
