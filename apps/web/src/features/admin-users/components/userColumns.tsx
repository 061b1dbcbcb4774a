import { Button } from 'antd';
import { Tag, type Column } from '../../../components/admin/Table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import type { UserRow } from '../api/users.ts';

const STATUS_COLOR: Record<string, string> = { active: 'green', disabled: 'red', deleted: 'default' };

/**
 * The user list's columns. Admins change roles in place and get the 操作 column (disable/enable;
 * the server refuses operators too); nobody disables their own or a deleted account.
 */
export function userColumns({
  role,
  me,
  onOpen,
  onToggle,
  onRole,
}: {
  role: string | undefined;
  me: string | undefined;
  onOpen: (id: number) => void;
  onToggle: (u: UserRow) => void;
  onRole: (u: UserRow, next: UserRow['role']) => void;
}): Column<UserRow>[] {
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
            onChange={(e) => onRole(u, e.target.value as UserRow['role'])}
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
        <Button type="link" size="small" onClick={() => onOpen(u.id)} aria-label={`查看 ${u.username}`}>
          查看
        </Button>
      ),
    },
  ];
  if (role === 'admin')
    columns.push({
      title: '操作',
      render: (u) =>
        u.status === 'deleted' || u.username === me ? null : (
          <Button
            type="link"
            size="small"
            danger={u.status === 'active'}
            onClick={() => onToggle(u)}
            aria-label={`${u.status === 'active' ? '停用' : '启用'} ${u.username}`}
          >
            {u.status === 'active' ? '停用' : '启用'}
          </Button>
        ),
    });
  return columns;
}
