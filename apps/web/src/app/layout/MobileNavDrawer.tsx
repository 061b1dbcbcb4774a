import { Drawer } from 'antd';
import { HeaderNav } from './HeaderNav.tsx';
import { CareSwitch } from './CareSwitch.tsx';

export default function MobileNavDrawer({
  open,
  onClose,
  checkIndex,
}: {
  open: boolean;
  onClose: () => void;
  checkIndex?: number;
}) {
  return (
    <Drawer title="导航" placement="right" open={open} onClose={onClose}>
      <HeaderNav checkIndex={checkIndex} vertical onNavigate={onClose} />
      <div className="drawer-care">
        <CareSwitch />
      </div>
    </Drawer>
  );
}
