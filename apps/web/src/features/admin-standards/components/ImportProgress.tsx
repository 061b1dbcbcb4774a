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

/** A job that ended with something to report: rejected rows, or a stop that left part of the file unwritten. */
export const hasReport = (j: ImportJob) =>
  (j.status === 'done' && j.rejected > 0) || ((j.status === 'failed' || j.status === 'interrupted') && j.rows > 0);

const PROGRESS_STATUS = {
  running: 'active',
  failed: 'exception',
  interrupted: 'exception',
  done: 'success',
  uploaded: 'normal',
} as const;

/**
 * Live state of one import: rows committed and rows per second while running; the counts when it ended, which
 * match the catalogue also for a failed or interrupted job (docs/decisions/0076), with 继续导入 for the latter.
 */
export function ImportProgress({ job, onResume }: { job: ImportJob; onResume: () => void }) {
  const running = job.status === 'running';
  const ended = job.status === 'done' || job.status === 'failed' || job.status === 'interrupted';
  return (
    <section className="admin-panel admin-import-progress" aria-label="导入进度" data-status={job.status}>
      <h2>
        {job.fileName}：{IMPORT_STATUS_LABELS[job.status]}
      </h2>
      <Progress
        percent={job.status === 'done' ? 100 : running ? 60 : 0}
        status={PROGRESS_STATUS[job.status]}
        showInfo={false}
        aria-label="导入进度条"
      />
      <p data-testid="import-rows">
        已处理 {job.rows} 行，{job.rowsPerSecond} 行/秒
      </p>
      {job.error && <p role="alert">{job.error}</p>}
      {ended && (
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
      )}
      {job.canResume && (
        <Button type="primary" onClick={onResume}>
          继续导入
        </Button>
      )}
      {hasReport(job) && <Button onClick={() => void downloadReport(job)}>下载导入报告（XLSX）</Button>}
    </section>
  );
}
