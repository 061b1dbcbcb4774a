import { Link } from 'react-router';
import type { Relation } from '../api/standards.ts';

interface Props {
  title: string;
  list: Relation[];
  detailPath: string;
}

/** One direction of the replacement chain; numbers in the catalogue link to their record. */
export function RelationChain({ title, list, detailPath }: Props) {
  if (!list.length) return null;
  return (
    <div className="std-relations">
      <h2>{title}</h2>
      <ul>
        {list.map((r, i) => (
          <li key={`${r.kind}-${r.standardNo}-${i}`} style={{ paddingLeft: (r.depth - 1) * 16 }}>
            <span className="std-rel-label">{r.label}</span>
            {r.id ? <Link to={`${detailPath}?id=${r.id}`}>{r.standardNo}</Link> : <span>{r.standardNo}（未收录）</span>}
            {r.inferred && <span className="std-rel-note">（按版本推断）</span>}
            {r.note && <span className="std-rel-note">{r.note}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
