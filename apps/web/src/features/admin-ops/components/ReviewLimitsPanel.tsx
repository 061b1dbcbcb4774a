import { useEffect, useState } from 'react';
import { Button, Input } from 'antd';
import { ReviewLimitsForm, type ReviewLimits } from '@zs/shared/api/console-layout';
import { reviewLimits, saveReviewLimits } from '../api/ops.ts';
import { toast } from '../../../lib/feedback.ts';

const FIELDS: [keyof ReviewLimits, string][] = [
  ['reports', '缺失标准反馈'],
  ['applications', '申请'],
  ['certifications', '企业认证'],
];

/** Admin only: days after which a waiting item counts as overdue on this page (docs/decisions/0055). */
export function ReviewLimitsPanel({ onSaved }: { onSaved: () => void }) {
  const [limits, setLimits] = useState<Partial<Record<keyof ReviewLimits, number | null>>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void reviewLimits().then((r) => r.code === 0 && setLimits(r.data));
  }, []);
  const save = async () => {
    const parsed = ReviewLimitsForm.safeParse(limits);
    if (!parsed.success) return toast.error(parsed.error.issues[0]!.message);
    setBusy(true);
    const r = await saveReviewLimits(parsed.data).catch(() => null);
    setBusy(false);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    setLimits(r.data);
    toast.success('超期期限已保存');
    onSaved();
  };
  return (
    <div className="admin-limits" aria-label="超期期限设置" role="group">
      {FIELDS.map(([key, label]) => (
        <label key={key} className="admin-limits-field">
          <span>{label}</span>
          <Input
            type="number"
            aria-label={`${label}期限（天）`}
            min={1}
            max={365}
            step={1}
            value={limits[key] ?? ''}
            onChange={(e) => setLimits((l) => ({ ...l, [key]: e.target.value === '' ? null : Number(e.target.value) }))}
            suffix="天"
          />
        </label>
      ))}
      <Button loading={busy} onClick={() => void save()}>
        保存期限
      </Button>
    </div>
  );
}
