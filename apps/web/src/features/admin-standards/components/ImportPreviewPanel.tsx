import { Button } from 'antd';
import type { ImportPreview } from '@zs/shared/api/admin-import';

/** The detected column mapping and the first rows of an uploaded file, before the import starts. */
export function ImportPreviewPanel({ preview, onStart }: { preview: ImportPreview; onStart: () => void }) {
  return (
    <section className="admin-panel" aria-label="导入预览">
      <h2>识别的映射：{preview.mappingDescription}</h2>
      <p className="admin-import-encoding">文件编码：{preview.encoding}</p>
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
      {/* The server decides whether the file can start (preview.canStart); the page only shows it. */}
      <div className="admin-import-start">
        <Button
          type="primary"
          onClick={onStart}
          disabled={!preview.canStart}
          aria-describedby={preview.reason ? 'import-refusal' : undefined}
        >
          开始导入
        </Button>
        {preview.reason && (
          <p id="import-refusal" role="alert" className="admin-import-refusal">
            {preview.reason}
          </p>
        )}
      </div>
    </section>
  );
}
