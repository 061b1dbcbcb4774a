-- User centre: in-app messages, the operators' audit log, the status-alert bookkeeping on the
-- standards' status history, and one live enterprise certification per user.
create table messages (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  kind text not null check (kind in ('review', 'certification', 'standard_status', 'activity', 'system')),
  title text not null,
  -- plain text; the web app renders it as text, never as HTML
  body text not null,
  -- an in-app path such as /standard-detail?id=5 (never an external address)
  link text,
  ref_type text,
  ref_id bigint,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  -- set by jobs (status:<historyId>:<userId>, activity:<itemId>:<userId>) so reruns and concurrent
  -- runs insert each message once; null for one-off messages
  dedupe_key text unique
);
create index messages_user_idx on messages (user_id, created_at desc, id desc);
create index messages_unread_idx on messages (user_id) where read_at is null;

create table audit_log (
  id serial primary key,
  actor_id integer references users(id) on delete set null,
  action text not null,
  target_type text not null,
  target_id bigint,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc, id desc);
create index audit_log_target_idx on audit_log (target_type, target_id);

-- Set once the status-change alerts of a history row have been sent (dispatchStatusAlerts).
alter table standard_status_history add column dispatched_at timestamptz;
create index standard_status_history_pending_idx on standard_status_history (id) where dispatched_at is null;

-- A user has at most one certification under review or in force; a double submit hits this index.
create unique index enterprise_certifications_live_idx on enterprise_certifications (user_id)
  where status in ('pending', 'approved');
create index enterprise_certifications_queue_idx on enterprise_certifications (status, submitted_at);
