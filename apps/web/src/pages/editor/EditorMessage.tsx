import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles';

/** A whole-page state of the editor that has no article to show, with the way back. */
export function EditorMessage({ title, message, children }: { title: string; message?: string; children?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <CircleAlert aria-hidden="true" className="size-10 text-slate-300" />
      <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
      {message && <p className="mt-2 text-sm break-words text-slate-500">{message}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {children}
        <Link to="/my-articles" className={buttonClass('secondary')}>
          返回我的文章
        </Link>
      </div>
    </div>
  );
}
