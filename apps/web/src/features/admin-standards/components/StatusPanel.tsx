import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { STANDARD_STATUS_LABELS, STANDARD_STATUSES, standardStatusColor, standardStatusLabel } from '@zs/shared/standards';
import { StatusChangeBody } from '@zs/shared/api/admin-standards';
import { Tag } from '../../../components/tag/Tag.tsx';
import { changeStatus, searchStandards, type StandardDetail } from '../api/standards.ts';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime, todayInChina } from '../../../lib/dates.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';

const label = (s: string | null) => standardStatusLabel(s) || '—';
/** The statuses after which a reader needs to know what to use instead (issue 30). */
const ENDING = new Set(['abolished', 'replaced']);

interface Values {
  status?: string;
  effectiveDate?: Dayjs | null;
  reason?: string;
  replacedById?: number | null;
}

/** Status with its history, and the change dialog (new status, effective date picked, reason, replacing standard). */
export function StatusPanel({ detail, onChanged }: { detail: StandardDetail; onChanged: (d: StandardDetail) => void }) {
  const [open, setOpen] = useState(false);
  const { busy, submit: send } = useSubmit();
  const [form] = Form.useForm<Values>();
  const next = Form.useWatch('status', form);
  const submit = async () => {
    const v = form.getFieldsValue();
    const parsed = StatusChangeBody.safeParse({
      ...v,
      effectiveDate: v.effectiveDate ? v.effectiveDate.format('YYYY-MM-DD') : undefined,
      replacedById: next && ENDING.has(next) ? (v.replacedById ?? null) : null,
    });
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
        当前状态：
        <Tag color={standardStatusColor(detail.status)} testId="standard-status">
          {label(detail.status)}
        </Tag>
        <Button style={{ marginLeft: 16 }} onClick={() => setOpen(true)}>
          变更状态
        </Button>
      </h2>
      <ol className="admin-history">
        {detail.history.map((h, i) => (
          <li key={i}>
            {formatDateTime(h.changedAt)}（北京时间）：{label(h.oldStatus)} → {label(h.newStatus)}
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
        <Form form={form} layout="vertical" initialValues={{ effectiveDate: dayjs(todayInChina()) }}>
          <Form.Item name="status" label="新状态">
            <Select
              aria-label="新状态"
              options={STANDARD_STATUSES.filter((s) => s !== detail.status).map((s) => ({
                value: s,
                label: STANDARD_STATUS_LABELS[s],
              }))}
            />
          </Form.Item>
          <Form.Item name="effectiveDate" label={next === 'abolished' ? '生效日期（同时记为废止日期）' : '生效日期'}>
            <DatePicker aria-label="生效日期" format="YYYY-MM-DD" allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          {next && ENDING.has(next) && <ReplacementField selfId={detail.id} />}
          <Form.Item name="reason" label="变更原因">
            <Input.TextArea maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}

/** Picks the replacing record by number or title; saved as its 代替 relation with the change. */
function ReplacementField({ selfId }: { selfId: number }) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const search = async (keyword: string) => {
    if (!keyword.trim()) return;
    const res = await searchStandards({ keyword, page: 1, size: 10 }).catch(() => null);
    if (res?.code === 0)
      setOptions(
        res.data.list.filter((s) => s.id !== selfId).map((s) => ({ value: s.id, label: `${s.standardNo} ${s.nameZh}` })),
      );
  };
  return (
    <Form.Item name="replacedById" label="代替标准（可选）" extra="读者在本标准的详情页和收藏提醒中会看到它。">
      <Select
        aria-label="代替标准"
        allowClear
        showSearch={{ filterOption: false, onSearch: (v) => void search(v) }}
        placeholder="输入编号或名称检索"
        options={options}
      />
    </Form.Item>
  );
}
