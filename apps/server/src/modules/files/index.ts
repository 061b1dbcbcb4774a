// owns tables: files, download_log, download_quota
/** The files module's public surface for other modules: storing, attaching and serving uploads, download quotas. */
export { attachFile, fileById, MAX_FILE_BYTES, sendFile, storedPath, storeFile, type FileMeta, type FileRow } from './service.ts';
export { consumeDownload } from './quota.ts';
export { readOneFile } from './upload.ts';
export { default as filesRoutes } from './routes.ts';
