import { Link } from 'react-router';
import { LoadingView, SectionListPage } from '../../../components/content/index.ts';
import { callApi } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { xiangshanConfig } from '../lib/config.ts';

/** The office marks names it has not confirmed yet with 待核实 (docs/product.md §1 names eight categories). */
const UNVERIFIED = '待核实';

/** The programme in brief (docs/product.md §1), its categories as the office keeps them, then the certified products. */
function Intro({ categories }: { categories: { code: string; name: string }[] | undefined }) {
  const unverified = categories?.some((c) => c.name.includes(UNVERIFIED));
  return (
    <section className="programme-intro" aria-label="香山之品简介">
      <p>
        “香山”是中山市的古称。“香山之品”是中山市的食品品牌标准，覆盖
        {categories ? `${categories.length} 个产品类别` : '多个产品类别'}
        。符合品牌标准的产品经申请、审核后获得证书，并在本页公示。
      </p>
      <h2 className="programme-subtitle">产品类别</h2>
      <ul className="programme-categories" data-testid="xiangshan-categories" aria-busy={!categories}>
        {categories?.map((c) => (
          <li key={c.code} className={c.name.includes(UNVERIFIED) ? 'is-unverified' : undefined}>
            {c.name}
          </li>
        ))}
      </ul>
      {unverified && <p className="programme-note">标注“待核实”的类别名称为示例，待运营单位核实</p>}
      <h2 className="programme-subtitle">认证产品</h2>
    </section>
  );
}

export default function XiangshanPage() {
  // The office's list as last saved (docs/decisions/0060), read on every page load.
  const remote = useRemote(`portal/categories/${xiangshanConfig.slug}`, () =>
    callApi('GET /api/portal/categories/:section', { params: { section: xiangshanConfig.slug } }),
  );
  const categories = remote.data;
  // The intro and the filters show the categories: the page waits for them rather than growing under
  // the reader once they arrive (layout shift, docs/decisions/0030). Without them it still lists products.
  if (remote.loading && !categories)
    return (
      <div className="page-container">
        <LoadingView rows={8} />
      </div>
    );
  return (
    <SectionListPage
      config={{ ...xiangshanConfig, categories: categories ?? [] }}
      intro={<Intro categories={categories} />}
      headerActions={
        <Link to="/standard-apply" className="button-primary">
          我要申请
        </Link>
      }
    />
  );
}
