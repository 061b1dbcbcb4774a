import { Fragment } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';

/**
 * Breadcrumb from the route table's parent chain (docs/product.md §2); pages may replace the list. Until the layout
 * has stored the list, `fallback` (the same chain) is shown, so the bar does not pop in and push the page.
 */
export function Breadcrumb({ fallback = [] }: { fallback?: { title: string; path?: string }[] }) {
  const stored = useSession((s) => s.breadcrumbList);
  const list = stored.length ? stored : fallback;
  if (list.length === 0) return null;
  return (
    <nav className="page-breadcrumb page-container" aria-label="当前位置">
      <span className="page-breadcrumb-label">当前位置：</span>
      <ol>
        {list.map((c, i) => (
          <Fragment key={`${c.path ?? ''}-${c.title}`}>
            <li>{c.path ? <Link to={c.path}>{c.title}</Link> : <span aria-current="page">{c.title}</span>}</li>
            {i < list.length - 1 && (
              <li aria-hidden="true" className="page-breadcrumb-sep">
                /
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
