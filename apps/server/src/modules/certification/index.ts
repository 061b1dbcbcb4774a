// owns tables: enterprise_certifications
/** Enterprise certification requests and the enterprise identity they give a user (/api/user/certification). */
export {
  approvalNote,
  CERT_SELECT,
  currentCertification,
  reviewCertification,
  toCertView,
  watermarkIdentity,
  type CertRow,
} from './service.ts';
export { default as certificationRoutes } from './routes.ts';
export { certifiedEnterprisesPage, countCertifiedEnterprises, countPendingCertifications } from './repository.ts';
export { certificationById, certificationQueuePage } from './service.ts';
export {
  anonymiseCertificationsOf,
  approvedCompaniesOf,
  approvedCompanyJoin,
  certificationsExportOf,
  certificationsOfUser,
  countSameCreditCodeElsewhere,
  earlierSubmissionsOf,
  latestCertificationStatusesOf,
  licenceFileInUse,
  type CertificationExport,
} from './repository.ts';
