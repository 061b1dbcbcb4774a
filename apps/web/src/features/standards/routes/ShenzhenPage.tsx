import { DistrictStandards } from '../components/DistrictStandards.tsx';

export default function ShenzhenPage() {
  return <DistrictStandards district="shenzhen" />;
}
