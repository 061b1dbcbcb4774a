import { setUserRole, setUserStatus, type UserRow } from '../api/users.ts';
import { accepted } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';

/** Disable an active account or enable a disabled one, after confirmation; `done` reloads the list. */
export function toggleStatus(u: UserRow, done: () => void) {
  const next = u.status === 'active' ? 'disabled' : 'active';
  void confirmAction({
    title: next === 'disabled' ? `确定停用账号 ${u.username} 吗？` : `确定启用账号 ${u.username} 吗？`,
    content: next === 'disabled' ? '停用后该用户的所有登录立即失效，且无法再登录。' : undefined,
    onOk: async () => {
      const res = await accepted(setUserStatus(u.id, next));
      if (!res) return;
      toast.success(res.msg || '账号状态已更新');
      done();
    },
  });
}

// The server never removes the last active admin; its message says so.
export function changeRole(u: UserRow, next: UserRow['role'], done: () => void) {
  const label = { user: '普通用户', operator: '运营人员', admin: '管理员' }[next];
  void confirmAction({
    title: `确定将 ${u.username} 设为${label}吗？`,
    content:
      next === 'admin'
        ? '管理员可管理用户、角色与站点设置。'
        : next === 'operator'
          ? '运营人员可进入运营后台处理内容、标准库、导入与审核。'
          : '该用户将失去运营后台的访问权限。',
    onOk: async () => {
      const res = await accepted(setUserRole(u.id, next));
      // The server refuses an admin's own account and deleted accounts; its message says why.
      if (!res) return;
      toast.success(res.msg || '角色已更新');
      done();
    },
  });
}
