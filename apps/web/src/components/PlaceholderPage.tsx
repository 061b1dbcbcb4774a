import { Empty } from 'antd';
import { Link } from 'react-router';
import { usePageMeta } from '../lib/routeMeta.ts';

/**
 * Shared page for sections whose content is not built yet: the route's own title and an honest
 * empty state, never made-up content.
 */
export default function PlaceholderPage() {
  const meta = usePageMeta();
  return (
    <main className="page-container page-placeholder">
      <h1 className="page-title">{meta?.title}</h1>
      <Empty description="栏目内容建设中，敬请期待">
        <Link to="/home">返回首页</Link>
      </Empty>
    </main>
  );
}
