import { formatOf, readRows } from '../../../lib/tabular/readers.ts';
import { pickMapping, startRefusal } from './mappings.ts';

/**
 * Why a file cannot be imported (null when it can): the console's start rule (no column for the standard number
 * or for the title) read from the file's first record, for the command line, which has no preview.
 */
export async function startRefusalOf(file: string, opts: { format?: string; mapping?: string } = {}): Promise<string | null> {
  for await (const { row } of readRows(file, formatOf(file, opts.format))) {
    return startRefusal(pickMapping(opts.mapping, row), Object.keys(row));
  }
  return null;
}
