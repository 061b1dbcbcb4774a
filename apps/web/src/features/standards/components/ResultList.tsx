import { Link } from 'react-router';
import type { StandardSummary } from '@zs/shared/api/standards-search';
import { CollectButton } from '../../../components/CollectButton.tsx';
import { useCollectedMap } from '../../../components/collect.ts';
import { standardLevelLabel, standardNatureLabel } from '@zs/shared/standards';
import { Highlight } from './Highlight.tsx';
import { StatusTag } from './StatusTag.tsx';

interface Props {
  list: StandardSummary[];
  detailPath: string;
}

/** One page of results; the collected flags of the whole page come from one status request. */
export function ResultList({ list, detailPath }: Props) {
  const collected = useCollectedMap(
    'standard',
    list.map((s) => s.id),
  );
  return (
    <ul className="std-results" data-testid="std-results">
      {list.map((s) => (
        <li key={s.id} className="std-result" data-testid="std-result">
          <div className="std-result-main">
            <Link className="std-result-title" to={`${detailPath}?id=${s.id}`}>
              <span className="std-no">{s.standardNo}</span>
              <span className="std-name">
                <Highlight html={s.highlight} />
              </span>
            </Link>
            {s.nameEn && <div className="std-name-en">{s.nameEn}</div>}
            <div className="std-meta">
              <StatusTag status={s.status} />
              <span>{standardLevelLabel(s.level)}</span>
              {s.nature && <span>{standardNatureLabel(s.nature)}</span>}
              {s.publishDate && <span>发布：{s.publishDate}</span>}
              {s.implementDate && <span>实施：{s.implementDate}</span>}
              {s.region && <span>地区：{s.region}</span>}
              {s.ccsCode && <span>CCS：{s.ccsCode}</span>}
              {s.icsCode && <span>ICS：{s.icsCode}</span>}
              {s.replacedBy && (
                <span className="std-replaced-by" data-testid="std-replaced-by">
                  已被 <Link to={`${detailPath}?id=${s.replacedBy.id}`}>{s.replacedBy.standardNo}</Link> 代替
                </span>
              )}
            </div>
          </div>
          <CollectButton size="small" itemType="standard" itemId={s.id} collected={collected[String(s.id)]} />
        </li>
      ))}
    </ul>
  );
}
