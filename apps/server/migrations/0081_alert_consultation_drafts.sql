-- Alerts for drafts for public comment (issue 27, decisions/0101): a new kind of alert preference, and the drafts
-- whose publication the alerts module has already queued.

alter table alert_preferences drop constraint alert_preferences_kind_check;
alter table alert_preferences add constraint alert_preferences_kind_check
  check (kind in ('standard_status', 'new_edition', 'new_standard', 'implementation', 'consultation_draft'));

-- Owned by the alerts module: a draft is queued once, the first time the job sees it visible (published, or
-- scheduled and its time has come); unpublished and published again, it stays here and is not announced twice.
create table alert_consultation_drafts (
  draft_id bigint primary key,
  queued_at timestamptz not null default now()
);

-- The drafts already public when this runs are not news.
insert into alert_consultation_drafts (draft_id)
select id from consultation_drafts
 where status = 'published' or (status = 'scheduled' and published_at <= now());
