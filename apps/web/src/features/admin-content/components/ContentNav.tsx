import { NavLink, useLocation } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { CONSOLE_SECTIONS } from './sections.ts';
import './content-admin.css';

/** The 内容管理 group: one tab per section, then the home page blocks, 香山之品 categories and the review queue. */
export function ContentNav() {
  const admin = useSession((s) => s.userInfo?.role === 'admin');
  // /admin/content opens the first section: its tab is the current one there too (issue 30).
  const bare = /^\/admin\/content\/?$/.test(useLocation().pathname);
  return (
    <nav className="content-nav" aria-label="内容栏目">
      {CONSOLE_SECTIONS.map((s, i) => (
        <NavLink
          key={s.name}
          to={`/admin/content/${s.name}`}
          aria-current={bare && i === 0 ? 'page' : undefined}
          className={({ isActive }) => (isActive || (bare && i === 0) ? 'is-active' : '')}
        >
          {s.label}
        </NavLink>
      ))}
      <NavLink to="/admin/content/home" className={({ isActive }) => `content-nav-review${isActive ? ' is-active' : ''}`}>
        首页推荐
      </NavLink>
      <NavLink to="/admin/content/categories" className={({ isActive }) => (isActive ? 'is-active' : '')}>
        香山之品类别
      </NavLink>
      <NavLink to="/admin/content/reviews" className={({ isActive }) => (isActive ? 'is-active' : '')}>
        {admin ? '发布审核与设置' : '发布审核'}
      </NavLink>
    </nav>
  );
}
