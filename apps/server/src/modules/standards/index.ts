/**
 * The standards module's public surface for other modules: the tabular file readers and column mappings, and
 * the title index's figures for the metrics.
 */
export { applyMapping, pickMapping, type Mapping } from './import/mappings.ts';
export { formatOf, readRows } from './import/readers.ts';
export { likeLiteral } from './repository.ts';
export { importFile } from './import/importer.ts';
export { FIELDS, MAPPINGS } from './import/mappings.ts';
export type { InputFormat } from './import/readers.ts';
export { validateRecord, type StandardInput } from './import/validate.ts';
export { COLS } from './import/prepare.ts';
export { titleIndexStats } from './title-index-store.ts';
export { readCatalogueVersion } from './catalogue-cache.ts';
