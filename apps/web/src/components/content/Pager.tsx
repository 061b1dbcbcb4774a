interface Props {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}

/** Page numbers around the current one, with the first and last always reachable. */
export function pageWindow(page: number, pages: number): (number | '…')[] {
  const out: (number | '…')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out.at(-1) !== '…') out.push('…');
  }
  return out;
}

export function Pager({ page, total, pageSize, onChange }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="分页">
      <button type="button" className="pager-item" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        上一页
      </button>
      {pageWindow(page, pages).map((p, i) =>
        p === '…' ? (
          <span key={`gap-${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className="pager-item"
            aria-current={p === page ? 'page' : undefined}
            aria-label={`第 ${p} 页`}
            onClick={() => onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="pager-item" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        下一页
      </button>
    </nav>
  );
}
