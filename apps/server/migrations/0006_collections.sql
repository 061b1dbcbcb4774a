-- Collections (a user's bookmarks of standards and collectable portal items), attached full texts
-- of standards, and the public "report a missing standard" queue.
create table collections (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  -- 'standard' or the slug of a collectable portal section; no foreign key because it is polymorphic
  item_type text not null,
  item_id integer not null,
  created_at timestamptz not null default now(),
  unique (user_id, item_type, item_id)
);
create index collections_item_idx on collections (item_type, item_id);
create index collections_user_idx on collections (user_id, created_at desc, id desc);

-- One PDF per standard, stored under <filesDir>/fulltext; file_path is relative to filesDir.
create table standard_fulltext (
  id serial primary key,
  standard_id bigint not null unique references standards(id) on delete cascade,
  file_path text not null,
  pages integer not null check (pages > 0),
  size_bytes bigint not null,
  sha256 text not null,
  -- open: everyone reads every page online; restricted: visitors and uncertified users read the first 3 pages
  access text not null default 'restricted' check (access in ('open', 'restricted')),
  uploaded_by integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);

create table standard_missing_reports (
  id serial primary key,
  standard_no text not null,
  title text not null,
  seen_at text not null,
  contact text,
  -- the page it came from: zhongshan or shenzhen
  region text not null check (region in ('zhongshan', 'shenzhen')),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
  user_id integer references users(id) on delete set null,
  client_ip text,
  standard_id bigint references standards(id) on delete set null,
  handled_by integer references users(id) on delete set null,
  handled_at timestamptz,
  created_at timestamptz not null default now()
);
create index standard_missing_reports_queue_idx on standard_missing_reports (status, created_at);
