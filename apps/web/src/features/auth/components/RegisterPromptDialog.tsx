import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { continueAfterRegister } from '../lib/completeLogin.ts';

/**
 * Shown after registration (docs/product.md §2). A private citizen is not pushed to 企业认证 (issue 30): 开始使用 is
 * the main way on, back to the page asked for; 企业认证 is offered to enterprise users as the second choice.
 */
export function RegisterPromptDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const closeDialog = useSession((s) => s.closeDialog);
  const certify = () => {
    closeDialog();
    useSession.getState().setRedirectAfterLogin(null);
    navigate('/enterprise-auth');
  };
  return (
    <Modal
      title="注册成功"
      open={open}
      width={420}
      onCancel={continueAfterRegister}
      footer={[
        <Button key="auth" onClick={certify}>
          企业用户去认证
        </Button>,
        <Button key="go" type="primary" onClick={continueAfterRegister}>
          开始使用
        </Button>,
      ]}
    >
      <p>个人用户现在即可检索标准、收藏和在线阅读公开内容，无需认证。</p>
      <p>企业用户完成企业认证后可获得更多下载和阅读权限。</p>
    </Modal>
  );
}
