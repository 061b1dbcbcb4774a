import { useRef } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, uploadUserFile } from '../../../lib/uploadFile.ts';

export const MAX_FILES = 10;
export const ACCEPT = '.png,.jpg,.jpeg,.pdf,.docx,.xlsx';

export interface UploadItem {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  id?: number;
  error?: string;
}

interface Props {
  id: string;
  files: UploadItem[];
  /** Receives an updater: uploads finish in any order. */
  onChange: (update: (files: UploadItem[]) => UploadItem[]) => void;
  describedBy?: string;
}

let seq = 0;

/**
 * Uploads each chosen file to POST /api/user/files at once, with a progress bar; the form submits the
 * ids of the finished ones. The server sniffs the real type and refuses what it does not accept.
 */
export function AttachmentUpload({ id, files, onChange, describedBy }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const patch = (uid: string, changes: Partial<UploadItem>) =>
    onChange((list) => list.map((f) => (f.uid === uid ? { ...f, ...changes } : f)));

  const upload = (file: File) => {
    seq += 1;
    const uid = `u${seq}`;
    if (file.size > MAX_UPLOAD_BYTES) {
      onChange((list) => [...list, { uid, name: file.name, status: 'error', percent: 0, error: UPLOAD_TOO_LARGE }]);
      return;
    }
    onChange((list) => [...list, { uid, name: file.name, status: 'uploading', percent: 0 }]);
    uploadUserFile(file, 'attachment', (percent) => patch(uid, { percent })).then(
      (res) =>
        res.code === 0
          ? patch(uid, { status: 'done', percent: 100, id: res.data.id })
          : patch(uid, { status: 'error', error: res.msg || '上传失败' }),
      () => patch(uid, { status: 'error', error: '上传失败，请重试' }),
    );
  };

  const full = files.length >= MAX_FILES;
  return (
    <div className="attachment-upload">
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-describedby={describedBy}
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []).slice(0, MAX_FILES - files.length);
          chosen.forEach(upload);
          e.target.value = '';
        }}
      />
      <button type="button" className="btn" disabled={full} onClick={() => input.current?.click()}>
        上传附件
      </button>
      <span className="upload-status">
        {' '}
        已上传 {files.filter((f) => f.status === 'done').length}/{MAX_FILES}
      </span>
      {files.length > 0 && (
        <ul className="upload-list" aria-label="附件列表">
          {files.map((f) => (
            <li key={f.uid} data-testid="upload-item" data-status={f.status}>
              <span className="upload-name">{f.name}</span>
              {f.status === 'uploading' && (
                <progress max={100} value={f.percent} aria-label={`${f.name} 上传进度`}>
                  {f.percent}%
                </progress>
              )}
              <span className={`upload-status${f.status === 'error' ? ' is-error' : ''}`}>
                {f.status === 'uploading' ? `${f.percent}%` : f.status === 'done' ? '上传成功' : f.error}
              </span>
              <button
                type="button"
                className="link-button"
                aria-label={`删除 ${f.name}`}
                onClick={() => onChange((list) => list.filter((x) => x.uid !== f.uid))}
              >
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const uploadedIds = (files: UploadItem[]) =>
  files.filter((f) => f.status === 'done' && typeof f.id === 'number').map((f) => f.id!);
