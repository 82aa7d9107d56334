import { Check, Plus } from 'lucide-react';
import { hasKeyword } from './keyword-field';

interface KeywordChipsProps {
  suggestions: readonly string[];
  /** The keyword field's text: a suggestion already in it shows as added. */
  field: string;
  onAdd: (keyword: string) => void;
}

/** The suggested keywords as chips; clicking one adds it to the keyword field once. */
export function KeywordChips({ suggestions, field, onAdd }: KeywordChipsProps) {
  if (suggestions.length === 0) return null;
  return (
    <ul aria-label="推荐关键词" className="flex flex-wrap gap-2">
      {suggestions.map((keyword) => {
        const added = hasKeyword(field, keyword);
        return (
          <li key={keyword}>
            <button
              type="button"
              onClick={() => onAdd(keyword)}
              disabled={added}
              aria-pressed={added}
              className={`inline-flex items-center gap-1 rounded-full border px-3 py-1 text-xs transition-colors ${
                added
                  ? 'cursor-default border-indigo-200 bg-indigo-50 text-indigo-700'
                  : 'border-slate-200 bg-slate-50 text-slate-700 hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-700'
              }`}
            >
              {added ? <Check aria-hidden="true" className="size-3" /> : <Plus aria-hidden="true" className="size-3" />}
              {keyword}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
