import { Link } from 'react-router';
import { useHiddenPages } from '../../../lib/siteInfo.ts';

interface Section {
  path: string;
  title: string;
  desc: string;
}

const sections: Section[] = [
  { path: '/standard-search', title: '标准检索', desc: '按标准号、名称、分类检索国家、行业、地方、团体和企业标准' },
  { path: '/standard-zhongshan', title: '中山标准', desc: '中山市地方标准（DB4420/T）查询' },
  { path: '/standard-xiangshan', title: '香山之品', desc: '中山食品品牌标准与产品申请' },
  { path: '/standard-demonstration', title: '标准化示范', desc: '标准化试点示范项目' },
  { path: '/standard-system', title: '标准体系', desc: '重点产业标准体系' },
  { path: '/standard-shenzhen', title: '深圳标准', desc: '深圳标准（DB4403/T）与认证结果' },
  { path: '/service-platform', title: '标准化服务', desc: '标准化技术机构与服务事项' },
  { path: '/standard-plus', title: '标准+', desc: '标准与产业、科技、质量的结合' },
  { path: '/talent-pool', title: '人才库', desc: '标准化专业人才' },
  { path: '/news', title: '政策资讯', desc: '标准化政策法规与工作动态' },
  { path: '/training-material', title: '培训资料', desc: '标准化培训课件与资料' },
  { path: '/activity', title: '活动', desc: '标准化活动与企业风采' },
  { path: '/result-show', title: '成果展示', desc: '标准化工作成果' },
  { path: '/data-map', title: '数据地图', desc: '中山市标准化数据分布' },
];

/** The section tiles; with 隐藏空栏目 on, a section with nothing published has no tile (decisions/0088). */
export function SectionCards() {
  const hidden = useHiddenPages();
  return (
    <section className="page-container home-sections" aria-labelledby="home-sections-title">
      <h2 id="home-sections-title" className="home-section-heading">
        栏目导航
      </h2>
      <ul className="home-section-grid">
        {sections
          .filter((s) => !hidden.has(s.path))
          .map((s) => (
            <li key={s.path}>
              <Link to={s.path} className="home-section-card">
                <span className="home-section-card-title">{s.title}</span>
                <span className="home-section-card-desc">{s.desc}</span>
              </Link>
            </li>
          ))}
      </ul>
    </section>
  );
}
