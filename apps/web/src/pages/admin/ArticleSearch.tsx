import { type KeyboardEvent, useState } from 'react';
import { INPUT_CLASS } from '../../components/account/form-styles';
import { buttonClass } from '../../components/ui/button-styles';

interface ArticleSearchProps {
  label: string;
  onSearch: (q: string) => void;
}

/**
 * The search box over users' shared articles (by title or article id).
 * NOTE: not a <form>: the picker puts it inside its dialog's form, and Enter must search, not submit that.
 */
export function ArticleSearch({ label, onSearch }: ArticleSearchProps) {
  const [draft, setDraft] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <div className="flex gap-2">
      <input
        type="search"
        aria-label={label}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={100}
        placeholder="文章标题或文章ID"
        className={`${INPUT_CLASS} min-w-0`}
      />
      <button type="button" onClick={() => onSearch(draft.trim())} className={buttonClass('primary', 'shrink-0')}>
        搜索
      </button>
    </div>
  );
}
