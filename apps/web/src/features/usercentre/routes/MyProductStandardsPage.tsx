import { Button } from 'antd';
import { Link } from 'react-router';
import { STANDARD_STATUS_LABELS, type StandardStatus } from '@zs/shared/standards';
import type { ProductStandardLineT } from '@zs/shared/api/product-standards';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { listProductStandards, removeProductStandard } from '../api/productStandards.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { EmptyView, ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import { AddLines } from '../product-standards/AddLines.tsx';

/** The match result of a line: 现行 / 被代替 → replacement / 废止 / 未收录. */
function Result({ l }: { l: ProductStandardLineT }) {
  if (!l.standardId || !l.status) return <span className="uc-row-meta">未收录</span>;
  const label = STANDARD_STATUS_LABELS[l.status as StandardStatus] ?? l.status;
  return (
    <span className="uc-row-meta">
      <Link to={`/standard-detail?id=${l.standardId}`}>{l.standardNo}</Link> {l.nameZh} · <strong>{label}</strong>
      {l.replacedBy && (
        <>
          {' → '}
          <Link to={`/standard-detail?id=${l.replacedBy.id}`}>{l.replacedBy.standardNo}</Link>
        </>
      )}
    </span>
  );
}

/**
 * /my-product-standards (产品执行标准, docs/alerts.md): a certified enterprise's list of the standards its products
 * follow, each line matched by the batch check and watched like a collected standard.
 */
export default function MyProductStandardsPage() {
  const remote = useRemote('my-product-standards', listProductStandards);
  const { busy, submit } = useSubmit();
  const remove = async (id: number) => {
    if (await submit(() => removeProductStandard(id), { success: '已删除' })) remote.reload();
  };
  const lines = remote.data?.lines ?? [];
  return (
    <UserCentreLayout title="产品执行标准">
      <p className="uc-hint">
        列出贵企业产品执行的标准，逐行匹配标准库；这些标准被代替、废止、出新版本或即将实施时，按“我的关注”中的提醒方式提醒您。
      </p>
      {remote.error ? (
        <>
          <ErrorView message={remote.error} onRetry={remote.reload} />
          <Link className="tap-link" to="/enterprise-auth">
            前往企业认证
          </Link>
        </>
      ) : !remote.data ? (
        <LoadingView />
      ) : (
        <>
          <AddLines onAdded={remote.reload} />
          {lines.length === 0 ? (
            <EmptyView text="还没有产品执行标准，可在上方输入、粘贴或上传" />
          ) : (
            <ul className="uc-list" data-testid="product-standards-list">
              {lines.map((l) => (
                <li key={l.id} className="uc-row">
                  <div className="uc-row-main">
                    <span className="uc-row-title">
                      {l.line}
                      {l.productName && <span className="uc-row-meta">（{l.productName}）</span>}
                    </span>
                    <Result l={l} />
                  </div>
                  <div className="uc-row-side">
                    <Button size="small" disabled={busy} onClick={() => void remove(l.id)} aria-label={`删除 ${l.line}`}>
                      删除
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </UserCentreLayout>
  );
}
