import { useEffect, useState } from 'react';
import { Button, Progress } from 'antd';
import type { ImportJob, ImportPreview } from '@zs/shared/api/admin-import';
import { IMPORT_MAX_BYTES, IMPORT_STATUS_LABELS } from '@zs/shared/api/admin-import';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table } from '../../../components/admin/Table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { downloadReport, ImportProgress } from '../components/ImportProgress.tsx';
import { importJob, importJobs, startImport, uploadImport } from '../api/import.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { toast } from '../../../lib/feedback.ts';

const POLL_MS = 700;

/** /admin/import: upload a CSV/XLSX/JSON file, check the detected mapping, start, watch, download the report. */
export default function AdminImportPage() {
  const [upload, setUpload] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const past = useRemote(`imports:${page}:${version}`, () => importJobs(page));

  // Reopening the page picks up an import still running on the server.
  const shown = job ?? past.data?.list.find((j) => j.status === 'running') ?? null;

  useEffect(() => {
    if (!shown || shown.status !== 'running') return;
    const t = setTimeout(() => {
      void importJob(shown.id).then((r) => {
        if (r.code !== 0) return;
        setJob(r.data);
        if (r.data.status !== 'running') setVersion((v) => v + 1);
      });
    }, POLL_MS);
    return () => clearTimeout(t);
  }, [shown]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) return toast.error('文件不能超过200MB');
    setPreview(null);
    setJob(null);
    setUpload(0);
    const res = await uploadImport(file, setUpload).catch(() => null);
    setUpload(null);
    if (!res || res.code !== 0) return toast.error(res?.msg || '上传失败，请稍后重试');
    setPreview(res.data);
  };

  const start = async () => {
    if (!preview) return;
    const res = await startImport(preview.job.id).catch(() => null);
    if (!res || res.code !== 0) return toast.error(res?.msg || '无法开始导入');
    setPreview(null);
    setJob(res.data);
  };

  return (
    <AdminShell title="标准数据导入">
      <section className="admin-panel">
        <p>支持 CSV（UTF-8）、XLSX（首行为表头）、JSON（对象数组），最大 200MB；字段映射与命令行导入相同。</p>
        <label className="admin-file">
          选择导入文件…
          <input
            type="file"
            accept=".csv,.xlsx,.json,.jsonl"
            aria-label="选择导入文件"
            disabled={upload !== null || shown?.status === 'running'}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {upload !== null && <Progress percent={upload} aria-label="上传进度" />}
      </section>

      {preview && (
        <section className="admin-panel" aria-label="导入预览">
          <h2>识别的映射：{preview.mappingDescription}</h2>
          <ul className="admin-mapping">
            {preview.columns.map((c) => (
              <li key={c.field}>
                {c.label} ← 「{c.column}」
              </li>
            ))}
          </ul>
          <div className="admin-table-wrap">
            <table className="admin-table" aria-label="前几行数据">
              <thead>
                <tr>
                  {preview.headers.map((h) => (
                    <th key={h}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.sample.map((row, i) => (
                  <tr key={i}>
                    {preview.headers.map((h) => (
                      <td key={h}>{row[h]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button type="primary" onClick={() => void start()}>
            开始导入
          </Button>
        </section>
      )}

      {shown && <ImportProgress job={shown} />}

      <section className="admin-panel">
        <h2>历次导入</h2>
        <Table<ImportJob>
          label="历次导入"
          rows={past.data?.list}
          loading={past.loading}
          error={past.error}
          page={page}
          total={past.data?.total ?? 0}
          onPage={setPage}
          columns={[
            { title: '文件', render: (j) => j.fileName },
            { title: '状态', render: (j) => IMPORT_STATUS_LABELS[j.status] },
            { title: '操作人', render: (j) => j.actorName ?? '—' },
            { title: '开始时间', render: (j) => (j.startedAt ? formatDateTime(j.startedAt) : '—') },
            { title: '行数', render: (j) => j.rows },
            { title: '新增/更新/未变/拒绝', render: (j) => `${j.inserted} / ${j.updated} / ${j.unchanged} / ${j.rejected}` },
            {
              title: '报告',
              render: (j) =>
                j.status === 'done' && j.rejected > 0 ? (
                  <Button type="link" size="small" onClick={() => void downloadReport(j)}>
                    下载
                  </Button>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </section>
    </AdminShell>
  );
}
