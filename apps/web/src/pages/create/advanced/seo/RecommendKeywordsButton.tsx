import { Sparkles } from 'lucide-react';
import { buttonClass } from '../../../../components/ui/button-styles';

interface RecommendKeywordsButtonProps {
  loading: boolean;
  /** Seconds of cooldown left; the button counts them down. */
  remaining: number;
  onClick: () => void;
}

/** 推荐关键词, 推荐中... while the call runs, and the cooldown as a countdown (spec §5). */
export function RecommendKeywordsButton({ loading, remaining, onClick }: RecommendKeywordsButtonProps) {
  const label = loading ? '推荐中...' : remaining > 0 ? `推荐关键词（${remaining}s）` : '推荐关键词';
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={loading || remaining > 0}
      data-testid="recommend-keywords"
      className={buttonClass('secondary', 'shrink-0 px-3 whitespace-nowrap')}
    >
      <Sparkles aria-hidden="true" className="size-4 text-indigo-500" />
      {label}
    </button>
  );
}
