import type { SummaryRow } from '../api/consultation.ts';

/** The 征求意见汇总处理表 as the office published it (plain text, escaped by React). */
export function SummaryTable({ rows }: { rows: SummaryRow[] }) {
  return (
    <section className="cons-summary" aria-labelledby="cons-summary-title">
      <h2 id="cons-summary-title">征求意见汇总处理表</h2>
      {rows.length === 0 ? (
        <p className="cons-muted">征求意见期间未收到意见。</p>
      ) : (
        <div className="cons-table-wrap" tabIndex={0} role="region" aria-label="征求意见汇总处理表（可横向滚动）">
          <table className="cons-table">
            <thead>
              <tr>
                <th scope="col">序号</th>
                <th scope="col">章条编号</th>
                <th scope="col">意见内容</th>
                <th scope="col">提出单位</th>
                <th scope="col">处理意见及理由</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.index}>
                  <td>{r.index}</td>
                  <td>{r.clause}</td>
                  <td className="cons-pre">{r.content}</td>
                  <td>{r.unit}</td>
                  <td>{r.outcome}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
