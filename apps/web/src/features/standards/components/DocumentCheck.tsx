import { useState, type FormEvent } from 'react';
import type { DocCheckResultT } from '@zs/shared/api/document-check';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { docCheckApi } from '../api/document-check.ts';
import { DocCheckResult } from './DocCheckResult.tsx';
import { SavedDocChecks } from './SavedDocChecks.tsx';
import './document-check.css';

const MAX_MB = 20;
const ACCEPT =
  '.docx,.pdf,.xlsx,.txt,.md,application/pdf,text/plain,text/markdown,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 文档核查 (issue 26, docs/document-check.md): upload a document or paste its text; every standard it cites comes
 * back checked against the catalogue. The document is read on the server and not kept.
 */
export function DocumentCheck({ detailPath }: { detailPath: string }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<DocCheckResultT | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<{ code: number; msg: string; data: DocCheckResultT }>) => {
    setBusy(true);
    setError('');
    try {
      const res = await call();
      if (res.code === 0) setResult(res.data);
      else setError(res.msg || '核查失败');
    } catch {
      setError('核查失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('请粘贴要核查的文本，或上传文件');
    void run(() => docCheckApi.checkText(text));
  };
  const upload = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_MB * 1024 * 1024) return setError(`文件不能超过${MAX_MB}MB`);
    if (file.size === 0) return setError('文件为空（0 字节），请选择有内容的文件');
    void run(() => docCheckApi.checkFile(file));
  };

  return (
    <div className="std-doccheck" data-testid="std-doccheck">
      <p className="doc-privacy" data-testid="doc-privacy">
        文档不会被保存：文件仅在服务器内存和临时目录中读取，核查结果返回前即删除。
      </p>
      <form onSubmit={submit} noValidate>
        <label htmlFor="std-doc-input" className="std-batch-label">
          上传 DOCX、PDF、XLSX、TXT 或 MD 文件（≤{MAX_MB}MB，≤500页），或粘贴文档文字，找出其中引用的全部标准并核验是否现行
        </label>
        <textarea
          id="std-doc-input"
          className="std-input std-batch-input"
          rows={8}
          value={text}
          placeholder="如：本工程依据《混凝土结构设计规范》GB 50010-2010、JGJ/T 67-2019 …"
          onChange={(e) => setText(e.target.value)}
        />
        <div className="std-batch-actions">
          <SubmitButton busy={busy} busyText="核查中…">
            核查文本
          </SubmitButton>
          <label className="btn std-batch-upload">
            上传文档
            <input
              type="file"
              accept={ACCEPT}
              data-testid="doc-upload"
              onChange={(e) => {
                upload(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {busy && <span role="status">正在读取和核查文档，长文档或扫描件可能需要一些时间…</span>}
        </div>
        {error && (
          <p className="std-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {result && <DocCheckResult result={result} detailPath={detailPath} onError={setError} />}
      <SavedDocChecks result={result} />
    </div>
  );
}
