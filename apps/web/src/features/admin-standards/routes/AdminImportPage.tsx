import { Progress } from 'antd';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { ImportProgress } from '../components/ImportProgress.tsx';
import { ImportPreviewPanel } from '../components/ImportPreviewPanel.tsx';
import { ImportHistory } from '../components/ImportHistory.tsx';
import { useImport } from '../components/useImport.ts';

/** /admin/import: upload a CSV/XLSX/JSON file, check the detected mapping, start, watch, download the report. */
export default function AdminImportPage() {
  const { upload, preview, shown, past, page, setPage, choose, start, resume } = useImport();
  return (
    <AdminShell title="标准数据导入">
      <section className="admin-panel">
        <p>
          支持 CSV（UTF-8、UTF-16 或 GBK/GB18030 编码，Excel 另存的 CSV 均可）、XLSX（首行为表头）、JSON（对象数组），最大
          200MB；字段映射与命令行导入相同。
        </p>
        <p>
          数据按批写入，每批与导入进度一同提交：导入如因服务重启等原因中断，已写入的数据行保留在目录中并如实计数，可点击“继续导入”从中断处接着导入。
        </p>
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

      {preview && <ImportPreviewPanel preview={preview} onStart={() => void start()} />}

      {shown && <ImportProgress job={shown} onResume={() => void resume(shown.id)} />}

      <ImportHistory past={past} page={page} onPage={setPage} onResume={(id) => void resume(id)} />
    </AdminShell>
  );
}
