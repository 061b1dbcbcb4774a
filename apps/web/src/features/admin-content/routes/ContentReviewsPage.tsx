import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Input, Modal, Space, Switch, Table } from 'antd';
import type { ContentReviewRow } from '@zs/shared/api/content';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { toast } from '../../../lib/feedback.ts';
import { useSession } from '../../../lib/session.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { contentApi } from '../api/content.ts';
import { ContentNav } from '../components/ContentNav.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { CONSOLE_SECTIONS } from '../components/sections.ts';

const labelOf = (name: string) => CONSOLE_SECTIONS.find((s) => s.name === name)?.label ?? name;

/** /admin/content/reviews: publish requests waiting for an admin, and the 发布需审核 switch. */
export default function ContentReviewsPage() {
  const role = useSession((s) => s.userInfo?.role);
  const staff = role === 'operator' || role === 'admin';
  const admin = role === 'admin';
  const settings = useRemote(staff ? 'content-settings' : null, () => contentApi.settings());
  const queue = useRemote(staff ? 'content-reviews' : null, () => contentApi.reviews());
  const [returning, setReturning] = useState<ContentReviewRow | null>(null);
  const [reason, setReason] = useState('');

  const toggle = async (on: boolean) => {
    const res = await contentApi.saveSettings({ reviewRequired: on });
    if (res.code !== 0) return toast.error(res.msg);
    toast.success(on ? '已开启：运营人员发布须经管理员审核' : '已关闭：运营人员可直接发布');
    settings.reload();
  };
  const decide = async (row: ContentReviewRow, decision: 'approve' | 'return', why?: string) => {
    const res = await contentApi.decide(row.id, decision, why);
    if (res.code !== 0) return toast.error(res.msg);
    toast.success(decision === 'approve' ? '已通过并发布' : '已退回');
    setReturning(null);
    setReason('');
    queue.reload();
  };

  return (
    <AdminShell title="内容管理 · 发布审核">
      <ContentNav />
      <div className="admin-panel content-settings">
        <Space>
          <Switch
            checked={settings.data?.reviewRequired ?? false}
            disabled={!admin || !settings.data}
            onChange={(on) => void toggle(on)}
            aria-label="发布需审核"
          />
          <span>发布需审核</span>
        </Space>
        <p className="admin-hint">
          开启后，运营人员点击“发布”会提交发布申请，由管理员通过后才对外公开；管理员发布不需要审核。审核记录保存在审计日志中。
          {!admin && '（仅管理员可以修改此设置和审核申请）'}
        </p>
      </div>
      <div className="admin-panel">
        <Table<ContentReviewRow>
          rowKey="id"
          loading={queue.loading}
          dataSource={queue.data}
          pagination={false}
          locale={{ emptyText: queue.error ?? '没有待审核的发布申请' }}
          columns={[
            { title: '栏目', dataIndex: 'consoleSection', width: 120, render: (v: string) => labelOf(v) },
            {
              title: '标题',
              dataIndex: 'title',
              render: (_, r) => <Link to={`/admin/content/${r.consoleSection}/${r.itemId}`}>{r.title}</Link>,
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
                  <Button size="small" type="primary" disabled={!admin} onClick={() => void decide(r, 'approve')}>
                    通过
                  </Button>
                  <Button size="small" danger disabled={!admin} onClick={() => setReturning(r)}>
                    退回
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Modal
        open={!!returning}
        title={`退回：${returning?.title ?? ''}`}
        okText="退回"
        cancelText="取消"
        okButtonProps={{ disabled: !reason.trim() }}
        onOk={() => returning && void decide(returning, 'return', reason.trim())}
        onCancel={() => setReturning(null)}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-label="退回原因"
          placeholder="请填写退回原因，运营人员会在编辑页看到"
        />
      </Modal>
    </AdminShell>
  );
}
