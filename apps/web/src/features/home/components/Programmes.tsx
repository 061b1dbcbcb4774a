import { Link } from 'react-router';
import { useHiddenPages } from '../../../lib/siteInfo.ts';

const programmes = [
  {
    path: '/standard-xiangshan',
    title: '香山之品',
    desc: '中山市食品品牌标准：认证产品公示与在线申请',
    action: { path: '/standard-apply', label: '我要申请' },
  },
  {
    path: '/result-shenzhen',
    title: '深圳标准',
    desc: '企业标准、团体标准先进性认证结果',
    action: { path: '/standard-shenzhen', label: '深圳标准查询' },
  },
  {
    path: '/standard-demonstration',
    title: '标准化示范',
    desc: '国家级、省级、市级标准化试点示范项目',
    action: { path: '/data-map', label: '数据地图' },
  },
];

/** The city's standardisation programmes; a programme whose page the office hides while empty is left out. */
export function Programmes() {
  const hidden = useHiddenPages();
  const shown = programmes.filter((p) => !hidden.has(p.path));
  if (shown.length === 0) return null;
  return (
    <section className="home-block" aria-labelledby="home-programmes-title">
      <div className="home-block-head">
        <h2 id="home-programmes-title" className="home-section-heading">
          重点工作
        </h2>
      </div>
      <ul className="programme-cards">
        {shown.map((p) => (
          <li key={p.path} className="programme-card">
            <Link to={p.path} className="programme-card-title">
              {p.title}
            </Link>
            <p>{p.desc}</p>
            <Link to={p.action.path} className="programme-card-action">
              {p.action.label} »
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
