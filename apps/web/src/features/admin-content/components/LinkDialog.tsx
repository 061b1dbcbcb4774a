import { useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { normaliseLink } from '@zs/shared/links';

/** The address a link points to, asked in a dialog of the console's own look (issue 30: not the browser's prompt). */
export function LinkDialog({
  initial,
  onApply,
  onRemove,
  onClose,
}: {
  initial: string;
  onApply: (href: string) => void;
  onRemove: (() => void) | null;
  onClose: () => void;
}) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState('');
  const apply = () => {
    const v = normaliseLink(href);
    if (!/^(https?:\/\/|mailto:)\S+$/i.test(v)) return setError('请填写以 http://、https:// 或 www. 开头的地址');
    onApply(v);
  };
  return (
    <Modal
      open
      title="插入链接"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        onRemove && (
          <Button key="remove" danger onClick={onRemove}>
            移除链接
          </Button>
        ),
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={apply}>
          确定
        </Button>,
      ]}
    >
      <label htmlFor="rte-link-href">链接地址</label>
      <Input
        id="rte-link-href"
        autoFocus
        value={href}
        placeholder="https:// 或 www."
        status={error ? 'error' : undefined}
        aria-describedby={error ? 'rte-link-error' : undefined}
        onChange={(e) => {
          setHref(e.target.value);
          setError('');
        }}
        onPressEnter={apply}
      />
      {error && (
        <p id="rte-link-error" role="alert" className="rte-link-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
