-- Operator console for portal content: more states, who changed an item, revisions and publish
-- requests (the 发布需审核 site setting).
alter table portal_items drop constraint if exists portal_items_status_check;
alter table portal_items add constraint portal_items_status_check
  check (status in ('draft', 'pending', 'scheduled', 'published', 'unpublished'));
alter table portal_items add column created_by integer references users(id) on delete set null;
alter table portal_items add column updated_by integer references users(id) on delete set null;
-- the console lists by state and last change
create index portal_items_admin_idx on portal_items (section, status, updated_at desc);
-- scheduled items are published by a job once published_at is due
create index portal_items_scheduled_idx on portal_items (published_at) where status = 'scheduled';

-- A full snapshot after every change; restoring one writes a new revision.
create table portal_item_revisions (
  id serial primary key,
  item_id integer not null references portal_items(id) on delete cascade,
  action text not null,
  snapshot jsonb not null,
  actor_id integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index portal_item_revisions_item_idx on portal_item_revisions (item_id, id desc);

create table content_publish_requests (
  id serial primary key,
  item_id integer not null references portal_items(id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'approved', 'returned')),
  -- the publish time the operator asked for (null: at once)
  publish_at timestamptz,
  requested_by integer references users(id) on delete set null,
  requested_at timestamptz not null default now(),
  decided_by integer references users(id) on delete set null,
  decided_at timestamptz,
  reason text
);
create unique index content_publish_requests_open_idx on content_publish_requests (item_id) where status = 'pending';
create index content_publish_requests_status_idx on content_publish_requests (status, requested_at);
