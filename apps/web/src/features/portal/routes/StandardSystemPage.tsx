import { Link } from 'react-router';
import type { TreeNodeShape as TreeNode } from '@zs/shared/api/portal';
import { callApi } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { DemoTag, EmptyView, ErrorView, LoadingView } from '../../../components/content/index.ts';

/** One system node: collapsible, its sub-systems first, then its standards. */
function Node({ node }: { node: TreeNode }) {
  return (
    <li>
      <details open className="tree-node">
        <summary>
          {node.name}
          {node.demo && <DemoTag />}
          {node.standards.length > 0 && <span className="tree-count">（{node.standards.length} 项标准）</span>}
        </summary>
        {node.summary && <p className="tree-summary">{node.summary}</p>}
        {node.children.length > 0 && (
          <ul className="tree-children">
            {node.children.map((c) => (
              <Node key={c.id} node={c} />
            ))}
          </ul>
        )}
        {node.standards.length > 0 && (
          <ul className="tree-standards">
            {node.standards.map((s) => (
              <li key={s.standardNo}>
                {/* Standards in the catalogue link to their record; others show the number only. */}
                {s.id !== null ? (
                  <Link to={`/standard-detail?id=${s.id}`}>
                    {s.standardNo} {s.nameZh}
                  </Link>
                ) : (
                  <span className="tree-standard-missing" title="标准库暂未收录">
                    {s.standardNo}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}

export default function StandardSystemPage() {
  const remote = useRemote('standard-system-tree', () => callApi('GET /api/portal/standard-system/tree'));
  const roots = remote.data;
  return (
    <div className="page-container portal-page">
      <h1 className="page-title">标准体系</h1>
      <p className="portal-intro">按产业梳理的标准体系。点击标准编号查看标准库中的题录信息；标准库暂未收录的标准只显示编号。</p>
      <section className="portal-list" aria-label="标准体系树">
        {remote.error ? (
          <ErrorView message={remote.error} onRetry={remote.reload} />
        ) : !roots ? (
          <LoadingView />
        ) : roots.length === 0 ? (
          <EmptyView text="本栏目暂无内容，运营单位发布后会显示在这里。" />
        ) : (
          <ul className="standard-tree">
            {roots.map((n) => (
              <Node key={n.id} node={n} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
