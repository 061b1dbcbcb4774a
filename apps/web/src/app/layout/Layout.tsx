import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { breadcrumbFor, documentTitle, effectiveCheckIndex } from '../routes.ts';
import type { RouteHandle } from '../routes.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { useUserInfoLoader } from './useUserInfoLoader.ts';

// Dialog code (forms, tabs, captcha) loads only when a dialog is first opened.
const AuthDialogs = lazy(() => import('../../features/auth/components/AuthDialogs.tsx'));

export function Layout() {
  const matches = useMatches();
  const route = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.route)
    .filter(Boolean)
    .at(-1);
  const headerVisible = useSession((s) => s.headerVisible);
  const footerVisible = useSession((s) => s.footerVisible);
  const loginVisible = useSession((s) => s.loginVisible);
  const [dialogsLoaded, setDialogsLoaded] = useState(loginVisible);
  if (loginVisible && !dialogsLoaded) setDialogsLoaded(true);

  useEffect(() => {
    const session = useSession.getState();
    document.title = documentTitle(route?.title ?? '页面不存在');
    session.setChrome({ header: route?.header ?? true, footer: route?.footer ?? true });
    session.setBreadcrumbList(route && route.breadcrumb !== false ? breadcrumbFor(route) : []);
  }, [route]);
  useUserInfoLoader();

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      {headerVisible && <Header checkIndex={effectiveCheckIndex(route)} />}
      <div className="app-main">
        <Breadcrumb fallback={route && route.breadcrumb !== false ? breadcrumbFor(route) : undefined} />
        {/* The console frame (no public header) renders its own <main id="main"> next to its navigation. */}
        {route?.header === false ? (
          <Outlet />
        ) : (
          <main id="main" tabIndex={-1} className="app-content">
            <Outlet />
          </main>
        )}
      </div>
      {footerVisible && <Footer />}
      <LoadingOverlay />
      {dialogsLoaded && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
