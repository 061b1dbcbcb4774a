import { Link } from 'react-router';
import { XIANGSHAN_CATEGORIES, XIANGSHAN_CATEGORY_NOTE } from '@zs/shared';
import { SectionListPage } from '../../../components/content/index.ts';
import { xiangshanConfig } from '../lib/config.ts';

/** The programme in brief (docs/product.md §1), its 15 categories, then the certified products. */
function Intro() {
  return (
    <section className="programme-intro" aria-label="香山之品简介">
      <p>
        “香山”是中山市的古称。“香山之品”是中山市的食品品牌标准，覆盖水果、蔬菜、水产品、肉类、蛋类、大米、面粉、食用油等
        {XIANGSHAN_CATEGORIES.length} 个产品类别。符合品牌标准的产品经申请、审核后获得证书，并在本页公示。
      </p>
      <h2 className="programme-subtitle">产品类别</h2>
      <ul className="programme-categories">
        {XIANGSHAN_CATEGORIES.map((c) => (
          <li key={c.code} className={c.verified ? undefined : 'is-unverified'}>
            {c.name}
          </li>
        ))}
      </ul>
      <p className="programme-note">{XIANGSHAN_CATEGORY_NOTE}</p>
      <h2 className="programme-subtitle">认证产品</h2>
    </section>
  );
}

export default function XiangshanPage() {
  return (
    <SectionListPage
      config={xiangshanConfig}
      intro={<Intro />}
      headerActions={
        <Link to="/standard-apply" className="button-primary">
          我要申请
        </Link>
      }
    />
  );
}
