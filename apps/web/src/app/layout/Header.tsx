import { Link } from 'react-router';
import { SITE_NAME } from '../routes.ts';
import { Logo } from './Logo.tsx';
import { HeaderNav } from './HeaderNav.tsx';
import { HeaderUser } from './HeaderUser.tsx';
import { MobileNav } from './MobileNav.tsx';
import { CareSwitch } from './CareSwitch.tsx';

export function Header({ checkIndex }: { checkIndex?: number }) {
  return (
    <header className="site-header">
      <div className="site-header-top page-container">
        <Link to="/home" className="site-brand" aria-label={`${SITE_NAME}首页`}>
          <Logo />
          <span className="site-name">{SITE_NAME}</span>
        </Link>
        <div className="site-header-actions">
          <CareSwitch />
          <HeaderUser />
          <MobileNav checkIndex={checkIndex} />
        </div>
      </div>
      <div className="site-nav-bar">
        <HeaderNav checkIndex={checkIndex} className="page-container site-nav-desktop" />
      </div>
    </header>
  );
}
