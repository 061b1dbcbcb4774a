import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table, Tag, type Column } from '../../../components/admin/Table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { UserDrawer } from '../components/UserDrawer.tsx';
import { listUsers, setUserRole, setUserStatus, type UserRow } from '../api/users.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';
import { accepted } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';

const STATUS_COLOR: Record<string, string> = { active: 'green', disabled: 'red', deleted: 'default' };

/** /admin/users: accounts with state, role and certification; admins may disable, enable and re-role them. */
export default function AdminUsersPage() {
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const role = useSession((s) => s.userInfo?.role);
  const me = useSession((s) => s.userInfo?.username);
  const staff = role === 'operator' || role === 'admin';
  const remote = useRemote(staff ? `users:${keyword}:${page}` : null, () => listUsers({ keyword, page }));

  const toggle = (u: UserRow) => {
    const next = u.status === 'active' ? 'disabled' : 'active';
    void confirmAction({
      title: next === 'disabled' ? `确定停用账号 ${u.username} 吗？` : `确定启用账号 ${u.username} 吗？`,
      content: next === 'disabled' ? '停用后该用户的所有登录立即失效，且无法再登录。' : undefined,
      onOk: async () => {
        const res = await accepted(setUserStatus(u.id, next));
        if (!res) return;
        toast.success(res.msg || '账号状态已更新');
        remote.reload();
      },
    });
  };

  // The server never removes the last active admin; its message says so.
  const changeRole = (u: UserRow, next: UserRow['role']) => {
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
        remote.reload();
      },
    });
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(typed.trim());
    setPage(1);
  };

  const columns: Column<UserRow>[] = [
    { title: '用户名', render: (u) => u.username },
    { title: '手机号', render: (u) => u.mobile },
    {
      title: '角色',
      render: (u) =>
        role === 'admin' && u.status !== 'deleted' ? (
          <select
            aria-label={`${u.username} 的角色`}
            value={u.role}
            onChange={(e) => changeRole(u, e.target.value as UserRow['role'])}
          >
            <option value="user">普通用户</option>
            <option value="operator">运营人员</option>
            <option value="admin">管理员</option>
          </select>
        ) : (
          u.roleName
        ),
    },
    { title: '状态', render: (u) => <Tag color={STATUS_COLOR[u.status]}>{u.statusName}</Tag> },
    { title: '企业认证', render: (u) => (u.certified ? <Tag color="green">{u.enterpriseName}</Tag> : '未认证') },
    { title: '注册时间', render: (u) => formatDateTime(u.createdAt) },
    {
      title: '详情',
      render: (u) => (
        <Button type="link" size="small" onClick={() => setOpenId(u.id)} aria-label={`查看 ${u.username}`}>
          查看
        </Button>
      ),
    },
  ];
  // Disabling and enabling accounts is for admins only (the server refuses operators too).
  if (role === 'admin')
    columns.push({
      title: '操作',
      render: (u) =>
        u.status === 'deleted' || u.username === me ? null : (
          <Button
            type="link"
            size="small"
            danger={u.status === 'active'}
            onClick={() => toggle(u)}
            aria-label={`${u.status === 'active' ? '停用' : '启用'} ${u.username}`}
          >
            {u.status === 'active' ? '停用' : '启用'}
          </Button>
        ),
    });

  return (
    <AdminShell title="用户管理" adminOnly>
      <div className="admin-panel">
        <form className="admin-filters" role="search" onSubmit={search}>
          <input
            aria-label="搜索用户"
            placeholder="用户名、手机号或邮箱"
            maxLength={50}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button htmlType="submit" type="primary">
            搜索
          </Button>
        </form>
        <Table<UserRow>
          label="用户列表"
          rows={remote.data?.list}
          loading={remote.loading}
          error={remote.error}
          page={page}
          total={remote.data?.total ?? 0}
          onPage={setPage}
          columns={columns}
        />
      </div>
      <UserDrawer id={openId} onClose={() => setOpenId(null)} />
    </AdminShell>
  );
}
