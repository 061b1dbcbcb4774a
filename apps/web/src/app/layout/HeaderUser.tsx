import { Button } from 'antd';
import { BellOutlined, LogoutOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { maskMobile } from '@zs/shared/constants';
import { useSession } from '../../lib/session.ts';
import { headerIconFontFor, useViewport } from '../../lib/viewport.ts';
import { logout } from '../../lib/sessionActions.ts';
import { confirmAction } from '../../lib/confirmAction.ts';

/** Visitor: 登录 / 注册. Logged in: bell, name + masked mobile, 退出 (spec §2). */
export function HeaderUser() {
  const isLogin = useSession((s) => s.isLogin);
  const user = useSession((s) => s.userInfo);
  const openDialog = useSession((s) => s.openDialog);
  const iconSize = useViewport((s) => headerIconFontFor(s.width));

  if (!isLogin) {
    return (
      <div className="header-user">
        <Button type="primary" onClick={() => openDialog('login')}>
          登录
        </Button>
        <Button onClick={() => openDialog('register')}>注册</Button>
      </div>
    );
  }

  const unread = user?.unread ?? 0;
  const confirmLogout = () => void confirmAction({ title: '确定要退出系统吗？', onOk: () => void logout() });

  return (
    <div className="header-user" data-testid="header-user">
      <Link to="/my-message" className="header-bell" aria-label={unread > 0 ? `我的消息，${unread} 条未读` : '我的消息'}>
        <BellOutlined style={{ fontSize: iconSize }} />
        {unread > 0 && <span className="header-unread-dot" data-testid="unread-dot" />}
      </Link>
      {user && (
        <Link to="/my-collection" className="header-account">
          <span className="header-username">{user.username}</span>
          <span className="header-mobile">{maskMobile(user.mobile)}</span>
        </Link>
      )}
      <Button type="text" icon={<LogoutOutlined style={{ fontSize: iconSize }} />} onClick={confirmLogout}>
        退出
      </Button>
    </div>
  );
}
