import { Shuffle } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { LazyRepurposeDialog, RepurposeDialogChunk } from './LazyRepurposeDialog';

/** The editor's 一稿多发: opens the dialog for this article (its saved text is what is turned). */
export function RepurposeButton({ articleId, title }: { articleId: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="repurpose-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={RepurposeDialogChunk.preload}
        onFocus={RepurposeDialogChunk.preload}
        className={buttonClass('secondary', 'px-3 py-1.5 sm:px-4')}
      >
        <Shuffle aria-hidden="true" className="size-4" />
        一稿多发
      </button>
      {open && <LazyRepurposeDialog articleId={articleId} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}
