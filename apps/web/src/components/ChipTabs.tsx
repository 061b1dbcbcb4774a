/**
 * A row of mutually exclusive filters drawn as chips (the tabs of one list). Plain markup, no antd, so the
 * user-centre routes stay within their JS budget; each area passes its own classes (`activeClass` is added
 * to the selected chip where the area's CSS styles it by class rather than by aria-selected).
 */
export function ChipTabs<T extends string>({
  label,
  value,
  options,
  onChange,
  listClass,
  chipClass,
  activeClass,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  listClass: string;
  chipClass: string;
  activeClass?: string;
}) {
  return (
    <div className={listClass} role="tablist" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={o.value === value}
          className={activeClass && o.value === value ? `${chipClass} ${activeClass}` : chipClass}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
