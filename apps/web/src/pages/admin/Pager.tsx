interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label: string;
}

/** 上一页 / 下一页 under a console list. */
export function Pager({ page, totalPages, onPage, label }: PagerProps) {
  if (totalPages <= 1) return null;
  const button = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-3 text-sm text-slate-600">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span>
        第 {page} / {totalPages} 页
      </span>
      <button type="button" className={button} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        下一页
      </button>
    </nav>
  );
}
