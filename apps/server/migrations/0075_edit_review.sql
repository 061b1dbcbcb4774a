-- 发布需审核 also covers edits of a live item: the proposed fields wait here while the published version stays
-- (null: a request to publish the item as it is). See docs/decisions/0087-office-walkthrough-fixes.md.
alter table content_publish_requests add column changes jsonb;
