import { setCareMode, useCareMode } from '../../lib/care.ts';

/** The 适老化 switch in the header: a toggle button, its state announced through aria-pressed. */
export function CareSwitch() {
  const on = useCareMode((s) => s.on);
  return (
    <button
      type="button"
      className="header-btn care-switch"
      aria-pressed={on}
      onClick={() => setCareMode(!on)}
      data-testid="care-switch"
    >
      <span aria-hidden="true">Aa</span>
      {on ? '退出适老化' : '适老化'}
    </button>
  );
}
