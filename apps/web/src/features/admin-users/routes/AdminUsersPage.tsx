import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table } from '../../../components/admin/Table.tsx';
import { UserDrawer } from '../components/UserDrawer.tsx';
import { changeRole, toggleStatus } from '../components/userActions.ts';
import { userColumns } from '../components/userColumns.tsx';
import { listUsers, type UserRow } from '../api/users.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';

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

  const search = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(typed.trim());
    setPage(1);
  };

  const columns = userColumns({
    role,
    me,
    onOpen: setOpenId,
    onToggle: (u) => toggleStatus(u, remote.reload),
    onRole: (u, next) => changeRole(u, next, remote.reload),
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
