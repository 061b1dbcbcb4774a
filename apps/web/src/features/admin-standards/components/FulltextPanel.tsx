import { useState } from 'react';
import { Progress, Select } from 'antd';
import { FULLTEXT_ACCESS, FULLTEXT_ACCESS_LABELS } from '@zs/shared/api/admin-standards';
import { setFulltextAccess, uploadFulltext, type StandardDetail } from '../api/standards.ts';
import { toast } from '../../../lib/feedback.ts';

/** Attach or replace the PDF (with upload progress) and choose who reads it in full. */
export function FulltextPanel({ detail, onChanged }: { detail: StandardDetail; onChanged: () => void }) {
  const [access, setAccess] = useState<string>(detail.fulltext?.access ?? 'restricted');
  const [pct, setPct] = useState<number | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setPct(0);
    const res = await uploadFulltext(detail.id, file, access, setPct).catch(() => null);
    setPct(null);
    if (!res || res.code !== 0) return toast.error(res?.msg || '上传失败');
    toast.success('全文已上传');
    onChanged();
  };
  const changeAccess = async (next: string) => {
    setAccess(next);
    if (!detail.fulltext) return;
    const res = await setFulltextAccess(detail.id, next).catch(() => null);
    if (!res || res.code !== 0) return toast.error(res?.msg || '保存失败');
    toast.success('阅读权限已更新');
    onChanged();
  };
  return (
    <section className="admin-panel" aria-label="标准全文">
      <h2>标准全文</h2>
      <p>
        {detail.fulltext ? `已上传：${detail.fulltext.pages} 页，${Math.ceil(detail.fulltext.size / 1024)} KB` : '尚未上传全文'}
      </p>
      <div className="admin-filters">
        <Select
          aria-label="阅读权限"
          value={access}
          onChange={(v) => void changeAccess(v)}
          style={{ width: 320 }}
          options={FULLTEXT_ACCESS.map((a) => ({ value: a, label: FULLTEXT_ACCESS_LABELS[a] }))}
        />
        <label className="admin-file">
          {detail.fulltext ? '替换 PDF' : '上传 PDF'}
          <input
            type="file"
            accept="application/pdf,.pdf"
            aria-label="选择全文 PDF"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
      </div>
      {pct !== null && <Progress percent={pct} aria-label="全文上传进度" />}
    </section>
  );
}
