import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { countOverdue } from './repository.ts';

export { currentYearMaintained } from './calendar.ts';

/** Open questions past their reply deadline (/admin/health's overdue row and the dashboard). */
export async function overdueQuestions(db: Database): Promise<number> {
  return countOverdue(db, new Date(clock.now()).toISOString());
}
