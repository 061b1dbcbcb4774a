import { Button } from 'antd';
import type { ImportJob } from '@zs/shared/api/admin-import';
import { IMPORT_STATUS_LABELS } from '@zs/shared/api/admin-import';
import { Table } from '../../../components/admin/Table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import type { Remote } from '../../../lib/useRemote.ts';
import { downloadReport, hasReport } from './ImportProgress.tsx';

/** Past imports, newest first, with the report of each finished one and 继续导入 for an interrupted one. */
export function ImportHistory({
  past,
  page,
  onPage,
  onResume,
}: {
  past: Pick<Remote<{ list: ImportJob[]; total: number }>, 'data' | 'loading' | 'error'>;
  page: number;
  onPage: (page: number) => void;
  onResume: (id: number) => void;
}) {
  return (
    <section className="admin-panel">
      <h2>历次导入</h2>
      <Table<ImportJob>
        label="历次导入"
        rows={past.data?.list}
        loading={past.loading}
        error={past.error}
        page={page}
        total={past.data?.total ?? 0}
        onPage={onPage}
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
              hasReport(j) ? (
                <Button type="link" size="small" onClick={() => void downloadReport(j)}>
                  下载
                </Button>
              ) : (
                '—'
              ),
          },
          {
            title: '操作',
            render: (j) =>
              j.canResume ? (
                <Button size="small" onClick={() => onResume(j.id)}>
                  继续导入
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </section>
  );
}
