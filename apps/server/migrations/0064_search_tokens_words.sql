-- Search tokens keep only what a query can ask for (docs/decisions/0046, lib/segment.ts indexTokens): a query
-- token is a run of letters and digits, so the number keys holding a separator (`gb/t50011-2010`, `gb/t50011`,
-- `gb/t`) never matched one. They were nearly all distinct, and a quarter of the GIN build of a bulk load.
-- Number keys are ASCII after normalisation, so ASCII punctuation and spaces are what mark them. Rewriting
-- the stored tokens keeps an unchanged re-import unchanged (the upsert compares them).
update standards set search_tokens = array(
  select t from unnest(search_tokens) with ordinality as u(t, n)
  where t !~ '[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e[:space:]]' order by n
)
where exists (select 1 from unnest(search_tokens) t where t ~ '[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e[:space:]]');
