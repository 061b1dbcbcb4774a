import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { countOverdueDrafts, countWaitingComments } from './repository.ts';

/** Comment periods past their deadline with comments not yet decided (/admin/health's overdue row). */
export async function overdueConsultations(db: Database): Promise<number> {
  return countOverdueDrafts(db, new Date(clock.now()).toISOString());
}

/** Undecided comments whose period has ended (the dashboard's to-do). */
export async function waitingConsultationComments(db: Database): Promise<number> {
  return countWaitingComments(db, new Date(clock.now()).toISOString());
}
