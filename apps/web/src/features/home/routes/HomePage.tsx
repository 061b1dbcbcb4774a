import '../home.css';
import { HeroSearch } from '../components/HeroSearch.tsx';
import { SectionCards } from '../components/SectionCards.tsx';
import { StatsPanel } from '../components/StatsPanel.tsx';
import { HomeFeed } from '../components/HomeFeed.tsx';
import { callApi } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { Programmes } from '../components/Programmes.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** Landing page (also served at /patent-index, docs/product.md §2). */
export default function HomePage() {
  // One request for every block; operators pin and order items in /admin/content/home.
  const blocks = useRemote('/portal/home', () => callApi('GET /api/portal/home'));
  return (
    <div className="home-page">
      <HeroSearch />
      <div className="page-container home-body">
        <StatsPanel />
        <div className="home-columns">
          <HomeFeed title="政策资讯" block="news" remote={blocks} morePath="/news" detailPath="/news-detail" testId="home-news" />
          <Programmes />
        </div>
        <div className="home-columns home-columns-3">
          <HomeFeed
            title="标准化服务"
            block="service"
            remote={blocks}
            morePath="/service-platform"
            detailPath="/service-detail"
            sub={(i) => (typeof i.attrs.provider === 'string' ? i.attrs.provider : i.categoryName)}
          />
          <HomeFeed
            title="活动"
            block="activity"
            remote={blocks}
            morePath="/activity"
            detailPath="/activity-detail"
            sub={(i) => `${i.categoryName ?? ''} ${formatDateTime(i.attrs.startAt)}`}
          />
          <HomeFeed
            title="培训资料"
            block="training"
            remote={blocks}
            morePath="/training-material"
            detailPath="/training-detail"
          />
        </div>
      </div>
      <SectionCards />
    </div>
  );
}
