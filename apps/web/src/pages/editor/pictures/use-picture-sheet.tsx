import type { EditorView } from '@codemirror/view';
import { ImageIcon } from 'lucide-react';
import { type RefObject, Suspense, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { lazyWithPreload } from '../../../components/ui/lazy-with-preload';
import { applyChange } from '../ai/apply-result';
import { EDITED_MEANWHILE_TEXT } from '../ai/use-editor-ai';
import { type PictureParagraph, paragraphAt, pictureChange } from './apply-picture';

// The sheet, its search and upload load when the button is near, not with the editor.
const PictureSheet = lazyWithPreload(() => import('./PictureSheet'), 'PictureSheet');

/**
 * 为本段配图: the button for the AI bar and the sheet it opens for the paragraph under the cursor
 * (or the selection). The picked picture goes in as one transaction: one Ctrl+Z takes it out.
 */
export function usePictureSheet(articleId: string, viewRef: RefObject<EditorView | null>) {
  const toast = useToast();
  const [paragraph, setParagraph] = useState<PictureParagraph | null>(null);

  const open = () => {
    const view = viewRef.current;
    if (!view) return;
    const { from, to } = view.state.selection.main;
    const found = paragraphAt(view.state.doc.toString(), { from, to });
    if (!found?.query) {
      toast.error('请先把光标放在要配图的段落里');
      return;
    }
    // NOTE: the editor has focus when the sheet opens, so closing the sheet gives it back to the editor, at the cursor.
    view.focus();
    setParagraph(found);
  };

  const button = (
    <button
      type="button"
      data-testid="picture-open"
      onPointerEnter={PictureSheet.preload}
      onFocus={PictureSheet.preload}
      onClick={open}
      className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm hover:border-indigo-300 hover:text-indigo-700"
    >
      <ImageIcon aria-hidden="true" className="size-4" />
      为本段配图
    </button>
  );

  const sheet = paragraph && (
    <Suspense fallback={null}>
      <PictureSheet
        articleId={articleId}
        query={paragraph.query}
        canReplace={paragraph.image !== null}
        onClose={() => setParagraph(null)}
        onPick={(picture, where) => {
          const view = viewRef.current;
          const change = view && pictureChange(view.state.doc.toString(), paragraph, picture, where);
          setParagraph(null);
          if (!view) return;
          if (!change) {
            toast.error(EDITED_MEANWHILE_TEXT);
            return;
          }
          applyChange(view, change);
        }}
      />
    </Suspense>
  );

  return { button, sheet };
}
