import { CONTENT_CONSOLE_SECTIONS } from '@zs/shared';
import { forbidden, notFound } from '../../../lib/envelope.ts';
import { SECTIONS, type SectionDef } from '../sections.ts';
import type { UsernameLookup } from './repository.ts';

/** What the console's route groups share: their OpenAPI tag, the section lookup and the admin-only guard. */
export const tags = ['content-admin'];
export const sectionNames = Object.keys(CONTENT_CONSOLE_SECTIONS).join(' | ');

export interface ConsoleRouteOptions {
  /** Usernames by id (auth's usernamesOf), for who edited or asked (modules/index.ts hands it in). */
  usernamesOf: UsernameLookup;
}

export function consoleSection(name: string): SectionDef {
  // Own keys only: `__proto__` or `constructor` must be an unknown section, not Object.prototype's members.
  if (!Object.hasOwn(CONTENT_CONSOLE_SECTIONS, name)) throw notFound('栏目不存在');
  const id = (CONTENT_CONSOLE_SECTIONS as Record<string, keyof typeof SECTIONS>)[name]!;
  return SECTIONS[id];
}

/** preHandler of the routes only an admin may use inside the operators' scope. */
export const adminOnly = async (req: { user: { role: string } | null }) => {
  if (req.user?.role !== 'admin') throw forbidden('仅管理员可以执行此操作');
};
