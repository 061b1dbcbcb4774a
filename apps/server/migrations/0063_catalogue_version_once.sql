-- The catalogue version moves once per transaction, not once per statement (docs/decisions/0046). Other
-- sessions see a transaction's writes only when it commits, so one bump tells their caches everything. A
-- bulk import writes a thousand statements in one transaction: each bump updated the same row again,
-- walking a longer chain of its own row versions every time.
create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  if current_setting('zs.catalogue_bumped', true) = 'on' then
    return null;
  end if;
  update catalogue_version set version = version + 1 where id = 1;
  -- Transaction-local: reset at commit or rollback (and with a rolled-back savepoint, with the update).
  perform set_config('zs.catalogue_bumped', 'on', true);
  return null;
end $$;

-- History rows of records that were new alert nobody (alerts/status.ts): they are written as dispatched, so the
-- alert run does not page through a million of them after a first load.
update standard_status_history set dispatched_at = changed_at where old_status is null and dispatched_at is null;
