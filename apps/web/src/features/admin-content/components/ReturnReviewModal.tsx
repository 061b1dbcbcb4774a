import { Input, Modal } from 'antd';
import type { ContentReviewRow } from '@zs/shared/api/content';

interface Props {
  /** The request being returned; the dialog is open while there is one. */
  returning: ContentReviewRow | null;
  reason: string;
  onReason: (reason: string) => void;
  onReturn: (row: ContentReviewRow, reason: string) => void;
  onCancel: () => void;
}

/** 退回 asks for a reason, which the operator then sees on the editor page. */
export function ReturnReviewModal({ returning, reason, onReason, onReturn, onCancel }: Props) {
  return (
    <Modal
      open={!!returning}
      title={`退回：${returning?.title ?? ''}`}
      okText="退回"
      cancelText="取消"
      okButtonProps={{ disabled: !reason.trim() }}
      onOk={() => returning && onReturn(returning, reason.trim())}
      onCancel={onCancel}
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        showCount
        value={reason}
        onChange={(e) => onReason(e.target.value)}
        aria-label="退回原因"
        placeholder="请填写退回原因，运营人员会在编辑页看到"
      />
    </Modal>
  );
}
