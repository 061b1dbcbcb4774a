import { ChipTabs } from '../../../components/ChipTabs.tsx';

export interface StatusTab {
  label: string;
  value: string;
}

/** The status chips above a review queue (certifications, missing-standard reports). */
export function StatusTabs({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: StatusTab[];
  value: string;
  onChange: (value: string) => void;
}) {
  return <ChipTabs label={label} value={value} options={tabs} onChange={onChange} listClass="admin-filters" />;
}
