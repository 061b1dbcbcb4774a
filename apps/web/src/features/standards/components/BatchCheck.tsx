import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { BatchCheckResultT } from '@zs/shared/api/standards-search';
import { BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY } from '@zs/shared/standards';
import { saveBlob } from '../../../lib/download.ts';
import { standardsApi } from '../api/standards.ts';
import { StatusTag } from './StatusTag.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import './search-phone.css';

const RESULT = { found: '已找到', missing: '未收录', unparsed: '不是标准号' } as const;
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * 批量查询: paste or upload up to 1,000 standard numbers in any spelling; each comes back with its
 * status, implementation date and replacement, or the nearest numbers; the table downloads as XLSX.
 */
export function BatchCheck({ detailPath }: { detailPath: string }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<BatchCheckResultT | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<{ code: number; msg: string; data: BatchCheckResultT }>) => {
    setBusy(true);
    setError('');
    try {
      const res = await call();
      if (res.code === 0) setResult(res.data);
      else setError(res.msg || '核验失败');
    } catch {
      setError('核验失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const numbers = linesOf(text);
    if (!numbers.length) return setError('请输入至少一个标准号');
    if (numbers.length > BATCH_CHECK_MAX) return setError(BATCH_CHECK_TOO_MANY);
    void run(() => standardsApi.check(numbers));
  };
  const upload = (file: File | undefined) => {
    if (!file) return;
    if (file.size > 2 * 1024 * 1024) return setError('文件不能超过2MB');
    void run(() => standardsApi.checkFile(file));
  };
  const download = async () => {
    if (!result) return;
    try {
      saveBlob(await standardsApi.checkXlsx(result.lines.map((l) => l.input)), '标准批量核验.xlsx');
    } catch {
      setError('下载失败，请稍后重试');
    }
  };

  return (
    <div className="std-batch" data-testid="std-batch">
      <form onSubmit={submit} noValidate>
        <label htmlFor="std-batch-input" className="std-batch-label">
          每行一个标准号（任意写法，最多{BATCH_CHECK_MAX}个），如 GB/T 50011-2010、gbt50011、JGJ T67-2019
        </label>
        <textarea
          id="std-batch-input"
          className="std-input std-batch-input"
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="std-batch-actions">
          <SubmitButton busy={busy} busyText="核验中…">
            批量核验
          </SubmitButton>
          <label className="btn std-batch-upload">
            上传 TXT / CSV / XLSX
            <input
              type="file"
              accept=".txt,.csv,.xlsx,text/plain,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                upload(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {result && (
            <button type="button" className="btn" onClick={download} data-testid="std-batch-download">
              下载 Excel
            </button>
          )}
        </div>
        {error && (
          <p className="std-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {result && <BatchTable result={result} detailPath={detailPath} />}
    </div>
  );
}

function BatchTable({ result, detailPath }: { result: BatchCheckResultT; detailPath: string }) {
  return (
    <>
      <p className="std-total" role="status" data-testid="std-batch-summary">
        共 {result.total} 个，找到 {result.found} 个，未找到 {result.total - result.found} 个
      </p>
      <div className="std-batch-scroll">
        <table className="std-batch-table" data-testid="std-batch-table">
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">输入</th>
              <th scope="col">标准</th>
              <th scope="col">状态</th>
              <th scope="col">实施日期</th>
              <th scope="col">代替它的标准 / 最接近的编号</th>
            </tr>
          </thead>
          <tbody>
            {result.lines.map((l) => (
              <tr key={l.line} data-result={l.result}>
                <td data-label="序号">{l.line}</td>
                <td data-label="输入">{l.input}</td>
                <td data-label="标准">
                  {l.record ? (
                    <Link to={`${detailPath}?id=${l.record.id}`}>
                      <b>{l.record.standardNo}</b> {l.record.nameZh}
                    </Link>
                  ) : (
                    RESULT[l.result]
                  )}
                </td>
                <td data-label="状态">{l.record && <StatusTag status={l.record.status} />}</td>
                <td data-label="实施日期">{l.record?.implementDate ?? ''}</td>
                <td data-label="代替/最接近">
                  {l.record?.replacedBy && (
                    <Link to={`${detailPath}?id=${l.record.replacedBy.id}`}>{l.record.replacedBy.standardNo}</Link>
                  )}
                  {l.nearest.map((n, i) => (
                    <span key={n.id}>
                      {i > 0 && '、'}
                      <Link to={`${detailPath}?id=${n.id}`}>{n.standardNo}</Link>
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
