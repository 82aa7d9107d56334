import { LoaderCircle, Sparkles } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles';

interface GenerateButtonProps {
  /** 开始生成 or 开始高级创作. */
  label: string;
  generating: boolean;
  limited: boolean;
  disabled: boolean;
}

/** The forms' submit button; a run under way is named before a standing limit (spec §2). */
export function GenerateButton({ label, generating, limited, disabled }: GenerateButtonProps) {
  const text = generating ? '生成中...' : limited ? '当前操作受限' : label;
  return (
    <button type="submit" data-testid="generate-button" disabled={disabled} className={buttonClass('primary', 'w-full py-3 text-base')}>
      {generating ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : <Sparkles aria-hidden="true" className="size-5" />}
      {text}
    </button>
  );
}
