-- Alert fan-out and digests in chunks of users (decisions/0090, docs/alerts.md "Scale").

-- A status change's watchers are read a chunk at a time in user order: (kind, value, user_id) serves both the
-- chunk bounds and each chunk's range (and every lookup the (kind, value) index served).
create index alert_watches_fanout_idx on alert_watches (kind, value, user_id);
drop index alert_watches_match_idx;

-- The digest job folds the waiting rows a chunk of users at a time: the rows in user order.
create index alert_deliveries_digest_user_idx on alert_deliveries (cadence, user_id, id)
  where status = 'queued' and cadence <> 'immediate';
drop index alert_deliveries_digest_idx;
