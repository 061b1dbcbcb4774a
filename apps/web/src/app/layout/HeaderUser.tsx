import { Link } from 'react-router';
import { maskMobile } from '@zs/shared/constants';
import { useSession } from '../../lib/session.ts';
import { headerIconFontFor, useViewport } from '../../lib/viewport.ts';
import { logout } from '../../lib/sessionActions.ts';
import { confirmAction } from '../../lib/confirmAction.ts';
import { BellIcon, LogoutIcon } from './HeaderIcons.tsx';

/**
 * Visitor: 登录 / 注册. Logged in: bell, name + masked mobile, 退出 (docs/product.md §2). Plain buttons styled like
 * antd's: the header is on every first page, and antd's Button would add its code to the entry.
 */
export function HeaderUser() {
  const isLogin = useSession((s) => s.isLogin);
  const user = useSession((s) => s.userInfo);
  const openDialog = useSession((s) => s.openDialog);
  const iconSize = useViewport((s) => headerIconFontFor(s.width));

  if (!isLogin) {
    return (
      <div className="header-user">
        <button type="button" className="header-btn is-primary" onClick={() => openDialog('login')}>
          登录
        </button>
        <button type="button" className="header-btn" onClick={() => openDialog('register')}>
          注册
        </button>
      </div>
    );
  }

  const unread = user?.unread ?? 0;
  const confirmLogout = () => void confirmAction({ title: '确定要退出系统吗？', onOk: () => void logout() });

  return (
    <div className="header-user" data-testid="header-user">
      <Link to="/my-message" className="header-bell" aria-label={unread > 0 ? `我的消息，${unread} 条未读` : '我的消息'}>
        <BellIcon style={{ fontSize: iconSize }} />
        <span className="care-label" aria-hidden="true">
          消息
        </span>
        {unread > 0 && <span className="header-unread-dot" data-testid="unread-dot" />}
      </Link>
      {user && (
        <Link to="/my-collection" className="header-account">
          <span className="header-username">{user.username}</span>
          <span className="header-mobile">{maskMobile(user.mobile)}</span>
        </Link>
      )}
      <button type="button" className="header-btn is-text" onClick={confirmLogout}>
        <LogoutIcon style={{ fontSize: iconSize }} />
        退出
      </button>
    </div>
  );
}
