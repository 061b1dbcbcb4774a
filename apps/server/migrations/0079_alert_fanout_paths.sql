-- Alert fan-out paths (decisions/0096): the outbox without a per-row key check, the console's fan-out outside its
-- transaction, the collectors in user order.

-- The alert outbox without a foreign-key check on every queued row (decisions/0096): a fan-out inserts 200,000
-- rows for 100,000 watchers, and the per-row check that the user exists cost about a quarter of the insert on
-- PGlite, although every fan-out statement already joins users (only active users are queued). The cascade the key
-- gave is kept by a trigger: deleting a user deletes their outbox rows.
alter table alert_deliveries drop constraint alert_deliveries_user_id_fkey;

create or replace function alert_deliveries_user_gone() returns trigger language plpgsql as $$
begin
  delete from alert_deliveries where user_id = old.id;
  return old;
end $$;

create trigger users_alert_deliveries_cascade after delete on users
  for each row execute function alert_deliveries_user_gone();

-- A status change made in the console tells its collectors in the change's transaction; the fan-out to everyone
-- who watches or collected it (email, SMS, the watchers' in-site rows) is recorded here in that transaction and
-- queued by the alert job in chunks, outside it (decisions/0096). `change` is the history row as the collectors'
-- message read it (number, title, replacement).
create table alert_status_fanouts (
  history_id bigint primary key,
  change jsonb not null,
  created_at timestamptz not null default now()
);

-- A standard's collectors in user order: the fan-out's chunks read them a slice at a time (the (item_type, item_id)
-- index made each chunk read and sort all of them). Serves every lookup the old index served.
create index collections_item_user_idx on collections (item_type, item_id, user_id);
drop index collections_item_idx;
