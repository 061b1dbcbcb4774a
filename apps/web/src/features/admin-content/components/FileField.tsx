import { useRef, useState } from 'react';
import { Button, Progress, Space } from 'antd';
import type { ContentFile } from '@zs/shared/api/content';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';

/** The native picker stays out of sight; a button opens it (inline: no stylesheet order can show it). */
const HIDDEN = { display: 'none' } as const;

/** Uploads one file through the console with a progress bar; `accept` limits the picker. */
export function UploadButton({
  label,
  accept,
  onUploaded,
}: {
  label: string;
  accept: string;
  onUploaded: (file: ContentFile) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPercent(0);
    try {
      const res = await contentApi.upload(file, setPercent);
      if (res.code !== 0) toast.error(res.msg);
      else onUploaded(res.data);
    } catch {
      toast.error('上传失败，请重试');
    } finally {
      setPercent(null);
    }
  };
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <input
        ref={input}
        type="file"
        style={HIDDEN}
        accept={accept}
        aria-label={`${label}文件`}
        onChange={(e) => void pick(e.target.files?.[0]).then(() => (e.target.value = ''))}
      />
      <Button onClick={() => input.current?.click()} loading={percent !== null}>
        {label}
      </Button>
      {percent !== null && <Progress percent={percent} size="small" aria-label={`${label}进度`} />}
    </Space>
  );
}

type FileEntry = { fileId?: number; name: string; url?: string };

/** Attachments / documents: a list of uploaded files with their names. */
export function FileListField({
  value,
  onChange,
  label,
}: {
  value?: FileEntry[];
  onChange?: (v: FileEntry[]) => void;
  label: string;
}) {
  const list = value ?? [];
  return (
    <div className="content-files">
      {list.length > 0 && (
        <ul>
          {list.map((f, i) => (
            <li key={`${f.fileId ?? f.url}-${i}`}>
              <span>{f.name}</span>
              <Button size="small" type="link" danger onClick={() => onChange?.(list.filter((_, j) => j !== i))}>
                移除
              </Button>
            </li>
          ))}
        </ul>
      )}
      <UploadButton
        label={`上传${label}`}
        accept=".pdf,.docx,.xlsx,.png,.jpg,.jpeg"
        onUploaded={(f) => onChange?.([...list, { fileId: f.id, name: f.name }])}
      />
    </div>
  );
}

/** The cover: one uploaded image, shown as a thumbnail. */
export function CoverField({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  return (
    <div className="content-cover">
      {value && <img src={value} alt="封面" />}
      <Space>
        <UploadButton
          label={value ? '更换封面' : '上传封面'}
          accept="image/png,image/jpeg"
          onUploaded={(f) => (f.mime.startsWith('image/') ? onChange?.(f.url) : toast.error('封面须为 PNG 或 JPG 图片'))}
        />
        {value && (
          <Button size="small" onClick={() => onChange?.(null)}>
            移除封面
          </Button>
        )}
      </Space>
    </div>
  );
}
