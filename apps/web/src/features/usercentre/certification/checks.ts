import { certificationSchema } from '@zs/shared/usercentre';
import type { Check } from '../../../lib/portalValidators.ts';

type TextField = 'companyName' | 'creditCode' | 'legalRep' | 'contactName' | 'contactMobile';

/** The shared schema's own rule for one field: the server refuses the same input with the same words. */
const ruleOf =
  (field: TextField): Check =>
  (value) => {
    const res = certificationSchema.shape[field].safeParse(value);
    return res.success ? null : (res.error.issues[0]?.message ?? '输入不正确');
  };

export const certificationChecks: Record<TextField, Check> = {
  companyName: ruleOf('companyName'),
  creditCode: ruleOf('creditCode'),
  legalRep: ruleOf('legalRep'),
  contactName: ruleOf('contactName'),
  contactMobile: ruleOf('contactMobile'),
};
export type CertificationField = TextField;
