/** The certification module's public surface for other modules (the operator desk reviews requests). */
export { approvalNote, CERT_SELECT, currentCertification, reviewCertification, toCertView, type CertRow } from './service.ts';
