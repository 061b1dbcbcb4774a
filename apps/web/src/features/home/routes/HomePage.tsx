import '../home.css';
import { HeroSearch } from '../components/HeroSearch.tsx';
import { SectionCards } from '../components/SectionCards.tsx';
import { StatsPanel } from '../components/StatsPanel.tsx';
import { HomeFeed } from '../components/HomeFeed.tsx';
import { Programmes } from '../components/Programmes.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** Landing page (also served at /patent-index, docs/product.md §2). */
export default function HomePage() {
  return (
    <div className="home-page">
      <HeroSearch />
      <div className="page-container home-body">
        <StatsPanel />
        <div className="home-columns">
          <HomeFeed title="政策资讯" slug="news" size={5} morePath="/news" detailPath="/news-detail" testId="home-news" />
          <Programmes />
        </div>
        <div className="home-columns home-columns-3">
          <HomeFeed
            title="标准化服务"
            slug="service"
            size={4}
            morePath="/service-platform"
            detailPath="/service-detail"
            sub={(i) => (typeof i.attrs.provider === 'string' ? i.attrs.provider : i.categoryName)}
          />
          <HomeFeed
            title="活动"
            slug="activity"
            size={4}
            morePath="/activity"
            detailPath="/activity-detail"
            sub={(i) => `${i.categoryName ?? ''} ${formatDateTime(i.attrs.startAt)}`}
          />
          <HomeFeed title="培训资料" slug="training" size={4} morePath="/training-material" detailPath="/training-detail" />
        </div>
      </div>
      <SectionCards />
    </div>
  );
}
