import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CollectButton } from '../../../components/CollectButton.tsx';
import { WatchButton } from '../../../components/WatchButton.tsx';
import { ErrorView, LoadingView } from './views.ts';
import { useSession } from '../../../lib/session.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { standardsApi, type StandardDetail as Detail } from '../api/standards.ts';
import { standardLevelLabel, standardNatureLabel } from '@zs/shared/standards';
import { FulltextPanel } from './FulltextPanel.tsx';
import { RelationChain } from './RelationChain.tsx';
import { ReplacementNotice } from './ReplacementNotice.tsx';
import { StatusTag } from './StatusTag.tsx';
import { StatusTimeline } from './StatusTimeline.tsx';
import '../standards.css';

interface Props {
  /** Where this detail page sits: its list (breadcrumb) and the detail path for related links. */
  listTitle: string;
  listPath: string;
  detailPath: string;
}

const ADOPTION: Record<string, string> = { IDT: '等同采用', MOD: '修改采用', NEQ: '非等效采用' };

function fields(d: Detail) {
  const ics = d.icsCode ? `${d.icsCode} ${d.icsNameZh ?? d.icsNameEn ?? ''}` : '';
  const rows: [string, string | null | undefined][] = [
    ['标准号', d.standardNo],
    ['中文名称', d.nameZh],
    ['英文名称', d.nameEn],
    ['标准级别', standardLevelLabel(d.level)],
    ['标准性质', standardNatureLabel(d.nature)],
    ['发布日期', d.publishDate],
    ['实施日期', d.implementDate],
    ['废止日期', d.abolishDate],
    ['中国标准分类号（CCS）', d.ccsCode ? `${d.ccsCode} ${d.ccsName ?? ''}` : ''],
    ['国际标准分类号（ICS）', ics],
    ['主管部门', d.department],
    ['归口单位', d.committee],
    ['发布单位', d.issuer],
    ['起草单位', d.draftingUnits],
    ['起草人', d.drafters],
    [
      '采标情况',
      d.adoptedNo ? `${d.adoptedNo}${d.adoptionDegree ? `，${ADOPTION[d.adoptionDegree] ?? d.adoptionDegree}` : ''}` : '',
    ],
    ['地区', d.region],
    ['分类', d.category],
    ['适用范围', d.scope],
    ['备注', d.notes],
  ];
  return rows.filter((r): r is [string, string] => !!r[1]);
}

/** The one standard detail (search, Zhongshan and Shenzhen detail routes all render it). */
export function StandardDetail({ listTitle, listPath, detailPath }: Props) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const remote = useRemote(/^\d{1,15}$/.test(id) ? `std/${id}` : null, () => standardsApi.detail(id));
  const d = remote.data;

  useEffect(() => {
    if (!d) return;
    useSession
      .getState()
      .setBreadcrumbList([{ title: '首页', path: '/home' }, { title: listTitle, path: listPath }, { title: d.standardNo }]);
  }, [d, listTitle, listPath]);

  if (!/^\d{1,15}$/.test(id) || remote.notFound)
    return (
      <div className="state-view" role="alert" data-testid="std-not-found">
        <p>标准不存在或已被删除</p>
        <Link to={listPath}>返回{listTitle}</Link>
      </div>
    );
  if (remote.error) return <ErrorView message={remote.error} onRetry={remote.reload} />;
  if (!d) return <LoadingView rows={8} />;

  return (
    <article className="std-detail" data-testid="std-detail">
      <header className="std-detail-head">
        <div>
          <h1>
            <span className="std-no">{d.standardNo}</span> {d.nameZh}
          </h1>
          {d.nameEn && <p className="std-name-en">{d.nameEn}</p>}
          <StatusTag status={d.status} />
        </div>
        <div className="std-detail-actions">
          <CollectButton itemType="standard" itemId={d.id} />
          <WatchButton kind="standard" value={String(d.id)} text="关注" what={`标准 ${d.standardNo}`} />
        </div>
      </header>
      <ReplacementNotice d={d} detailPath={detailPath} />
      <dl className="std-fields">
        {fields(d).map(([label, value]) => (
          <div key={label} className={value.length > 40 ? 'std-field std-field-wide' : 'std-field'}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {d.officialUrl && /^https?:\/\//.test(d.officialUrl) && (
        <p className="std-official">
          官方信息：
          <a href={d.officialUrl} target="_blank" rel="noopener noreferrer">
            {d.officialUrl}
          </a>
        </p>
      )}
      <RelationChain title="本标准代替" list={d.replaces} detailPath={detailPath} />
      <RelationChain title="本标准被代替" list={d.replacedBy} detailPath={detailPath} />
      <StatusTimeline history={d.statusHistory} />
      <FulltextPanel standardId={d.id} standardNo={d.standardNo} />
      <footer className="std-credit">
        数据来源：
        {d.sourceCredit ? (
          <>
            {d.sourceCredit.source}
            {d.sourceCredit.licence ? `，${d.sourceCredit.licence}` : ''}
            {d.sourceCredit.sourceRef ? `（${d.sourceCredit.sourceRef}）` : ''}
          </>
        ) : (
          '平台运营人员录入'
        )}
      </footer>
    </article>
  );
}
