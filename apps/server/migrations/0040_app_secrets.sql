-- Secrets the installation makes for itself on first start (the password AES key when PASSWORD_AES_KEY
-- is unset). Kept with the data, so every instance on one database uses the same value and a backup
-- restores it together with the accounts it protects.
create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
