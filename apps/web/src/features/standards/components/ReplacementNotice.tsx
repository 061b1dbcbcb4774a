import { Link } from 'react-router';
import type { StandardDetail } from '../api/standards.ts';

/**
 * For a record no longer in force, the first thing a reader needs: since when, and what to use instead (issue 30).
 * The direct replacements are named (the ones the office recorded); a record without one says so plainly.
 */
export function ReplacementNotice({ d, detailPath }: { d: StandardDetail; detailPath: string }) {
  if (d.status !== 'abolished' && d.status !== 'replaced') return null;
  const direct = d.replacedBy.filter((r) => r.depth === 1);
  const since =
    d.status === 'abolished' && d.abolishDate ? `已于 ${d.abolishDate} 废止` : d.status === 'abolished' ? '已废止' : '已被代替';
  return (
    <p className="std-replacement" role="note" data-testid="std-replacement">
      本标准{since}，
      {direct.length ? (
        <>
          请改用{' '}
          {direct.map((r, i) => (
            <span key={`${r.standardNo}-${i}`}>
              {i > 0 && '、'}
              {r.id ? <Link to={`${detailPath}?id=${r.id}`}>{r.standardNo}</Link> : r.standardNo}
            </span>
          ))}
          。
        </>
      ) : (
        '平台尚未收录代替它的标准，请以发布部门的公告为准。'
      )}
    </p>
  );
}
