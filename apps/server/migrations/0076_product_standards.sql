-- Issue 27: the standards a certified enterprise's products follow (产品执行标准), watched like collected ones, and
-- the town the office assigns to an enterprise (decisions/0089). Owner: modules/product-standards.
create table enterprise_product_standards (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  product_name text,
  line text not null,
  -- The matched record (no foreign key, as collections: a record removed from the catalogue reads as 未收录).
  standard_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index enterprise_product_standards_user_idx on enterprise_product_standards (user_id, id);
create index enterprise_product_standards_standard_idx on enterprise_product_standards (standard_id, user_id)
  where standard_id is not null;

-- The office's word on an enterprise's town (TOWN_CODES); absent: derived from the company name, else 未确定镇街.
create table enterprise_towns (
  user_id integer primary key references users(id) on delete cascade,
  town_code text not null,
  assigned_by integer references users(id) on delete set null,
  assigned_at timestamptz not null default now()
);
