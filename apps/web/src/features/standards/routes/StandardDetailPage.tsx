import { useLocation } from 'react-router';
import { StandardDetail } from '../components/StandardDetail.tsx';
import { DISTRICTS } from '../lib/regions.ts';

/** /standard-detail, /standard-zsDetail and /standard-szDetail: one page, placed by its path. */
export default function StandardDetailPage() {
  const { pathname } = useLocation();
  const district = Object.values(DISTRICTS).find((d) => d.detailPath === pathname);
  return (
    <div className="page-container std-page">
      {district ? (
        <StandardDetail listTitle={district.title} listPath={district.listPath} detailPath={district.detailPath} />
      ) : (
        <StandardDetail listTitle="标准检索" listPath="/standard-search" detailPath="/standard-detail" />
      )}
    </div>
  );
}
