import { Fragment } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';

/** Breadcrumb from the route table's parent chain (spec §2); pages may replace the list. */
export function Breadcrumb() {
  const list = useSession((s) => s.breadcrumbList);
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
