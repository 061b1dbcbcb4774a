import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { accepted } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';
import { logoutAll } from '../api/usercentre.ts';
import { downloadFile } from '../../../lib/download.ts';
import { todayInChina } from '../../../lib/dates.ts';

// The dialog (antd Modal) loads when first opened, not with the page.
const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog.tsx'));

/** 退出所有设备, 下载我的数据, 注销账号. */
export function DataAndAccount() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [exporting, setExporting] = useState(false);

  const leave = (text: string) => {
    useSession.getState().clearSession();
    navigate('/home');
    toast.success(text);
  };

  const onLogoutAll = () =>
    void confirmAction({
      title: '确定退出所有设备吗？',
      content: '包括当前设备在内的所有登录都将失效，需要重新登录。',
      onOk: async () => {
        const res = await accepted(logoutAll());
        if (!res) return;
        leave(res.msg || '已退出所有设备');
      },
    });

  const onExport = async () => {
    setExporting(true);
    const r = await downloadFile('/user/export', `我的数据-${todayInChina()}.json`, { keepName: true });
    setExporting(false);
    if (!r.ok) toast.error(r.message);
  };

  return (
    <div className="uc-actions" style={{ flexWrap: 'wrap' }}>
      <Button onClick={onLogoutAll}>退出所有设备</Button>
      <Button onClick={() => void onExport()} loading={exporting}>
        下载我的数据
      </Button>
      <Button
        danger
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        注销账号
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={open} onClose={() => setOpen(false)} onDeleted={leave} />
        </Suspense>
      )}
    </div>
  );
}
