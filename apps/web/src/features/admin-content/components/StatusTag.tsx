import { Tag } from 'antd';
import { CONTENT_STATUS_LABELS, type ContentStatus } from '@zs/shared/api/content';

// Palette tones (styles/tokens.css): antd's preset tag colours fall below 4.5:1 on their own background.
const TONES: Record<ContentStatus, string> = {
  draft: 'neutral',
  pending: 'warning',
  scheduled: 'info',
  published: 'success',
  unpublished: 'danger',
};

export function StatusTag({ status }: { status: ContentStatus }) {
  return <Tag className={`content-status content-status-${TONES[status]}`}>{CONTENT_STATUS_LABELS[status]}</Tag>;
}
