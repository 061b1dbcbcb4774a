import type { ReactNode } from 'react';
import { ChipTabs } from '../../../components/ChipTabs.tsx';
import { Tag as SharedTag } from '../../../components/tag/Tag.tsx';

/**
 * Small plain-markup pieces of the user pages. antd's list/table/form components would push these
 * routes over the per-route JS budget (apps/web/scripts/report-sizes.mjs); dialogs load antd on demand.
 */
export function Tag(props: { color?: string; children: ReactNode; testId?: string }) {
  return <SharedTag {...props} className="uc-tag" />;
}

/** A row of mutually exclusive filters (tabs of one list). */
export function Chips<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return <ChipTabs label={label} value={value} options={options} onChange={onChange} listClass="uc-chips" />;
}

/** Label / value pairs. */
export function Fields({ rows, testId }: { rows: Array<[string, ReactNode] | false | null | undefined>; testId?: string }) {
  return (
    <dl className="uc-fields" data-testid={testId}>
      {rows
        .filter((r): r is [string, ReactNode] => Boolean(r))
        .map(([k, v]) => (
          <div key={k} className="uc-field">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}
