/** The full-text module's public surface for other modules: watermarking. */
export { demoTrainingPdf, watermark } from './pdf.ts';
export { watermarkIdentity } from './service.ts';
export { detachFulltext } from './service.ts';
