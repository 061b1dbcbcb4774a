-- Accounts: users, opaque tokens (stored hashed), lock-out bookkeeping, the ephemeral key/value
-- store used when REDIS_URL is unset, the development SMS outbox and enterprise certifications.
create table users (
  id serial primary key,
  username text not null unique,
  mobile text not null unique,
  email text,
  password_hash text not null,
  role text not null default 'user' check (role in ('user', 'operator', 'admin')),
  status text not null default 'active' check (status in ('active', 'disabled', 'deleted')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_login_at timestamptz
);
-- Login accepts the username case-insensitively, so lower(username) must be unique as well.
create unique index users_username_lower_idx on users (lower(username));

create table auth_tokens (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  -- sha256 (hex) of the random token; the token itself is never stored.
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
create index auth_tokens_user_idx on auth_tokens (user_id) where revoked_at is null;

-- One row per wrong password; lock-out counts the rows of the last 15 minutes.
create table login_failures (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  ip text,
  failed_at timestamptz not null default now()
);
create index login_failures_user_idx on login_failures (user_id, failed_at);

-- Captcha answers, SMS codes and rate-limit counters when no Redis is configured.
-- Rows past expires_at are ignored by every read and removed lazily.
create table ephemeral (
  key text primary key,
  value text not null,
  expires_at timestamptz not null
);
create index ephemeral_expires_idx on ephemeral (expires_at);

create table sms_outbox (
  id serial primary key,
  mobile text not null,
  code text not null,
  purpose text not null,
  provider text not null,
  sent_at timestamptz not null default now()
);
create index sms_outbox_mobile_idx on sms_outbox (mobile, sent_at desc);

create table enterprise_certifications (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  company_name text not null,
  credit_code text not null,
  legal_rep text not null,
  contact_name text not null,
  contact_mobile text not null,
  licence_file_id integer,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reject_reason text,
  submitted_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewer_id integer references users(id) on delete set null
);
create index enterprise_certifications_user_idx on enterprise_certifications (user_id, status);
