import type { FieldDef, ItemSummary } from './types.ts';

/** An item's configured fields (list row or detail page) as a definition list; empty values left out. */
export function FieldList({ item, fields, className }: { item: ItemSummary; fields?: readonly FieldDef[]; className: string }) {
  const shown = (fields ?? [])
    .map((f) => ({ label: f.label, value: f.value(item) }))
    .filter((f) => f.value !== '' && f.value !== null && f.value !== undefined);
  if (!shown.length) return null;
  return (
    <dl className={className}>
      {shown.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
