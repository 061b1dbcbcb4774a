-- Public Atom feeds (docs/alerts.md, issue 27): the status-change feed reads the newest real changes (not a record's
-- first entry, whose old status is null) on every poll; this keeps that a short index walk however long the history.
create index standard_status_history_feed_idx on standard_status_history (changed_at desc, id desc)
  where old_status is not null;
