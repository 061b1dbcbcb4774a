import { useState } from 'react';
import { Button } from 'antd';
import { ConsultationMessages as M } from '@zs/shared/consultation';
import { toast } from '../../../lib/feedback.ts';
import { consoleApi } from '../api/consultation.ts';

export interface DocRef {
  fileId: number;
  name: string;
  url: string;
}

/** A draft document: uploaded through the console's file check, PDF or DOCX only. */
export function DocUpload({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: DocRef | null;
  onChange: (v: DocRef | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(pdf|docx)$/i.test(file.name)) return toast.error(M.fileType);
    setBusy(true);
    try {
      const res = await consoleApi.upload(file);
      if (res.code === 0) onChange({ fileId: res.data.id, name: res.data.name, url: res.data.url });
      else toast.error(res.msg || '上传失败');
    } catch {
      toast.error('上传失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ant-form-item">
      <label htmlFor={id}>{label}（PDF 或 DOCX）</label>
      {value ? (
        <p>
          <a href={value.url} target="_blank" rel="noopener">
            {value.name}
          </a>{' '}
          <Button size="small" onClick={() => onChange(null)}>
            更换
          </Button>
        </p>
      ) : (
        <p>
          <input id={id} type="file" accept=".pdf,.docx" disabled={busy} onChange={(e) => void upload(e.target.files?.[0])} />
        </p>
      )}
    </div>
  );
}
