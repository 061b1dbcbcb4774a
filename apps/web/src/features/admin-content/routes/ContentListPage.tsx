import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { ContentList } from '../components/ContentList.tsx';
import { ContentNav } from '../components/ContentNav.tsx';
import { consoleSection } from '../components/sections.ts';

// Loaded on demand: every chunk a route imports statically lengthens the preload map in the entry
// that every public page downloads (apps/web/scripts/report-sizes.mjs).
const HomeBlocksView = lazy(() => import('../components/HomeBlocksView.tsx').then((m) => ({ default: m.HomeBlocksView })));
const CategoryEditor = lazy(() => import('../components/CategoryEditor.tsx').then((m) => ({ default: m.CategoryEditor })));

function ConsoleView({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AdminShell title={title}>
      <ContentNav />
      <Suspense fallback={<p className="admin-empty">加载中…</p>}>{children}</Suspense>
    </AdminShell>
  );
}

/**
 * /admin/content/<section> (and /admin/content, which opens 政策资讯). Two names are console views, not
 * sections (decision 0060): `home` (首页推荐) and `categories` (香山之品类别).
 */
export default function ContentListPage() {
  const { section } = useParams();
  if (section === 'home')
    return (
      <ConsoleView title="内容管理 · 首页推荐">
        <HomeBlocksView />
      </ConsoleView>
    );
  if (section === 'categories')
    return (
      <ConsoleView title="内容管理 · 香山之品类别">
        <CategoryEditor section="xiangshan_product" label="香山之品" />
      </ConsoleView>
    );
  const config = consoleSection(section);
  return (
    <AdminShell title={config ? `内容管理 · ${config.label}` : '内容管理'}>
      <ContentNav />
      {config ? <ContentList key={config.name} config={config} /> : <p className="admin-empty">栏目不存在</p>}
    </AdminShell>
  );
}
