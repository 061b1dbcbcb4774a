import { notFound } from '../../../lib/envelope.ts';
import { idOf } from '../../../lib/query.ts';
import type { UsernameLookup } from './jobs.ts';

/** What the import's route groups share: their OpenAPI tag, the job id lookup and the options handed in. */
export const tags = ['admin'];
export const jobId = (raw: string) => {
  const id = idOf(raw);
  if (id === null) throw notFound('导入任务不存在');
  return id;
};

export interface ImportRoutesOptions {
  /** Usernames by id (auth's usernamesOf), for who started a job (modules/index.ts hands it in). */
  usernamesOf: UsernameLookup;
}
