import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ImportJob } from '@zs/shared/api/admin-import';
import { ImportProgress } from './ImportProgress.tsx';

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 9,
  status: 'done',
  fileName: '中山地方标准.csv',
  format: 'csv',
  sizeBytes: 2000,
  mapping: 'generic',
  rows: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  duplicates: 0,
  rowsPerSecond: 0,
  error: null,
  canResume: false,
  origin: 'console',
  actorName: 'op',
  createdAt: '2026-11-26T01:00:00.000Z',
  startedAt: '2026-11-26T01:00:00.000Z',
  finishedAt: '2026-11-26T01:01:00.000Z',
  ...over,
});

describe('ImportProgress', () => {
  it('an interrupted job says what is in the catalogue, counts it, and offers to continue', () => {
    const onResume = vi.fn();
    const message =
      '导入中断（处理导入的进程已停止）：文件前 6000 个数据行的结果已写入目录（新增 5990，更新 0，未变化 0，被拒绝 10，文件内重复 0），其后的数据行未写入。可从第 6001 个数据行继续导入';
    render(
      <ImportProgress
        job={job({ status: 'interrupted', rows: 6000, inserted: 5990, rejected: 10, error: message, canResume: true })}
        onResume={onResume}
      />,
    );
    expect(screen.getByRole('heading').textContent).toContain('中山地方标准.csv：已中断');
    expect(screen.getByRole('alert').textContent).toContain('可从第 6001 个数据行继续导入');
    expect(screen.getByTestId('import-counts').textContent).toContain('新增5990');
    fireEvent.click(screen.getByRole('button', { name: '继续导入' }));
    expect(onResume).toHaveBeenCalledOnce();
    // The report tells what was written, also without rejected rows to list.
    expect(screen.getByRole('button', { name: '下载导入报告（XLSX）' })).not.toBeNull();
  });

  it('a job that cannot be continued (a command-line run, or one that is done) offers no 继续导入', () => {
    const { rerender } = render(
      <ImportProgress job={job({ status: 'interrupted', rows: 10, origin: 'cli' })} onResume={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: '继续导入' })).toBeNull();
    rerender(<ImportProgress job={job({ status: 'done', rows: 10, inserted: 10 })} onResume={() => {}} />);
    expect(screen.queryByRole('button', { name: '继续导入' })).toBeNull();
    expect(screen.queryByRole('button', { name: '下载导入报告（XLSX）' })).toBeNull();
  });
});
