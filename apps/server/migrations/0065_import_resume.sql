-- Imports are resumable (docs/decisions/0076): each batch commits together with the job's checkpoint, so the
-- job's counts always match what is in the catalogue, and a job whose process died ('interrupted') continues
-- from the row after its checkpoint.
alter table import_jobs drop constraint import_jobs_status_check;
alter table import_jobs add constraint import_jobs_status_check
  check (status in ('uploaded', 'running', 'done', 'failed', 'interrupted'));
-- Rows of the file whose outcome (written, unchanged, rejected, repeated) is committed; a resumed run starts after them.
alter table import_jobs add column committed_rows integer not null default 0;
-- The batch size the run used: a resumed run must cut the file into the same batches.
alter table import_jobs add column batch_size integer;
-- Written at every checkpoint and every few seconds while the job runs: a running job whose heartbeat stopped
-- belongs to a process that died.
alter table import_jobs add column heartbeat_at timestamptz;
-- 'console' (uploaded file, removed when the job ends) or 'cli' (the operator's own file, never removed).
alter table import_jobs add column origin text not null default 'console' check (origin in ('console', 'cli'));
-- Size and a digest of the file's first and last 64 KB: a resumed run refuses a file that changed.
alter table import_jobs add column file_digest text;
-- The rest of the checkpoint (details of duplicates, counts of status changes and relations), for the report of a resumed run.
alter table import_jobs add column checkpoint jsonb;
-- The process running the job (host:pid): on the same host a job whose process is gone is interrupted at once.
alter table import_jobs add column runner text;
