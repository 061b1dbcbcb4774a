-- Operator console, layout half (docs/decisions/0060): editable 香山之品 product categories and the
-- items pinned in the home page's blocks.

-- Categories of a portal section that the office edits in the console (today only xiangshan_product;
-- the other sections keep their fixed lists in packages/shared/src/portal.ts). `code` is stored in
-- portal_items.category and never changes; a category in use is hidden, never deleted.
create table portal_categories (
  section text not null,
  code text not null,
  name text not null,
  sort_order integer not null default 0,
  hidden boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (section, code)
);
create unique index portal_categories_name_idx on portal_categories (section, name);

-- Today's 15 categories (docs/product.md §1 names eight; the seven marked 待核实 await the office).
insert into portal_categories (section, code, name, sort_order) values
  ('xiangshan_product', 'fruit', '水果', 1),
  ('xiangshan_product', 'vegetable', '蔬菜', 2),
  ('xiangshan_product', 'aquatic', '水产品', 3),
  ('xiangshan_product', 'meat', '肉类', 4),
  ('xiangshan_product', 'egg', '蛋类', 5),
  ('xiangshan_product', 'rice', '大米', 6),
  ('xiangshan_product', 'flour', '面粉', 7),
  ('xiangshan_product', 'oil', '食用油', 8),
  ('xiangshan_product', 'poultry', '禽类（待核实）', 9),
  ('xiangshan_product', 'dairy', '乳制品（待核实）', 10),
  ('xiangshan_product', 'tea', '茶叶（待核实）', 11),
  ('xiangshan_product', 'condiment', '调味品（待核实）', 12),
  ('xiangshan_product', 'pastry', '糕点（待核实）', 13),
  ('xiangshan_product', 'beverage', '饮料（待核实）', 14),
  ('xiangshan_product', 'cured_meat', '腊味制品（待核实）', 15);

-- Items an operator pinned in a home page block, in their order; the block fills up with the newest
-- published items of its section after them.
create table home_pins (
  block text not null,
  item_id integer not null references portal_items(id) on delete cascade,
  position integer not null,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (block, item_id)
);
