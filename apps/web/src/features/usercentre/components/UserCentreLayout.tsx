import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import '../../../components/content/content.css';
import '../../../components/form/form.css';
import './usercentre.css';

const MENU = [
  { to: '/my-collection', label: '我的收藏' },
  { to: '/my-watch', label: '我的关注' },
  { to: '/my-product-standards', label: '产品执行标准' },
  { to: '/my-apply', label: '我的申请', also: '/geographical-detail' },
  { to: '/my-message', label: '我的消息', also: '/message-detail' },
  { to: '/my-consultation', label: '我的意见' },
  { to: '/my-question', label: '我的咨询' },
  { to: '/my-setting', label: '账号设置' },
  { to: '/enterprise-auth', label: '企业认证' },
];

/** Side menu shared by the user pages; a detail page keeps its list's item highlighted. */
export function UserCentreLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const user = useSession((s) => s.userInfo);
  const unread = user?.unread ?? 0;
  const here = useLocation().pathname;
  return (
    <div className="page-container uc-layout">
      <nav className="uc-menu" aria-label="个人中心">
        <div className="uc-menu-user">
          <strong>{user?.username ?? '个人中心'}</strong>
          {user?.certified && <span className="uc-badge">已认证企业</span>}
        </div>
        <ul>
          {MENU.map((m) => (
            <li key={m.to}>
              <NavLink
                to={m.to}
                className={({ isActive }) => `uc-menu-item${isActive || here === m.also ? ' is-active' : ''}`}
                aria-current={here === m.also ? 'page' : undefined}
              >
                {m.label}
                {m.to === '/my-message' && unread > 0 && (
                  <span className="uc-count" aria-label={`${unread} 条未读`}>
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="uc-content" aria-labelledby="uc-title">
        <header className="uc-head">
          <h1 id="uc-title" className="page-title">
            {title}
          </h1>
          {actions && <div className="uc-actions">{actions}</div>}
        </header>
        {children}
      </section>
    </div>
  );
}
