/** The service's process steps as a numbered row (a column on narrow screens). */
export function ServiceProcess({ steps }: { steps: unknown }) {
  const list = Array.isArray(steps) ? steps.filter((s): s is string => typeof s === 'string') : [];
  if (list.length === 0) return null;
  return (
    <section aria-label="办理流程">
      <h2 className="detail-subtitle">办理流程</h2>
      <ol className="process-steps">
        {list.map((s, i) => (
          <li key={`${i}-${s}`}>
            <span className="process-step-no">{i + 1}</span>
            <span>{s}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
