import { Drawer } from 'antd';
import { userDetail } from '../api/users.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** One user in full: account, applications, certification submissions and activity sign-ups. */
export function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: u, error } = useRemote(id ? `user:${id}` : null, () => userDetail(id!));
  return (
    <Drawer open={id !== null} onClose={onClose} title={u ? `用户 ${u.username}` : '用户详情'} size="large">
      {error && <p role="alert">{error}</p>}
      {u && (
        <>
          <p>
            手机号 {u.mobile} · {u.email ?? '未填写邮箱'} · {u.roleName} · {u.statusName} · 注册于 {formatDateTime(u.createdAt)}
            {u.lastLoginAt && ` · 最近登录 ${formatDateTime(u.lastLoginAt)}`}
          </p>
          <h3>企业认证</h3>
          <ul>
            {u.certifications.map((c) => (
              <li key={c.id}>
                {c.companyName}（{c.status}，{formatDateTime(c.submittedAt)}）
              </li>
            ))}
            {u.certifications.length === 0 && <li>未提交</li>}
          </ul>
          <h3>申请</h3>
          <ul>
            {u.applications.map((a) => (
              <li key={a.id}>
                {a.kindName} · {a.statusName} · {formatDateTime(a.createdAt)}
              </li>
            ))}
            {u.applications.length === 0 && <li>无</li>}
          </ul>
          <h3>活动报名</h3>
          <ul>
            {u.signups.map((a) => (
              <li key={a.id}>
                {a.title} · {a.status} · {formatDateTime(a.createdAt)}
              </li>
            ))}
            {u.signups.length === 0 && <li>无</li>}
          </ul>
        </>
      )}
    </Drawer>
  );
}
