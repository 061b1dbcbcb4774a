import { useParams } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { ContentList } from '../components/ContentList.tsx';
import { ContentNav } from '../components/ContentNav.tsx';
import { consoleSection } from '../components/sections.ts';

/** /admin/content/<section> (and /admin/content, which opens 政策资讯). */
export default function ContentListPage() {
  const { section } = useParams();
  const config = consoleSection(section);
  return (
    <AdminShell title={config ? `内容管理 · ${config.label}` : '内容管理'}>
      <ContentNav />
      {config ? <ContentList key={config.name} config={config} /> : <p className="admin-empty">栏目不存在</p>}
    </AdminShell>
  );
}
