import './chip-tabs.css';

/**
 * A row of mutually exclusive filters drawn as chips (the tabs of one list). Plain markup, no antd, so the
 * user-centre routes stay within their JS budget; the chips look the same everywhere (chip-tabs.css, the
 * selected one by aria-selected), each area lays out its row (`listClass`).
 */
export function ChipTabs<T extends string>({
  label,
  value,
  options,
  onChange,
  listClass,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  listClass: string;
}) {
  return (
    <div className={listClass} role="tablist" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={o.value === value}
          className="chip-tab"
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
