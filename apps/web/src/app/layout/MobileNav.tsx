import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';

const MobileNavDrawer = lazy(() => import('./MobileNavDrawer.tsx'));

/** Below 768px the navigation collapses behind a menu button (docs/decisions/0002). */
export function MobileNav({ checkIndex }: { checkIndex?: number }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <div className="site-nav-mobile">
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label="打开导航菜单"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      />
      {used && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onClose={() => setOpen(false)} checkIndex={checkIndex} />
        </Suspense>
      )}
    </div>
  );
}
