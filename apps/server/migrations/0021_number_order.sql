-- Number order as a stored column. Migration 0020 ordered by an expression index that ran a regex
-- for every row written; the writers (the import and the admin editor) now fill no_order from the
-- shared grammar (numberOrderKey in packages/shared/src/standard-number.ts), which yields the same
-- value: the leading digits of the number zero-padded to 12. Rows written some other way (plain SQL)
-- have no value and sort after their series.
alter table standards add column no_order text;
update standards set no_order = lpad(coalesce(substring(substr(no_base, length(no_prefix) + 1) from '[0-9]+'), ''), 12, '0');
drop index standards_no_order_idx;
create index standards_number_order_idx on standards (no_prefix, no_order, no_base, no_key);

-- Titles starting with a keyword outrank every other title match (docs/decisions/0021-search-ranking.md);
-- suggestions read them first through this index. text_pattern_ops: LIKE 'prefix%' whatever the collation.
create index standards_name_prefix_idx on standards (name_zh text_pattern_ops);
