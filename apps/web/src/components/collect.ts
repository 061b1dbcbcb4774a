import { useEffect, useState } from 'react';
import { callApi } from '../lib/http.ts';
import { useSession } from '../lib/session.ts';

/** Calls of the collections module (apps/server/src/modules/collections). */
export const setCollected = (itemType: string, itemId: number, collect: boolean) =>
  callApi('POST /api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', { body: { itemType, itemId, collect } });
export const collectedStatus = (itemType: string, ids: number[]) =>
  callApi('GET /api/user/collections/status', { query: { itemType, ids: ids.join(',') } });

/**
 * Collected flags for one list page: a single status request per page (and none for visitors).
 * Returns a map by id; ids missing from it are "unknown yet".
 */
export function useCollectedMap(itemType: string, ids: number[]): Record<string, boolean> {
  const isLogin = useSession((s) => s.isLogin);
  const key = isLogin && ids.length ? `${itemType}:${ids.join(',')}` : null;
  const [state, setState] = useState<{ key: string | null; map: Record<string, boolean> }>({ key: null, map: {} });
  useEffect(() => {
    if (!key) return;
    let live = true;
    collectedStatus(itemType, ids).then(
      (res) => {
        if (live && res.code === 0) setState({ key, map: res.data });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // ids are part of the key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, itemType]);
  return state.key === key ? state.map : {};
}
