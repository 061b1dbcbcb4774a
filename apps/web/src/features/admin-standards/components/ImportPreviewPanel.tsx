import { Button } from 'antd';
import type { ImportPreview } from '@zs/shared/api/admin-import';

/** The detected column mapping and the first rows of an uploaded file, before the import starts. */
export function ImportPreviewPanel({ preview, onStart }: { preview: ImportPreview; onStart: () => void }) {
  return (
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
      <Button type="primary" onClick={onStart}>
        开始导入
      </Button>
    </section>
  );
}
