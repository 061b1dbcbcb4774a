-- Drafts for public comment (征求意见, decisions/0081): the draft with its comment period, and the comments users
-- send clause by clause with the office's decision. The draft's states are the content console's (0050).
create table consultation_drafts (
  id serial primary key,
  project_name text not null,
  plan_no text not null,
  kind text not null check (kind in ('local', 'group', 'xiangshan')),
  drafting_units text not null,
  responsible_unit text not null,
  contact text not null,
  draft_file jsonb,
  explanation_file jsonb,
  starts_at timestamptz not null,
  deadline timestamptz not null,
  status text not null default 'draft' check (status in ('draft', 'pending', 'scheduled', 'published', 'unpublished')),
  published_at timestamptz,
  publish_request_at timestamptz,
  returned_reason text,
  table_published boolean not null default false,
  created_by integer references users(id) on delete set null,
  updated_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (deadline > starts_at)
);
create index consultation_drafts_public_idx on consultation_drafts (status, deadline desc);

create table consultation_comments (
  id serial primary key,
  draft_id integer not null references consultation_drafts(id) on delete cascade,
  -- The comments sent together share the id of the submission's first one.
  submission_id integer,
  user_id integer not null references users(id) on delete cascade,
  enterprise_name text,
  clause text not null,
  content text not null,
  suggestion text not null default '',
  reason text not null default '',
  attachment jsonb,
  decision text check (decision in ('adopted', 'partial', 'rejected')),
  decision_reason text,
  assignee_id integer references users(id) on delete set null,
  processed_by integer references users(id) on delete set null,
  processed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index consultation_comments_draft_idx on consultation_comments (draft_id, id);
create index consultation_comments_user_idx on consultation_comments (user_id, id desc);
