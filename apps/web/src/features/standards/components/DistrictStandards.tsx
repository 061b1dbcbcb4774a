import { lazy, Suspense, useCallback, useState } from 'react';
import { Notice } from './views.ts';
import { DISTRICTS, type District } from '../lib/regions.ts';
import { StandardSearch } from './StandardSearch.tsx';

// The report form checks its fields with the shared zod schema; loading it after the page keeps zod out of the
// page's initial JS (decisions/0008, decisions/0042).
const MissingReportForm = lazy(() => import('./MissingReportForm.tsx').then((m) => ({ default: m.MissingReportForm })));

/** A district page: the catalogue search preset to its region, an honest note, and the report form. */
export function DistrictStandards({ district }: { district: District }) {
  const d = DISTRICTS[district];
  // The form below the results appears once the search has answered: shown while the results were still a
  // skeleton, it moved when they arrived (layout shift 0.106 at 390px on a loaded machine).
  const [settled, setSettled] = useState(false);
  const settle = useCallback(() => setSettled(true), []);
  return (
    <div className="page-container std-page">
      <h1 className="std-page-title">{d.title}</h1>
      <Notice type="info">
        本页检索 {d.numbers}。平台标准库目前收录的是公开数据集中的标准，{d.title.slice(0, 2)}
        地方标准尚在补充中；如发现缺失，欢迎在页面下方反馈。
      </Notice>
      <StandardSearch
        preset={d.preset}
        regions={[...d.regions]}
        detailPath={d.detailPath}
        emptyText={`标准库中暂未收录符合条件的${d.title.slice(0, 2)}地方标准。如您知道相关标准，请通过下方表单告诉我们。`}
        onSettled={settle}
      />
      {settled && (
        <Suspense fallback={null}>
          <MissingReportForm region={district} />
        </Suspense>
      )}
    </div>
  );
}
