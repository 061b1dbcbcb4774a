-- Email (docs/alerts.md, issue 27). An address set by the user is verified by a mailed link before anything else
-- is sent to it; alerts by mail go through a durable outbox, each (user, event, channel) at most once.

-- Owned by the mail module: the verification state of each user's address (users.email stays auth's; a row here
-- counts only while its address equals the one the user set, so changing the address unverifies it).
create table email_addresses (
  user_id integer primary key references users(id) on delete cascade,
  email text not null,
  verified_at timestamptz,
  -- sha256 of the token mailed in the link; cleared once used.
  token_hash text unique,
  token_expires_at timestamptz,
  created_at timestamptz not null default now()
);

-- Owned by the mail module: with DEV_OUTBOX=1 every mail is also written here, for the development outbox.
create table mail_dev_outbox (
  id serial primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  headers jsonb not null default '{}'::jsonb,
  sent_at timestamptz not null default now()
);
create index mail_dev_outbox_to_idx on mail_dev_outbox (to_address, id desc);

-- Owned by the alerts module: which kinds of alert a user wants by which channel. No row: the default (no email).
create table alert_preferences (
  user_id integer not null references users(id) on delete cascade,
  kind text not null check (kind in ('standard_status')),
  channel text not null check (channel in ('email')),
  enabled boolean not null,
  -- The one-click unsubscribe link's token (RFC 8058): works without logging in, only for this row.
  unsubscribe_token text not null unique,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind, channel)
);

-- Owned by the alerts module: the outbox. 'claimed' rows are a worker's, not yet handed to SMTP (retried if the
-- worker died); 'sending' rows were being handed over (never retried: they may have gone out, at most once).
create table alert_deliveries (
  id bigserial primary key,
  user_id integer not null references users(id) on delete cascade,
  event text not null,
  channel text not null check (channel in ('email')),
  kind text not null,
  payload jsonb not null,
  status text not null default 'queued'
    check (status in ('queued', 'claimed', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  claimed_by text,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  unique (user_id, event, channel)
);
create index alert_deliveries_due_idx on alert_deliveries (next_attempt_at, id) where status in ('queued', 'claimed');
