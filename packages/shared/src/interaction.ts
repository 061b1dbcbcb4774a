/**
 * Questions to the office (咨询留言, decisions/0082): the values, labels and Chinese messages the server's schemas
 * (api/interaction.ts) are built from. No zod here: the public pages use these and stay light.
 */
export const QUESTION_CATEGORIES = ['standards', 'projects', 'certification', 'platform', 'other'] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];
export const QUESTION_CATEGORY_LABELS: Record<QuestionCategory, string> = {
  standards: '标准查询',
  projects: '标准化项目',
  certification: '企业认证',
  platform: '平台使用',
  other: '其他',
};

export const QUESTION_STATES = ['pending', 'processing', 'answered', 'forwarded'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];
export const QUESTION_STATE_LABELS: Record<QuestionState, string> = {
  pending: '待处理',
  processing: '办理中',
  answered: '已答复',
  forwarded: '已转办',
};

export const QUESTION_RATINGS = ['satisfied', 'basic', 'unsatisfied'] as const;
export type QuestionRating = (typeof QUESTION_RATINGS)[number];
export const QUESTION_RATING_LABELS: Record<QuestionRating, string> = {
  satisfied: '满意',
  basic: '基本满意',
  unsatisfied: '不满意',
};

/** Reply deadline in working days when the office has not set one; questions per user per hour. */
export const DEFAULT_REPLY_WORKING_DAYS = 5;
export const QUESTIONS_PER_HOUR = 5;

export const InteractionMessages = {
  category: '请选择咨询类别',
  title: '请填写标题（2-100个字符）',
  content: '请填写咨询内容（5-2000个字符）',
  isPublic: '请选择是否公开',
  attachment: '附件不存在或不属于当前用户',
  tooMany: '提交过于频繁，请稍后再试',
  notFound: '咨询不存在',
  answer: '请填写答复内容（1-5000个字符）',
  answered: '该咨询已答复，不能再答复或转办',
  forwardUnit: '请填写转办单位（1-100个字符）',
  forwardNote: '转办说明不能超过500个字符',
  assignee: '请选择运营人员',
  notStaff: '只能分派给运营人员或管理员',
  rating: '请选择评价：满意、基本满意或不满意',
  notAnswered: '答复后才能评价',
  rated: '已评价过，不能重复评价',
  templateTitle: '请填写模板名称（1-50个字符）',
  templateBody: '请填写模板内容（1-5000个字符）',
  templateNotFound: '答复模板不存在',
  year: '年份须为2000-2100之间的整数',
  days: '日期格式应为 YYYY-MM-DD，且须在所选年份内',
  dayTwice: '同一日期不能既是节假日又是调休上班日',
  tooManyDays: '每类日期最多100个',
  replyDays: '答复期限须为1-30个工作日',
} as const;

/** Splits pasted text into YYYY-MM-DD days (any separators; 2027/1/1 and 2027.1.1 accepted), sorted, unique. */
export function parseDays(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?/g)) {
    out.add(`${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`);
  }
  return [...out].sort();
}
