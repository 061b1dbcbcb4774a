/**
 * Loading / error / empty states shared by every portal page. Plain markup on purpose: the portal
 * pages stay within the per-route JS budget (antd only where forms need it).
 */
export function LoadingView({ rows = 4 }: { rows?: number }) {
  return (
    <div className="state-view state-loading" aria-busy="true" role="status" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="skeleton-line" style={{ width: `${60 + ((i * 37) % 40)}%` }} />
      ))}
    </div>
  );
}

export function ErrorView({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="state-view state-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          重试
        </button>
      )}
    </div>
  );
}

export function EmptyView({ text = '暂无数据' }: { text?: string }) {
  return (
    <div className="state-view state-empty" role="status">
      <span className="state-empty-icon" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/** A message box (success / info / warning / error). */
export function Notice({ type, children }: { type: 'success' | 'info' | 'warning' | 'error'; children: React.ReactNode }) {
  return (
    <div className={`notice notice-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
