import { newsFeed, standardsFeed, statusFeed } from '@zs/shared/api/feeds';

const series = (s: string) => `${standardsFeed.path}?series=${encodeURIComponent(s)}`;

/**
 * The Atom feeds each page announces in its head (docs/alerts.md), so a feed reader given the page's address finds
 * them: the catalogue's lists offer new standards and status changes, the news pages the news.
 */
export const FEED_LINKS: Record<string, ReadonlyArray<{ title: string; href: string }>> = {
  '/standard-search': [
    { title: '新发布标准', href: standardsFeed.path },
    { title: '标准状态变更', href: statusFeed.path },
  ],
  '/standard-zhongshan': [
    { title: '新发布标准：DB4420/T', href: series('DB4420/T') },
    { title: '标准状态变更：DB4420/T', href: `${statusFeed.path}?series=${encodeURIComponent('DB4420/T')}` },
  ],
  '/standard-shenzhen': [{ title: '新发布标准：DB4403/T', href: series('DB4403/T') }],
  '/home': [{ title: '政策资讯', href: newsFeed.path }],
  '/news': [{ title: '政策资讯', href: newsFeed.path }],
};
