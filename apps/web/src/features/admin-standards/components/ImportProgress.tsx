import { Button, Progress } from 'antd';
import type { ImportJob } from '@zs/shared/api/admin-import';
import { IMPORT_STATUS_LABELS } from '@zs/shared/api/admin-import';
import { downloadFile } from '../../../lib/download.ts';
import { toast } from '../../../lib/feedback.ts';
import { importReportUrl } from '../api/import.ts';

export async function downloadReport(job: ImportJob) {
  const r = await downloadFile(importReportUrl(job.id), `导入报告-${job.id}.xlsx`);
  if (!r.ok) toast.error(r.message);
}

/** Live state of one import: rows processed and rows per second while running, the counts when done. */
export function ImportProgress({ job }: { job: ImportJob }) {
  const running = job.status === 'running';
  return (
    <section className="admin-panel admin-import-progress" aria-label="导入进度" data-status={job.status}>
      <h2>
        {job.fileName}：{IMPORT_STATUS_LABELS[job.status]}
      </h2>
      <Progress
        percent={job.status === 'done' ? 100 : running ? 60 : 0}
        status={running ? 'active' : job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'normal'}
        showInfo={false}
        aria-label="导入进度条"
      />
      <p data-testid="import-rows">
        已处理 {job.rows} 行，{job.rowsPerSecond} 行/秒
      </p>
      {job.error && <p role="alert">{job.error}</p>}
      {job.status === 'done' && (
        <>
          <dl className="admin-import-counts" data-testid="import-counts">
            <dt>新增</dt>
            <dd>{job.inserted}</dd>
            <dt>更新</dt>
            <dd>{job.updated}</dd>
            <dt>未变化</dt>
            <dd>{job.unchanged}</dd>
            <dt>被拒绝</dt>
            <dd>{job.rejected}</dd>
            <dt>文件内重复</dt>
            <dd>{job.duplicates}</dd>
          </dl>
          {job.rejected > 0 && <Button onClick={() => void downloadReport(job)}>下载被拒绝行报告（XLSX）</Button>}
        </>
      )}
    </section>
  );
}
