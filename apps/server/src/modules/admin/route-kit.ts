import { notFound } from '../../lib/envelope.ts';

/** What the review desk's route groups share: their OpenAPI tag and the id check that answers 404. */
export const tags = ['admin'];
export const need = (id: number | null, what: string): number => {
  if (id === null) throw notFound(what);
  return id;
};
