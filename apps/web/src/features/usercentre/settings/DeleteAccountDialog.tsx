import { useState } from 'react';
import { Input, Modal } from 'antd';
import { toast } from '../../../lib/feedback.ts';
import { deleteAccount } from '../api/usercentre.ts';

/**
 * What deletion keeps, as the server does it (apps/server/src/modules/account/service.ts
 * deleteAccount; docs/decisions/0006-user-centre.md). The server's answer carries only a message.
 */
const KEPT = [
  '已提交的申请记录与企业认证记录依法保留（联系人姓名、手机号等个人联系信息会被清除）；办理中的申请将自动撤回。',
  '您的消息、收藏、登录与下载记录，以及未被上述记录引用的上传文件将被删除。',
  '注销后用户名与手机号可重新注册，本账号无法恢复。',
];

/** 注销账号: the current password confirms it (sent AES-encrypted like webLogin). */
export default function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!password) return toast.warning('请输入当前密码');
    setBusy(true);
    try {
      const res = await deleteAccount(password);
      if (res.code !== 0) return toast.error(res.msg || '注销失败');
      onClose();
      onDeleted(res.msg || '账号已注销');
    } catch {
      toast.error('网络异常，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="注销账号"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认注销"
      okButtonProps={{ danger: true, loading: busy }}
      cancelText="取消"
      afterClose={() => setPassword('')}
    >
      <p>注销后账号不可恢复，请确认：</p>
      <ul style={{ paddingLeft: 18 }}>
        {KEPT.map((k) => (
          <li key={k}>{k}</li>
        ))}
      </ul>
      <label htmlFor="delete-password" style={{ display: 'block', margin: '16px 0 8px' }}>
        请输入当前密码以确认
      </label>
      <Input.Password
        id="delete-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="current-password"
      />
    </Modal>
  );
}
