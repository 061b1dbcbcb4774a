import { useState } from 'react';
import { Link } from 'react-router';
import { ZHONGSHAN_TOWNS } from '@zs/shared/portal';
import { STANDARD_STATUS_LABELS, type StandardStatus } from '@zs/shared/standards';
import type { ExposureRowT } from '@zs/shared/api/product-standards';
import { productStandardExposure, setEnterpriseTown } from '../api/ops.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';

/** The office's word on an enterprise's town; 按名称识别 goes back to the town found in the company name. */
function TownPick({ row, onSaved }: { row: ExposureRowT; onSaved: () => void }) {
  const { busy, submit } = useSubmit();
  const save = async (code: string) => {
    if (await submit(() => setEnterpriseTown(row.userId, code || null), { success: '已保存所在镇街' })) onSaved();
  };
  return (
    <select
      aria-label={`${row.companyName} 所在镇街`}
      disabled={busy}
      value={row.townSource === 'assigned' ? (row.townCode ?? '') : ''}
      onChange={(e) => void save(e.target.value)}
    >
      <option value="">{row.townSource === 'derived' ? `按名称识别（${row.townName}）` : '未确定镇街'}</option>
      {ZHONGSHAN_TOWNS.map((t) => (
        <option key={t.code} value={t.code}>
          {t.name}
        </option>
      ))}
    </select>
  );
}

/**
 * 依赖被代替/废止标准的认证企业 (decisions/0089): certified enterprises whose product standards include a superseded
 * or abolished one, by town, and the list (enterprise, town, the standard, status, the replacement).
 */
export function ProductStandardExposure() {
  const [town, setTown] = useState<string | undefined>(undefined);
  const { data: d, error, reload } = useRemote(`exposure:${town ?? ''}`, () => productStandardExposure(town));
  return (
    <section className="admin-panel" aria-label="依赖被代替/废止标准的认证企业" style={{ marginTop: 16 }}>
      <h2>
        依赖被代替/废止标准的认证企业：<strong data-testid="exposure-count">{d ? d.enterprises : '…'}</strong> 家
      </h2>
      {error && <p role="alert">{error}</p>}
      {d && (
        <>
          <p className="admin-empty">维护了产品执行标准的认证企业 {d.certified} 家；点镇街查看该镇街的企业。</p>
          <ul className="admin-chips" aria-label="按镇街">
            <li>
              <button type="button" aria-pressed={!town} onClick={() => setTown(undefined)}>
                全部
              </button>
            </li>
            {d.towns.map((t) => (
              <li key={t.townCode ?? 'unknown'}>
                <button
                  type="button"
                  aria-pressed={town === (t.townCode ?? 'unknown')}
                  onClick={() => setTown(t.townCode ?? 'unknown')}
                >
                  {t.townName}（{t.enterprises}）
                </button>
              </li>
            ))}
          </ul>
          {d.list.length === 0 ? (
            <p className="admin-empty">暂无依赖被代替或废止标准的认证企业</p>
          ) : (
            <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="企业清单（可横向滚动）">
              <table className="admin-table" aria-label="依赖被代替/废止标准的企业清单">
                <thead>
                  <tr>
                    <th scope="col">企业</th>
                    <th scope="col">所在镇街</th>
                    <th scope="col">标准</th>
                    <th scope="col">状态</th>
                    <th scope="col">代替标准</th>
                  </tr>
                </thead>
                <tbody>
                  {d.list.map((r) => (
                    <tr key={`${r.userId}:${r.standardId}`}>
                      <td>{r.companyName}</td>
                      <td>
                        <TownPick row={r} onSaved={reload} />
                      </td>
                      <td>
                        <Link to={`/standard-detail?id=${r.standardId}`}>{r.standardNo}</Link> {r.nameZh}
                      </td>
                      <td>{STANDARD_STATUS_LABELS[r.status as StandardStatus] ?? r.status}</td>
                      <td>
                        {r.replacedBy ? (
                          <Link to={`/standard-detail?id=${r.replacedBy.id}`}>{r.replacedBy.standardNo}</Link>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
