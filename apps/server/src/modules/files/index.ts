// owns tables: files, download_log, download_quota
/** Uploads: content sniffing, storage under DATA_DIR/files, permission-checked reads, daily download quotas (/api/user/files…). */
export { attachFile, fileById, MAX_FILE_BYTES, sendFile, storedPath, storeFile, type FileMeta, type FileRow } from './service.ts';
export { consumeDownload } from './quota.ts';
export { readOneFile } from './upload.ts';
export { default as filesRoutes } from './routes.ts';
export {
  deleteDownloadHistoryOf,
  deleteUnreferencedUploads,
  downloadsExportOf,
  filesExportOf,
  type FileExport,
} from './repository.ts';
export { fileDigest, fileIdsWithPurpose, fileJoin, fileMetasByIds } from './repository.ts';
