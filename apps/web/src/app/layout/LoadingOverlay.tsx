import { Suspense, lazy, useState } from 'react';
import { useSession } from '../../lib/session.ts';

const Spin = lazy(() => import('antd/es/spin'));

/** Global loading overlay bound to session `loading {show, tip}`; Spin code loads on first use. */
export function LoadingOverlay() {
  const loading = useSession((s) => s.loading);
  const [used, setUsed] = useState(loading.show);
  if (loading.show && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Spin fullscreen spinning={loading.show} description={loading.tip || undefined} />
    </Suspense>
  );
}
