import { Tag } from 'antd';
import { CONTENT_STATUS_LABELS, type ContentStatus } from '@zs/shared/api/content';
import { toneClass, type Tone } from '../../../components/tag/tone.ts';

// Palette tones (components/tag): antd's preset tag colours fall below 4.5:1 on their own background.
const TONES: Record<ContentStatus, Tone> = {
  draft: 'neutral',
  pending: 'warning',
  scheduled: 'info',
  published: 'success',
  unpublished: 'danger',
};

export function StatusTag({ status }: { status: ContentStatus }) {
  return <Tag className={toneClass(TONES[status])}>{CONTENT_STATUS_LABELS[status]}</Tag>;
}
