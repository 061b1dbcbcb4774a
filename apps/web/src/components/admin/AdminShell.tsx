import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useSession, type UserInfo } from '../../lib/session.ts';
import { SITE_TITLE } from './constants.ts';
import './admin.css';

const NAV: { to: string; label: string; end?: boolean; adminOnly?: boolean }[] = [
  { to: '/admin', label: '概览', end: true },
  { to: '/admin/certifications', label: '企业认证审核' },
  { to: '/admin/applications', label: '申请审核' },
  { to: '/admin/missing-reports', label: '缺失标准反馈' },
  { to: '/admin/standards', label: '标准库' },
  { to: '/admin/import', label: '数据导入' },
  { to: '/admin/health', label: '网站检查' },
  { to: '/admin/alert-deliveries', label: '提醒投递' },
  // Accounts and site settings are the admin's (the server refuses operators too).
  { to: '/admin/content', label: '内容管理' },
  { to: '/admin/consultation', label: '征求意见' },
  { to: '/admin/interaction', label: '咨询留言' },
  { to: '/admin/users', label: '用户管理', adminOnly: true },
  { to: '/admin/settings', label: '站点设置', adminOnly: true },
  // The server answers the audit log to admins only.
  { to: '/admin/audit-log', label: '审计日志', adminOnly: true },
];

export const isStaff = (role: string | undefined) => role === 'operator' || role === 'admin';

/**
 * The operator console's own frame (no public header or footer). The route guard already required a
 * token; the role comes from getUserInfo. The server checks the role on every /api/admin call anyway.
 */
export function AdminShell({ title, adminOnly, children }: { title: string; adminOnly?: boolean; children: ReactNode }) {
  const user = useSession((s) => s.userInfo);
  const token = useSession((s) => s.accessToken);
  const navigate = useNavigate();
  // With a token, wait for getUserInfo (the layout asks once per token) before judging the role.
  if (token && !user)
    return (
      <main id="main" tabIndex={-1} className="admin-denied" aria-busy="true">
        加载中…
      </main>
    );
  if (!token) return <ConsoleLogin />;
  const allowed = adminOnly ? user?.role === 'admin' : isStaff(user?.role);
  if (!allowed) {
    return (
      <main id="main" tabIndex={-1} className="admin-denied">
        <h1>无权访问</h1>
        <p>{adminOnly && isStaff(user?.role) ? '该页面仅向管理员开放。' : '运营后台仅向运营人员和管理员开放。'}</p>
        <div className="admin-actions">
          <Button onClick={() => navigate('/home')}>返回首页</Button>
        </div>
      </main>
    );
  }
  return (
    <ConsoleFrame title={title} user={user!}>
      {children}
    </ConsoleFrame>
  );
}

/**
 * The frame itself. On a phone the eleven section links fold into a 菜单 button that names the current section
 * (issue 30); from 768 px they stand in one bar, the current one marked.
 */
function ConsoleFrame({ title, user: staffUser, children }: { title: string; user: NonNullable<UserInfo>; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const items = NAV.filter((n) => !n.adminOnly || staffUser.role === 'admin');
  const current = items.find((n) => (n.end ? pathname === n.to : pathname === n.to || pathname.startsWith(`${n.to}/`)));
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <span className="admin-brand">{SITE_TITLE} · 运营后台</span>
        <button
          type="button"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">☰</span> 菜单{current ? `：${current.label}` : ''}
        </button>
        <nav id="admin-nav" className={`admin-nav${menuOpen ? ' is-open' : ''}`} aria-label="运营后台">
          {items.map((n) => (
            <NavLink
              key={n.to}
              to={n.to}
              end={n.end}
              onClick={() => setMenuOpen(false)}
              className={({ isActive }) => `admin-nav-item${isActive ? ' is-active' : ''}`}
            >
              {n.label}
            </NavLink>
          ))}
        </nav>
        <span className="admin-user">
          {staffUser.username}（{staffUser.role === 'admin' ? '管理员' : '运营人员'}）<Link to="/home">返回前台</Link>
        </span>
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        <h1 className="admin-title">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/**
 * A logged-out visitor of a console address is an office member whose session ended: the login opens at once
 * and brings them back to the page they asked for (issue 30), instead of a refusal. The dialog offers no
 * registration on console pages (LoginDialog): staff accounts are made by an administrator.
 */
function ConsoleLogin() {
  const openDialog = useSession((s) => s.openDialog);
  const setRedirect = useSession((s) => s.setRedirectAfterLogin);
  const { pathname, search } = useLocation();
  const open = () => {
    setRedirect(pathname + search);
    openDialog('login', 'password');
  };
  // Once per page: closing the dialog leaves the page with its own 登录 button.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(open, []);
  return (
    <main id="main" tabIndex={-1} className="admin-denied">
      <h1>运营后台登录</h1>
      <p>请使用运营人员或管理员账号登录，登录后回到本页。</p>
      <div className="admin-actions">
        <Button type="primary" onClick={open}>
          登录
        </Button>
        <Link to="/home">返回前台</Link>
      </div>
    </main>
  );
}
