// owns tables: doc_check_results, standard_fulltext, standards, standard_relations, standard_status_history, catalogue_version, standard_index_changes, standard_pending_indexes, ccs_codes, ics_codes, search_log, search_misses, search_synonyms, import_jobs
/** The catalogue (records, classifications, exports, editing), search (ranking, title index, batch check, synonyms, zero-result list), the document check, import and full texts (/api/portal/standards…, /api/user/doc-checks…, /api/admin/standards…, /api/admin/import…). */
export { applyMapping, pickMapping, type Mapping } from './import/mappings.ts';
export { encodingOf, formatOf, readRows } from '../../lib/tabular/readers.ts';
export { likeLiteral } from './catalogue/repository.ts';
export { importFile } from './import/importer.ts';
export { cliJob } from './import/cli-job.ts';
export { runJob, committedText } from './import/run-job.ts';
export { FIELDS, MAPPINGS } from './import/mappings.ts';
export { startRefusalOf } from './import/refusal.ts';
export type { InputFormat } from '../../lib/tabular/readers.ts';
export { validateRecord, type StandardInput } from './import/validate.ts';
export { COLS } from './import/prepare.ts';
export { setOverlayLimits, titleIndexSaved, titleIndexStats } from './search/title-index-store.ts';
export { readCatalogueVersion } from './catalogue/catalogue-cache.ts';
export { lineCacheFor } from './catalogue/line-cache.ts';
export { default as standardsRoutes } from './catalogue/routes.ts';
export { default as standardEditingRoutes } from './catalogue/editing-routes.ts';
export { default as importRoutes } from './import/routes.ts';
export { BUILDING_CSV, DATA_DIR, SHANGHAI_JSON, seedStandards } from './catalogue/seed.ts';
export { searchStandards, suggest } from './catalogue/service.ts';
export { warmTitleIndex } from './search/search.ts';
export { headReads } from './search/listing-heads.ts';
export { batchCheck } from './search/batch-check.ts';
// The enterprise's product standards read an uploaded list as the batch check does (modules/product-standards).
export { numbersFromFile } from './catalogue/export.ts';
export { useWorkerScript, warmReaders } from './doccheck/read-thread.ts';
export { startTitleIndex } from './search/title-index-store.ts';
export { detachFulltext } from './fulltext/service.ts';
export { importFulltexts } from './fulltext/import.ts';
export { default as fulltextRoutes } from './fulltext/routes.ts';
export {
  markStatusChangesDispatched,
  standardsByNoKeys,
  undispatchedStatusChange,
  undispatchedStatusChanges,
  type StatusChangeRow,
} from './catalogue/repository.ts';
export {
  countLocalStandards,
  countStandards,
  localStandardsPage,
  localStandardsPerTown,
  standardExists,
  standardExistsSql,
  standardNamesByIds,
  standardStatusRows,
  type StandardStatusRow,
} from './catalogue/repository.ts';
export { countSearchesSince, searchesPerDay, topSearchQueries } from './search/search-log.ts';
export { countDemoFulltexts, demoFulltextIds } from './fulltext/service.ts';
// The server-sent page heads and the sitemap (modules/seo, decisions/0078).
export { standardDetail } from './catalogue/service.ts';
export { standardSitemapRows } from './catalogue/repository.ts';
// Watch lists and their alerts (modules/alerts, decisions/0085).
export {
  editionIds,
  maxStandardId,
  standardsAfterId,
  standardsImplementingOn,
  watchableStandards,
  type WatchableStandard,
} from './catalogue/repository.ts';
// The public Atom feeds (modules/feeds).
export {
  newStandardFeedRows,
  statusChangeFeedRows,
  type FeedFilter,
  type FeedStandardRow,
  type FeedStatusRow,
} from './catalogue/feed-rows.ts';
