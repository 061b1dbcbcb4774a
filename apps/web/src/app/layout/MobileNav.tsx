import { Suspense, lazy, useState } from 'react';
import { MenuIcon } from './HeaderIcons.tsx';

const MobileNavDrawer = lazy(() => import('./MobileNavDrawer.tsx'));

/** Below 768px the navigation collapses behind a menu button (docs/decisions/0002). */
export function MobileNav({ checkIndex }: { checkIndex?: number }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <div className="site-nav-mobile">
      <button
        type="button"
        className="header-btn is-text"
        aria-label="打开导航菜单"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
        <span className="care-label" aria-hidden="true">
          菜单
        </span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onClose={() => setOpen(false)} checkIndex={checkIndex} />
        </Suspense>
      )}
    </div>
  );
}
