-- Questions to the office (咨询留言, decisions/0082): the questions with their reply deadline, the office's answer
-- templates, and the working-day calendar the office maintains per year (holidays and 调休 workdays).
create table interaction_questions (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  category text not null check (category in ('standards', 'projects', 'certification', 'platform', 'other')),
  title text not null,
  content text not null,
  is_public boolean not null default false,
  attachment jsonb,
  state text not null default 'pending' check (state in ('pending', 'processing', 'answered', 'forwarded')),
  -- The instant the question becomes overdue: the end of its last working day (Asia/Shanghai).
  deadline timestamptz not null,
  assignee_id integer references users(id) on delete set null,
  answer text,
  answered_by integer references users(id) on delete set null,
  answered_at timestamptz,
  forward_unit text,
  forward_note text,
  forwarded_at timestamptz,
  rating text check (rating in ('satisfied', 'basic', 'unsatisfied')),
  rated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index interaction_questions_user_idx on interaction_questions (user_id, id desc);
create index interaction_questions_open_idx on interaction_questions (deadline) where state in ('pending', 'processing');
create index interaction_questions_public_idx on interaction_questions (answered_at desc) where state = 'answered' and is_public;

create table interaction_templates (
  id serial primary key,
  title text not null,
  body text not null,
  updated_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A year is "maintained" once the office saved it, even with no dates (deadlines then use its dates, not Mon–Fri only).
create table interaction_calendar_years (
  year integer primary key check (year between 2000 and 2100),
  updated_by integer references users(id) on delete set null,
  updated_at timestamptz not null default now()
);
create table interaction_calendar_days (
  day date primary key,
  year integer not null references interaction_calendar_years(year) on delete cascade,
  kind text not null check (kind in ('holiday', 'workday'))
);
create index interaction_calendar_days_year_idx on interaction_calendar_days (year);
