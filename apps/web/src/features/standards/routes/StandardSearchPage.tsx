import { StandardSearch } from '../components/StandardSearch.tsx';
import { ALL_REGIONS } from '../lib/regions.ts';

export default function StandardSearchPage() {
  return (
    <div className="page-container std-page">
      <h1 className="std-page-title">标准检索</h1>
      <StandardSearch regions={ALL_REGIONS} detailPath="/standard-detail" />
    </div>
  );
}
