import { Link } from 'react-router';
import { Button, Space, type TableProps } from 'antd';
import type { ContentReviewRow } from '@zs/shared/api/content';
import { formatDateTime } from '../../../lib/dates.ts';
import { CONSOLE_SECTIONS } from './sections.ts';

const labelOf = (name: string) => CONSOLE_SECTIONS.find((s) => s.name === name)?.label ?? name;

/** The review queue's columns; only admins may 通过 or 退回 (the server refuses operators too). */
export function reviewColumns({
  admin,
  onApprove,
  onReturn,
}: {
  admin: boolean;
  onApprove: (row: ContentReviewRow) => void;
  onReturn: (row: ContentReviewRow) => void;
}): TableProps<ContentReviewRow>['columns'] {
  return [
    { title: '栏目', dataIndex: 'consoleSection', width: 120, render: (v: string) => labelOf(v) },
    {
      title: '标题',
      dataIndex: 'title',
      render: (_, r) => <Link to={`/admin/content/${r.consoleSection}/${r.itemId}`}>{r.title}</Link>,
    },
    {
      title: '申请内容',
      dataIndex: 'kind',
      width: 130,
      render: (v: ContentReviewRow['kind']) => (v === 'edit' ? '修改已发布内容' : '发布'),
    },
    { title: '申请人', dataIndex: 'requestedBy', width: 120 },
    { title: '申请时间', dataIndex: 'requestedAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: '定时发布',
      dataIndex: 'publishAt',
      width: 160,
      render: (v: string | null) => (v ? formatDateTime(v) : '立即'),
    },
    {
      title: '操作',
      width: 240,
      render: (_, r) => (
        <Space>
          <Link to={`/admin/content/${r.consoleSection}/${r.itemId}/preview`} target="_blank">
            预览
          </Link>
          <Button size="small" type="primary" disabled={!admin} onClick={() => onApprove(r)}>
            通过
          </Button>
          <Button size="small" danger disabled={!admin} onClick={() => onReturn(r)}>
            退回
          </Button>
        </Space>
      ),
    },
  ];
}
