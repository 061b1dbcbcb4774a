// owns tables: enterprise_certifications
/** The certification module's public surface for other modules (the operator desk reviews requests). */
export { approvalNote, CERT_SELECT, currentCertification, reviewCertification, toCertView, watermarkIdentity, type CertRow } from './service.ts';
export { default as certificationRoutes } from './routes.ts';
