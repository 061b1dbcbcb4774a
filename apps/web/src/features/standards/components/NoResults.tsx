import { Link } from 'react-router';
import type { NearestNumberT } from '@zs/shared/api/standards-search';
import { StatusTag } from './StatusTag.tsx';

interface Props {
  keyword: string;
  nearest: NearestNumberT[];
  detailPath: string;
  text?: string;
}

/** Nothing found: say so, offer the nearest catalogue numbers and the missing-standard report. */
export function NoResults({ keyword, nearest, detailPath, text }: Props) {
  return (
    <div className="std-noresult" role="status" data-testid="std-noresult">
      <p>{text ?? (keyword ? `没有找到与“${keyword}”相关的标准。` : '没有找到符合条件的标准，请调整筛选条件。')}</p>
      {nearest.length > 0 && (
        <>
          <p>最接近的标准号：</p>
          <ul className="std-nearest" data-testid="std-nearest">
            {nearest.map((n) => (
              <li key={n.id}>
                <Link to={`${detailPath}?id=${n.id}`}>
                  <b>{n.standardNo}</b> {n.nameZh}
                </Link>{' '}
                <StatusTag status={n.status} />
              </li>
            ))}
          </ul>
        </>
      )}
      {keyword && (
        <p>
          标准库中确实没有？<Link to="/standard-zhongshan#missing-report">反馈缺失标准</Link>
          ，运营人员核实后补充。
        </p>
      )}
    </div>
  );
}
