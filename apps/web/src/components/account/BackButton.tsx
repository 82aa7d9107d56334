import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';

/** Goes back one page; when the app was opened right here (no history of ours), goes to `fallback`. */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // react-router gives the first entry of a session the key 'default'.
  const back = () => (location.key === 'default' ? navigate(fallback) : navigate(-1));
  return (
    <button
      type="button"
      onClick={back}
      className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-800"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      返回
    </button>
  );
}
