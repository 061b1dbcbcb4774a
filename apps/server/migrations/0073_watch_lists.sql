-- Watch lists, more kinds of alert, SMS and digests (docs/alerts.md, decisions/0085, issue 27).

-- Owned by the alerts module: what a user watches. kind 'standard' holds the record's id as text (collecting a
-- standard watches it too, without a row here); 'series' an upper-case number prefix (DB4420/T, JGJ/T); 'ccs' and
-- 'ics' a class code (the class and everything under it); 'keyword' a word in titles; 'unit' a drafting or 归口 unit.
create table alert_watches (
  id bigserial primary key,
  user_id integer not null references users(id) on delete cascade,
  kind text not null check (kind in ('standard', 'series', 'ccs', 'ics', 'keyword', 'unit')),
  value text not null,
  -- What the user centre shows (the standard's number and title for kind 'standard').
  label text,
  -- kind 'standard': the number without its year, so a new edition of the watched standard is found.
  no_base text,
  created_at timestamptz not null default now(),
  unique (user_id, kind, value)
);
create index alert_watches_match_idx on alert_watches (kind, value);
create index alert_watches_base_idx on alert_watches (no_base) where no_base is not null;

-- Owned by the alerts module: per-user alert settings beyond the (kind, channel) switches.
create table alert_user_settings (
  user_id integer primary key references users(id) on delete cascade,
  -- 即将实施: how many days before implementation the user is told (any of 30, 7, 1).
  lead_days smallint[] not null default '{7}',
  updated_at timestamptz not null default now()
);

alter table alert_preferences drop constraint alert_preferences_kind_check;
alter table alert_preferences add constraint alert_preferences_kind_check
  check (kind in ('standard_status', 'new_edition', 'new_standard', 'implementation'));
alter table alert_preferences drop constraint alert_preferences_channel_check;
alter table alert_preferences add constraint alert_preferences_channel_check check (channel in ('site', 'email', 'sms'));
-- SMS only for status changes of watched standards.
alter table alert_preferences add constraint alert_preferences_sms_kind check (channel <> 'sms' or kind = 'standard_status');
-- Only email has digests; in-site messages and SMS are immediate.
alter table alert_preferences add column cadence text not null default 'immediate'
  check (cadence in ('immediate', 'daily', 'weekly'));
alter table alert_preferences add constraint alert_preferences_cadence_email check (channel = 'email' or cadence = 'immediate');

alter table alert_deliveries drop constraint alert_deliveries_channel_check;
alter table alert_deliveries add constraint alert_deliveries_channel_check check (channel in ('site', 'email', 'sms'));
alter table alert_deliveries drop constraint alert_deliveries_status_check;
alter table alert_deliveries add constraint alert_deliveries_status_check
  check (status in ('queued', 'claimed', 'sending', 'sent', 'failed', 'skipped', 'digested'));
-- 'daily'/'weekly' rows wait for the digest job, which folds them into one row per user: members become 'digested'
-- with digest_id = the id of the user's first member, which the digest's event (digest:<period>:<day>:<id>) names.
alter table alert_deliveries add column cadence text not null default 'immediate'
  check (cadence in ('immediate', 'daily', 'weekly'));
alter table alert_deliveries add column digest_id bigint;
drop index alert_deliveries_due_idx;
create index alert_deliveries_due_idx on alert_deliveries (channel, next_attempt_at, id)
  where status in ('queued', 'claimed') and cadence = 'immediate';
create index alert_deliveries_digest_idx on alert_deliveries (cadence, id) where status = 'queued' and cadence <> 'immediate';
-- The SMS cap counts a user's SMS of the day.
create index alert_deliveries_sms_idx on alert_deliveries (user_id, sent_at) where channel = 'sms';

-- Owned by the alerts module: the new-standards scan's position (the highest catalogue id already matched).
create table alert_scan_state (
  name text primary key,
  last_id bigint not null
);
