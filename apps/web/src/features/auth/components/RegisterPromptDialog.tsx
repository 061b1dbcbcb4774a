import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';

/** Shown after registration (docs/product.md §2): 取消 → /, 去认证 → /enterprise-auth. */
export function RegisterPromptDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const closeDialog = useSession((s) => s.closeDialog);
  const go = (path: string) => {
    closeDialog();
    navigate(path);
  };
  return (
    <Modal
      title="注册成功"
      open={open}
      width={420}
      onCancel={() => go('/')}
      footer={[
        <Button key="cancel" onClick={() => go('/')}>
          取消
        </Button>,
        <Button key="auth" type="primary" onClick={() => go('/enterprise-auth')}>
          去认证
        </Button>,
      ]}
    >
      <p>完成企业认证后可获得更多下载和阅读权限</p>
    </Modal>
  );
}
