import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { CategoryEditor } from '../components/CategoryEditor.tsx';
import { ContentNav } from '../components/ContentNav.tsx';

/** /admin/content/categories: the 香山之品 product categories the public pages list (docs/decisions/0060). */
export default function CategoriesPage() {
  return (
    <AdminShell title="内容管理 · 香山之品类别">
      <ContentNav />
      <CategoryEditor section="xiangshan_product" label="香山之品" />
    </AdminShell>
  );
}
