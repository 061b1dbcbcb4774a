-- A signed-in user's saved document checks (issue 26, docs/document-check.md): the citations as read and their
-- verdicts when saved, never the document itself, so the check can be run again later to see what changed.
create table doc_check_results (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  name text,
  -- DocCitationInput[] (number as read, title, place, context) and, per citation, the verdict and record then.
  citations jsonb not null,
  verdicts jsonb not null,
  summary jsonb not null,
  created_at timestamptz not null default now()
);
create index doc_check_results_user_idx on doc_check_results (user_id, id desc);
