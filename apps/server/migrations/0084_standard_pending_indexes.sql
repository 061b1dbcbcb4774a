-- The catalogue's indexes a bulk load dropped (docs/decisions/0122): noted in the load's transaction and struck off as
-- each is built again after its commit. A row left here (the process ended during the build) is built at the next start
-- or by the next bulk load.

-- Owned by the standards module (import/bulk.ts).
create table standard_pending_indexes (
  name text primary key,
  def text not null
);
