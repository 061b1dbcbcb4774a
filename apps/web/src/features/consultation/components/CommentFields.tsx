import { useState } from 'react';
import { COMMENT_LIMITS as L } from '@zs/shared/consultation';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, uploadUserFile } from '../../../lib/uploadFile.ts';
import { toast } from '../../../lib/feedback.ts';
import type { CommentDraft } from '../lib/checks.ts';

interface Props {
  /** Unique per row: the ids of the controls and their error messages. */
  idPrefix: string;
  value: CommentDraft;
  errors: Partial<Record<'clause' | 'content' | 'suggestion' | 'reason', string>>;
  onChange: (c: CommentDraft) => void;
}

/** One comment's fields: 章条编号, 意见内容, 修改建议, 理由 and an optional attachment (uploaded at once, checked by the server). */
export function CommentFields({ idPrefix, value, errors, onChange }: Props) {
  const [uploading, setUploading] = useState(false);
  const set = (k: keyof CommentDraft, v: CommentDraft[keyof CommentDraft]) => onChange({ ...value, [k]: v });
  const id = (k: string) => `${idPrefix}-${k}`;
  const described = (k: keyof typeof errors) => (errors[k] ? { 'aria-invalid': true, 'aria-describedby': `${id(k)}-error` } : {});
  const error = (k: keyof typeof errors) =>
    errors[k] && (
      <p id={`${id(k)}-error`} className="form-error" role="alert">
        {errors[k]}
      </p>
    );

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) return toast.error(UPLOAD_TOO_LARGE);
    setUploading(true);
    try {
      const res = await uploadUserFile(file, 'attachment', () => undefined);
      if (res.code === 0) set('attachment', { fileId: res.data.id, name: res.data.name });
      else toast.error(res.msg || '上传失败');
    } catch {
      toast.error('上传失败，请稍后重试');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="cons-fields">
      <div className={`form-row${errors.clause ? ' has-error' : ''}`}>
        <label htmlFor={id('clause')} className="form-label">
          章条编号
        </label>
        <input
          id={id('clause')}
          value={value.clause}
          maxLength={L.clause}
          placeholder="如 4.2 或 附录A"
          onChange={(e) => set('clause', e.target.value)}
          {...described('clause')}
        />
        {error('clause')}
      </div>
      <div className={`form-row${errors.content ? ' has-error' : ''}`}>
        <label htmlFor={id('content')} className="form-label">
          意见内容
        </label>
        <textarea
          id={id('content')}
          rows={3}
          value={value.content}
          onChange={(e) => set('content', e.target.value)}
          {...described('content')}
        />
        {error('content')}
      </div>
      <div className={`form-row form-optional${errors.suggestion ? ' has-error' : ''}`}>
        <label htmlFor={id('suggestion')} className="form-label">
          修改建议（选填）
        </label>
        <textarea
          id={id('suggestion')}
          rows={2}
          value={value.suggestion}
          onChange={(e) => set('suggestion', e.target.value)}
          {...described('suggestion')}
        />
        {error('suggestion')}
      </div>
      <div className={`form-row form-optional${errors.reason ? ' has-error' : ''}`}>
        <label htmlFor={id('reason')} className="form-label">
          理由（选填）
        </label>
        <textarea
          id={id('reason')}
          rows={2}
          value={value.reason}
          onChange={(e) => set('reason', e.target.value)}
          {...described('reason')}
        />
        {error('reason')}
      </div>
      <div className="form-row form-optional">
        <label htmlFor={id('file')} className="form-label">
          附件（选填，PDF/DOCX/XLSX/图片，≤10MB）
        </label>
        {value.attachment ? (
          <p className="cons-attachment">
            {value.attachment.name}
            <button type="button" className="btn btn-small" onClick={() => set('attachment', null)}>
              移除附件
            </button>
          </p>
        ) : (
          <input id={id('file')} type="file" disabled={uploading} onChange={(e) => void upload(e.target.files?.[0])} />
        )}
      </div>
    </div>
  );
}
