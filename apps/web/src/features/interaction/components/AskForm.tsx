import { useState } from 'react';
import { QUESTION_CATEGORIES, QUESTION_CATEGORY_LABELS, type QuestionCategory } from '@zs/shared/interaction';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, uploadUserFile } from '../../../lib/uploadFile.ts';
import { toast } from '../../../lib/feedback.ts';
import { interactionApi } from '../api/interaction.ts';
import '../../../components/form/form.css';

const EMPTY = { category: '' as QuestionCategory | '', title: '', content: '', isPublic: true };

/** The ask form: category, title, content, public or private, an optional attachment (checked by the server). */
export function AskForm({ onSent }: { onSent: () => void }) {
  const [v, setV] = useState(EMPTY);
  const [file, setFile] = useState<{ fileId: number; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const { busy, submit } = useSubmit();

  const upload = async (f: File | undefined) => {
    if (!f) return;
    if (f.size > MAX_UPLOAD_BYTES) return toast.error(UPLOAD_TOO_LARGE);
    setUploading(true);
    try {
      const res = await uploadUserFile(f, 'attachment', () => undefined);
      if (res.code === 0) setFile({ fileId: res.data.id, name: res.data.name });
      else toast.error(res.msg || '上传失败');
    } catch {
      toast.error('上传失败，请稍后重试');
    } finally {
      setUploading(false);
    }
  };

  const send = async () => {
    if (!v.category) return toast.error('请选择咨询类别');
    const done = await submit(
      () =>
        interactionApi.ask({
          category: v.category as QuestionCategory,
          title: v.title,
          content: v.content,
          isPublic: v.isPublic,
          attachmentId: file?.fileId ?? null,
        }),
      { success: '咨询已提交' },
    );
    if (done) {
      setV(EMPTY);
      setFile(null);
      onSent();
    }
  };

  return (
    <form
      className="plain-form ask-form"
      aria-label="我要咨询"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div className="form-row">
        <label htmlFor="ask-category" className="form-label">
          咨询类别
        </label>
        <select
          id="ask-category"
          required
          value={v.category}
          onChange={(e) => setV({ ...v, category: e.target.value as QuestionCategory })}
        >
          <option value="">请选择</option>
          {QUESTION_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {QUESTION_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-row">
        <label htmlFor="ask-title" className="form-label">
          标题
        </label>
        <input
          id="ask-title"
          required
          minLength={2}
          maxLength={100}
          value={v.title}
          onChange={(e) => setV({ ...v, title: e.target.value })}
        />
      </div>
      <div className="form-row">
        <label htmlFor="ask-content" className="form-label">
          咨询内容
        </label>
        <textarea
          id="ask-content"
          required
          minLength={5}
          maxLength={2000}
          rows={5}
          value={v.content}
          onChange={(e) => setV({ ...v, content: e.target.value })}
        />
      </div>
      <fieldset className="form-row ask-public">
        <legend className="form-label">是否公开</legend>
        <label>
          <input type="radio" name="ask-public" checked={v.isPublic} onChange={() => setV({ ...v, isPublic: true })} />{' '}
          公开（答复后在本页展示，不显示提问人）
        </label>
        <label>
          <input type="radio" name="ask-public" checked={!v.isPublic} onChange={() => setV({ ...v, isPublic: false })} />{' '}
          不公开（仅本人可见）
        </label>
      </fieldset>
      <div className="form-row form-optional">
        <label htmlFor="ask-file" className="form-label">
          附件（选填）
        </label>
        <input id="ask-file" type="file" disabled={uploading} onChange={(e) => void upload(e.target.files?.[0])} />
        {file && <p className="ask-file">已上传：{file.name}</p>}
      </div>
      <SubmitButton busy={busy || uploading}>提交咨询</SubmitButton>
    </form>
  );
}
