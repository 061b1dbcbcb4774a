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
  return (
    <div className="admin-filters" role="tablist" aria-label={label}>
      {tabs.map((s) => (
        <button
          key={s.value}
          type="button"
          role="tab"
          className="admin-chip"
          aria-selected={s.value === value}
          onClick={() => onChange(s.value)}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}
