import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ImportPreview } from '@zs/shared/api/admin-import';
import { ImportPreviewPanel } from './ImportPreviewPanel.tsx';

// The catalogue's field keys (apps/server/src/modules/standards/import/mappings.ts FIELDS) and mapping names:
// none of them is a word for the office that reads the panel.
const KEYS = [
  'standardNo',
  'nameZh',
  'nameEn',
  'publishDate',
  'implementDate',
  'abolishDate',
  'ccsCode',
  'icsCode',
  'draftingUnits',
  'adoptedNo',
  'adoptionDegree',
  'officialUrl',
  'sourceRef',
  'generic',
  'arch-standards-csv',
  'shanghai-json',
];

const job = {
  id: 7,
  status: 'uploaded' as const,
  fileName: 'x.csv',
  format: 'csv',
  sizeBytes: 20,
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
  origin: 'console' as const,
  actorName: 'op',
  createdAt: '2024-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};

const refused: ImportPreview = {
  job,
  mapping: 'generic',
  mappingDescription: '通用表头：常见中文列名（标准编号、标准名称、实施日期等），或标准信息服务平台列表导出的英文列名',
  encoding: 'UTF-8',
  columns: [],
  headers: ['foo', 'bar', 'baz'],
  sample: [{ foo: '1', bar: '2', baz: '3' }],
  missing: ['标准编号', '标准名称'],
  canStart: false,
  reason: '无法开始导入：文件中没有“标准编号”列（可用的列名：标准号、标准编号、编号、code 等）；文件中没有“标准名称”列',
};

const startButton = () => screen.getByRole('button', { name: '开始导入' });

describe('ImportPreviewPanel', () => {
  it('disables the start while the preview says it cannot start, and shows the reason beside it', () => {
    const onStart = vi.fn();
    render(<ImportPreviewPanel preview={refused} onStart={onStart} />);
    expect((startButton() as HTMLButtonElement).disabled).toBe(true);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(refused.reason);
    expect(startButton().getAttribute('aria-describedby')).toBe(alert.id);
    fireEvent.click(startButton());
    expect(onStart).not.toHaveBeenCalled();
  });

  it('starts when it can, and names fields and the mapping in Chinese only', () => {
    const onStart = vi.fn();
    const { container } = render(
      <ImportPreviewPanel
        preview={{
          ...refused,
          columns: [
            { field: 'standardNo', label: '标准编号', column: '标准号' },
            { field: 'nameZh', label: '标准名称', column: '标准名称' },
            { field: 'implementDate', label: '实施日期', column: '实施日期' },
          ],
          headers: ['标准号', '标准名称', '实施日期'],
          sample: [{ 标准号: 'GB/T 1-2020', 标准名称: '示例', 实施日期: '2020-01-01' }],
          missing: [],
          canStart: true,
          reason: null,
        }}
        onStart={onStart}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).toContain('标准编号 ← 「标准号」');
    fireEvent.click(startButton());
    expect(onStart).toHaveBeenCalledOnce();
    for (const key of KEYS) expect(container.textContent).not.toContain(key);
    expect(container.textContent).not.toMatch(/[a-z][A-Z]/);
  });

  it('shows no field key or camelCase word on a refused preview either', () => {
    const { container } = render(<ImportPreviewPanel preview={refused} onStart={() => undefined} />);
    for (const key of KEYS) expect(container.textContent).not.toContain(key);
    expect(container.textContent).not.toMatch(/[a-z][A-Z]/);
  });
});
