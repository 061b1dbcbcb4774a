import { useState } from 'react';
import { Input, Modal } from 'antd';
import { REVIEW_REASON_MAX, ReviewMessages } from '@zs/shared/usercentre';

interface Props {
  open: boolean;
  title: string;
  /** Rejections need a reason; other decisions take an optional note. */
  required: boolean;
  okText: string;
  onCancel: () => void;
  onOk: (reason: string) => Promise<boolean>;
}

/** Asks for the reason of a decision; the shared messages match the server's. */
export function ReasonDialog({ open, title, required, okText, onCancel, onOk }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const text = reason.trim();
    if (required && !text) return setError(ReviewMessages.reasonRequired);
    if (text.length > REVIEW_REASON_MAX) return setError(ReviewMessages.reasonTooLong);
    setBusy(true);
    const done = await onOk(text);
    setBusy(false);
    if (done) {
      setReason('');
      setError(null);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ loading: busy, danger: required }}
      destroyOnHidden
    >
      <label htmlFor="review-reason" style={{ display: 'block', marginBottom: 8 }}>
        {required ? '驳回原因（必填）' : '审核意见（选填）'}
      </label>
      <Input.TextArea
        id="review-reason"
        rows={4}
        value={reason}
        maxLength={REVIEW_REASON_MAX}
        showCount
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          if (error) setError(null);
        }}
      />
      {error && (
        <p role="alert" style={{ color: 'var(--zs-danger)', margin: '8px 0 0' }}>
          {error}
        </p>
      )}
    </Modal>
  );
}
