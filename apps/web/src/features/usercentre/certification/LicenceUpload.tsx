import { useRef, useState } from 'react';
import { CertificationMessages } from '@zs/shared/usercentre';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, uploadUserFile } from '../../../lib/uploadFile.ts';
import type { FileMeta } from '@zs/shared/api/user';
import { fileSize } from '../../../lib/dates.ts';

const TYPES = ['image/png', 'image/jpeg', 'application/pdf'];
export const LICENCE_ACCEPT = '.png,.jpg,.jpeg,.pdf';

interface Props {
  id: string;
  value: FileMeta | null;
  onChange: (file: FileMeta | null) => void;
}

/**
 * Business licence upload with a progress bar. Type and size are checked here for a quick answer;
 * the server sniffs the real content type and decides.
 */
export function LicenceUpload({ id, value, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (file.type && !TYPES.includes(file.type)) return setError(CertificationMessages.licenceType);
    if (file.size > MAX_UPLOAD_BYTES) return setError(UPLOAD_TOO_LARGE);
    setPercent(0);
    try {
      const res = await uploadUserFile(file, 'certification', setPercent);
      if (res.code === 0) onChange(res.data);
      else setError(res.msg || '上传失败');
    } catch {
      setError('上传失败，请重试');
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className="uc-upload">
      <input
        ref={input}
        id={id}
        type="file"
        accept={LICENCE_ACCEPT}
        hidden
        aria-label="选择营业执照文件"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void upload(f);
        }}
      />
      <button type="button" className="btn" onClick={() => input.current?.click()} disabled={percent !== null}>
        {value ? '重新上传' : '上传营业执照'}
      </button>
      <span className="uc-hint"> 支持 PNG、JPG 图片或 PDF 文件，不超过 10MB</span>
      {percent !== null && (
        <p>
          <progress max={100} value={percent} aria-label="上传进度">
            {percent}%
          </progress>{' '}
          {percent}%
        </p>
      )}
      {value && percent === null && (
        <p className="uc-row-meta" data-testid="licence-file">
          已上传：{value.name}（{fileSize(value.size)}）
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
