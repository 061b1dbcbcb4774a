import { useState } from 'react';
import { Button, Form, Input, Modal, Select } from 'antd';
import { STANDARD_STATUS_LABELS, STANDARD_STATUSES, standardStatusLabel } from '@zs/shared/standards';
import { StatusChangeBody } from '@zs/shared/api/admin-standards';
import { changeStatus, type StandardDetail } from '../api/standards.ts';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime, todayInChina } from '../../../lib/dates.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';

const label = (s: string | null) => standardStatusLabel(s) || '—';

/** Status with its history, and the change dialog (new status, effective date, reason). */
export function StatusPanel({ detail, onChanged }: { detail: StandardDetail; onChanged: (d: StandardDetail) => void }) {
  const [open, setOpen] = useState(false);
  const { busy, submit: send } = useSubmit();
  const [form] = Form.useForm();
  const submit = async () => {
    const parsed = StatusChangeBody.safeParse(form.getFieldsValue());
    if (!parsed.success) return toast.error(parsed.error.issues[0]!.message);
    const res = await send(() => changeStatus(detail.id, parsed.data), {
      success: (d) => `状态已变更，已通知 ${d.notified} 位收藏用户`,
      failure: '状态变更失败',
    });
    if (!res) return;
    setOpen(false);
    form.resetFields();
    onChanged(res.data);
  };
  return (
    <section className="admin-panel" aria-label="标准状态">
      <h2>
        当前状态：<span data-testid="standard-status">{label(detail.status)}</span>
        <Button style={{ marginLeft: 16 }} onClick={() => setOpen(true)}>
          变更状态
        </Button>
      </h2>
      <ol className="admin-history">
        {detail.history.map((h, i) => (
          <li key={i}>
            {formatDateTime(h.changedAt)}：{label(h.oldStatus)} → {label(h.newStatus)}
            {h.effectiveDate && `，生效日期 ${h.effectiveDate}`}
            {h.reason && `，原因：${h.reason}`}
          </li>
        ))}
      </ol>
      <Modal
        title="变更标准状态"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        okText="确认变更"
        confirmLoading={busy}
      >
        <Form form={form} layout="vertical" initialValues={{ effectiveDate: todayInChina() }}>
          <Form.Item name="status" label="新状态">
            <Select
              aria-label="新状态"
              options={STANDARD_STATUSES.filter((s) => s !== detail.status).map((s) => ({
                value: s,
                label: STANDARD_STATUS_LABELS[s],
              }))}
            />
          </Form.Item>
          <Form.Item name="effectiveDate" label="生效日期（YYYY-MM-DD）">
            <Input />
          </Form.Item>
          <Form.Item name="reason" label="变更原因">
            <Input.TextArea maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
