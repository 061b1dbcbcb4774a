import { z } from 'zod';
import { Messages, Patterns } from './validation.ts';
import { PortalMessages } from './portal.ts';
import { creditCodeSchema } from './portal-forms.ts';
import { idNumber, InputMessages, isStorableText } from './api/input.ts';

// ---- Messages (站内消息) ----

export const MESSAGE_KINDS = ['review', 'certification', 'standard_status', 'activity', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  review: '申请审核',
  certification: '企业认证',
  standard_status: '标准状态变更',
  activity: '活动提醒',
  system: '系统通知',
};

// ---- Enterprise certification (docs/product.md §6) ----

export const CERTIFICATION_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type CertificationState = (typeof CERTIFICATION_STATES)[number];
export const CERTIFICATION_STATE_LABELS: Record<CertificationState, string> = {
  none: '未认证',
  pending: '审核中',
  approved: '已认证',
  rejected: '未通过',
};

export const CertificationMessages = {
  companyName: PortalMessages.enterpriseName,
  creditCode: PortalMessages.creditCode,
  legalRep: '请输入法定代表人姓名（2-30个字符）',
  contactName: PortalMessages.contactName,
  licence: '请上传营业执照（PNG、JPG 图片或 PDF 文件）',
  licenceType: '营业执照须为 PNG、JPG 图片或 PDF 文件',
  form: '请填写企业认证信息',
} as const;

const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message).refine(isStorableText, InputMessages.badChars);

/** The /enterprise-auth form, in the order its fields are shown (the first failing rule is reported). */
export const certificationSchema = z.object(
  {
    companyName: text(2, 100, CertificationMessages.companyName),
    creditCode: creditCodeSchema,
    legalRep: text(2, 30, CertificationMessages.legalRep),
    contactName: text(2, 30, CertificationMessages.contactName),
    contactMobile: z.string({ error: Messages.mobile }).trim().regex(Patterns.mobile, Messages.mobile),
    licenceFileId: idNumber(CertificationMessages.licence),
  },
  { error: CertificationMessages.form },
);
export type CertificationForm = z.infer<typeof certificationSchema>;

// ---- Operator review ----

export const REVIEW_REASON_MAX = 500;
export const ReviewMessages = {
  decision: '请选择审核结论',
  reasonRequired: '驳回时请填写驳回原因',
  reasonTooLong: `原因不能超过${REVIEW_REASON_MAX}个字符`,
} as const;
