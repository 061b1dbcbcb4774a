import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';
import { layoutApi } from '../api/layout.ts';
import { HomeBlockEditor } from './HomeBlockEditor.tsx';

/** /admin/content/home: the home page's blocks, their pinned items and a preview (docs/decisions/0060). */
export function HomeBlocksView() {
  const staff = useSession((s) => s.userInfo?.role === 'operator' || s.userInfo?.role === 'admin');
  const remote = useRemote(staff ? 'home-blocks' : null, layoutApi.homeBlocks);
  return (
    <>
      <p className="admin-hint layout-intro">
        首页各区块先显示置顶条目（按此处顺序），其余按“置顶权重”和发布时间补足。保存后前台刷新首页即可看到。
        <a href="/home" target="_blank" rel="noreferrer">
          在新窗口打开首页
        </a>
      </p>
      {remote.error && <p role="alert">{remote.error}</p>}
      {!remote.data && !remote.error && <p className="admin-empty">加载中…</p>}
      {remote.data?.map((b) => (
        <HomeBlockEditor key={b.key} block={b} />
      ))}
    </>
  );
}
