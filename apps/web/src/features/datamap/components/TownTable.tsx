import { Link } from 'react-router';
import type { Indicator, TownFigures } from '../lib/api.ts';
import { detailLink } from '../lib/api.ts';

/** The same figures as the charts, as a table: readable without the canvas and by screen readers. */
export function TownTable({ towns, indicator }: { towns: TownFigures[]; indicator: Indicator }) {
  return (
    <details className="datamap-table">
      <summary>按镇街查看数字</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">镇街</th>
            <th scope="col">
              {indicator.name}（{indicator.unit}）
            </th>
          </tr>
        </thead>
        <tbody>
          {towns.map((t) => (
            <tr key={t.code}>
              <th scope="row">{t.name}</th>
              <td>
                <Link to={detailLink(indicator.key, t.code)}>{t.figures[indicator.key] ?? 0}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
