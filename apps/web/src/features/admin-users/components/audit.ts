/** Chinese names of the audit actions the server writes (apps/server: writeAudit callers). */
export const AUDIT_ACTIONS: Record<string, string> = {
  'certification.approve': '企业认证通过',
  'certification.reject': '企业认证驳回',
  'application.accepted': '申请受理',
  'application.reviewing': '申请进入审核',
  'application.approved': '申请通过',
  'application.rejected': '申请驳回',
  'user.status': '账号状态变更',
  'user.role': '角色变更',
  'admin.create': '创建管理员',
  'account.delete': '注销账号',
  'standard.create': '新增标准',
  'standard.update': '编辑标准',
  'standard.status': '标准状态变更',
  'standard.relations': '标准关联变更',
  'standard.fulltext': '上传标准全文',
  'standard.fulltext_remove': '删除标准全文',
  'standard.fulltext_access': '全文阅读权限变更',
  'missing_report.accepted': '缺失标准反馈采纳',
  'missing_report.rejected': '缺失标准反馈驳回',
  'import.start': '开始导入',
  'import.done': '导入完成',
  'import.report': '下载导入报告',
  'settings.update': '站点设置变更',
  'settings.banned_words': '错敏词表变更',
  'privacy.version': '发布隐私政策版本',
  'demo.remove': '删除示例内容',
};

export const TARGETS: Record<string, string> = {
  user: '用户',
  application: '申请',
  certification: '企业认证',
  standard: '标准',
  import: '导入',
  settings: '站点设置',
  privacy: '隐私政策',
  missing_report: '缺失标准反馈',
  site: '站点',
};

const FIELDS: Record<string, string> = {
  username: '用户名',
  userId: '用户编号',
  companyName: '企业名称',
  referenceNo: '申请编号',
  kind: '类型',
  reason: '原因',
  via: '方式',
  withdrawnApplications: '撤回申请数',
  deletedFiles: '删除文件数',
  changes: '变更（原值 → 新值）',
  standardNo: '标准编号',
  effectiveDate: '生效日期',
  fileName: '文件',
  rows: '行数',
  inserted: '新增',
  updated: '更新',
  unchanged: '未变',
  rejected: '拒绝',
};

const ROLES: Record<string, string> = { user: '普通用户', operator: '运营人员', admin: '管理员' };
const STATUSES: Record<string, string> = { active: '正常', disabled: '已停用', deleted: '已注销' };

export const actionName = (action: string) => AUDIT_ACTIONS[action] ?? action;

export const targetName = (type: string, id: number | null) => `${TARGETS[type] ?? type}${id === null ? '' : ` #${id}`}`;

/** One line per detail field; role and status codes are shown by their names. */
export function detailText(action: string, detail: Record<string, unknown>): string {
  const names = action === 'user.role' ? ROLES : action === 'user.status' ? STATUSES : {};
  const show = (v: unknown) => (typeof v === 'string' ? (names[v] ?? v) : JSON.stringify(v));
  const { from, to, ...rest } = detail;
  const parts = Object.entries(rest)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${FIELDS[k] ?? k}：${show(v)}`);
  if (from !== undefined || to !== undefined) parts.unshift(`${show(from ?? '—')} → ${show(to ?? '—')}`);
  return parts.join('；');
}
