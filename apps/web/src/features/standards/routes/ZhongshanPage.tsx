import { DistrictStandards } from '../components/DistrictStandards.tsx';

export default function ZhongshanPage() {
  return <DistrictStandards district="zhongshan" />;
}
