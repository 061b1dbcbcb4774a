import { SectionListPage } from '../../../components/content/index.ts';
import { newsConfig } from '../lib/config.ts';

export default function NewsListPage() {
  return (
    <>
      <SectionListPage config={newsConfig} />
      {/* The news as an Atom feed (docs/alerts.md). */}
      <p className="page-container feed-links">
        <a href="/api/feeds/news.atom" type="application/atom+xml">
          订阅政策资讯（Atom）
        </a>
      </p>
    </>
  );
}
