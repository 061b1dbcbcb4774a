import { useEffect, useState } from 'react';
import type { ImportJob, ImportPreview } from '@zs/shared/api/admin-import';
import { IMPORT_MAX_BYTES } from '@zs/shared/api/admin-import';
import { importJob, importJobs, resumeImport, startImport, uploadImport } from '../api/import.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { toast } from '../../../lib/feedback.ts';

const POLL_MS = 700;

/**
 * The import page's state: the upload in progress (percent), the preview to confirm, the job shown
 * (polled while it runs) and the paged list of past imports.
 */
export function useImport() {
  const [upload, setUpload] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const past = useRemote(`imports:${page}:${version}`, () => importJobs(page));

  // Reopening the page picks up an import still running on the server, or the newest one if it was interrupted
  // (the office continues it from there, docs/decisions/0076).
  const newest = past.data?.list[0];
  const shown = job ?? past.data?.list.find((j) => j.status === 'running') ?? (newest?.canResume ? newest : null);

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

  const resume = async (id: number) => {
    const res = await resumeImport(id).catch(() => null);
    if (!res || res.code !== 0) return toast.error(res?.msg || '无法继续导入');
    setJob(res.data);
    setVersion((v) => v + 1);
  };

  return { upload, preview, shown, past, page, setPage, choose, start, resume };
}
