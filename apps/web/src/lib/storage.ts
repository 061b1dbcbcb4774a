import { TOKEN_STORAGE_KEY } from '@zs/shared/constants';

/** Browser storage can throw (privacy mode, disabled storage); the app keeps working without it. */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const tokenStorage = {
  get: (): string => safe(() => localStorage.getItem(TOKEN_STORAGE_KEY) ?? '', ''),
  set: (token: string) => safe(() => localStorage.setItem(TOKEN_STORAGE_KEY, token), undefined),
  remove: () => safe(() => localStorage.removeItem(TOKEN_STORAGE_KEY), undefined),
};

const REDIRECT_KEY = 'redirectAfterLogin';
const ACTION_KEY = 'actionAfterLogin';

/** An action a visitor started before logging in (收藏 of one item), done once the login succeeds. */
export interface ActionAfterLogin {
  kind: 'collect';
  itemType: string;
  itemId: number;
}

/** In sessionStorage: password login reloads the page, and the action must survive it. */
export const actionStorage = {
  get: (): ActionAfterLogin | null =>
    safe(() => JSON.parse(sessionStorage.getItem(ACTION_KEY) ?? 'null') as ActionAfterLogin | null, null),
  set: (action: ActionAfterLogin | null) =>
    safe(
      () => (action ? sessionStorage.setItem(ACTION_KEY, JSON.stringify(action)) : sessionStorage.removeItem(ACTION_KEY)),
      undefined,
    ),
};

/** Kept in sessionStorage too because password login reloads the page (docs/product.md §4). */
export const redirectStorage = {
  get: (): string | null => safe(() => sessionStorage.getItem(REDIRECT_KEY), null),
  set: (path: string | null) =>
    safe(() => (path ? sessionStorage.setItem(REDIRECT_KEY, path) : sessionStorage.removeItem(REDIRECT_KEY)), undefined),
};
