import type { ChangeDesc } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { type RevisionAction, WHOLE_ARTICLE_ACTIONS, type WritingStyle } from '@tianma/shared';
import { type ReactNode, type RefObject, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { lazyWithPreload } from '../../../components/ui/lazy-with-preload';
import { ArticleActions } from './ArticleActions';
import { applyChange, resultChange } from './apply-result';
import { charCount, summaryChange, type TextChange, titleChange } from './revision-text';
import { FloatingSelectionMenu, type MenuAnchor, MobileSelectionSheet } from './SelectionMenu';
import { useRevisionActions } from './use-revision-actions';
import { useRevisionRun } from './use-revision-run';

// The result view and jsdiff load when an action is near (a selection, the whole-article bar), not with the editor.
const RevisionPanel = lazyWithPreload(() => import('./RevisionPanel'), 'RevisionPanel');

const MD_AND_UP = '(min-width: 768px)';
const MENU_WIDTH = 416;

function useIsWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia?.(MD_AND_UP);
      query?.addEventListener('change', notify);
      return () => query?.removeEventListener('change', notify);
    },
    () => window.matchMedia?.(MD_AND_UP).matches ?? true,
  );
}

interface SelectionState {
  from: number;
  to: number;
  chars: number;
  focused: boolean;
  /** Viewport coordinates under the selection's end; null when it is scrolled out of sight. */
  anchor: MenuAnchor | null;
}

export const EDITED_MEANWHILE_TEXT = '选中的文字在生成期间被改动了，结果未应用。请重新选择后再试。';

/**
 * The editor's AI actions (issue 18): the menu on a selection (floating on desktop, a bottom sheet
 * below 768 px), the whole-article actions, and the result panel. `onUpdate` is the editor's
 * update hook; `onAccepted` learns the revision an applied result came from, for the next save;
 * `barExtra` joins the whole-article bar.
 */
export function useEditorAi(articleId: string, viewRef: RefObject<EditorView | null>, onAccepted: (revisionId: string) => void, barExtra?: ReactNode) {
  const toast = useToast();
  const actions = useRevisionActions(articleId).data ?? [];
  const ai = useRevisionRun(articleId);
  const wide = useIsWide();
  const [selection, setSelection] = useState<SelectionState | null>(null);
  const [menuFocused, setMenuFocused] = useState(false);

  const measure = (view: EditorView) => {
    const main = view.state.selection.main;
    if (main.empty) {
      setSelection(null);
      return;
    }
    const chars = charCount(view.state.sliceDoc(main.from, main.to));
    view.requestMeasure({
      key: 'ai-selection-menu',
      read: () => {
        // Under the selection's moving end (its head), which the editor keeps in sight.
        const at = view.coordsAtPos(main.head, main.head === main.to ? -1 : 1);
        const box = view.scrollDOM.getBoundingClientRect();
        if (!at || at.bottom < box.top || at.top > box.bottom) return null;
        return { top: Math.min(at.bottom, box.bottom) + 6, left: Math.max(8, Math.min(at.left - 40, window.innerWidth - MENU_WIDTH - 8)) };
      },
      write: (anchor) => setSelection({ from: main.from, to: main.to, chars, focused: view.hasFocus, anchor }),
    });
  };

  useEffect(() => {
    const onScroll = () => viewRef.current && measure(viewRef.current);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  });

  const onUpdate = (view: EditorView, changes: ChangeDesc | null) => {
    if (changes) ai.mapRange(changes);
    if (!view.state.selection.main.empty) RevisionPanel.preload();
    measure(view);
  };

  const runOnSelection = (action: RevisionAction, style?: WritingStyle) => {
    setMenuFocused(false);
    const view = viewRef.current;
    if (!view) return;
    const main = view.state.selection.main;
    if (main.empty) return;
    const label = actions.find((info) => info.action === action)?.label ?? action;
    const doc = view.state.doc.toString();
    ai.start({ action, label, range: { from: main.from, to: main.to }, original: doc.slice(main.from, main.to), doc, style });
  };

  const runOnArticle = (action: RevisionAction) => {
    const view = viewRef.current;
    if (!view) return;
    const doc = view.state.doc.toString();
    const label = actions.find((info) => info.action === action)?.label ?? action;
    ai.start({ action, label, range: { from: 0, to: doc.length }, original: doc, doc });
  };

  const accept = (change: (doc: string) => TextChange | null) => {
    const view = viewRef.current;
    const run = ai.run;
    if (!view || run?.status !== 'done') return;
    const next = change(view.state.doc.toString());
    if (!next) {
      toast.error(EDITED_MEANWHILE_TEXT);
      return;
    }
    applyChange(view, next);
    onAccepted(run.revisionId);
    ai.dismiss();
  };

  const { run } = ai;
  const selectionActions = actions.filter((info) => !WHOLE_ARTICLE_ACTIONS.includes(info.action));
  const menuShown = selection !== null && run === null && selectionActions.length > 0;

  const panel = run && (
    <Suspense fallback={<p className="text-sm text-slate-500">正在打开结果...</p>}>
      <RevisionPanel
        run={run}
        onDismiss={ai.dismiss}
        onRetry={() => viewRef.current && ai.retry(viewRef.current.state.doc.toString())}
        onApply={(text, where) =>
          accept((doc) => {
            const range = ai.currentRange();
            return range && resultChange(doc, range, run.original, text, where);
          })
        }
        onTitle={(title) => accept((doc) => titleChange(doc, title))}
        onSummary={(summary) => accept((doc) => summaryChange(doc, summary))}
      />
    </Suspense>
  );

  const menu =
    menuShown &&
    (wide
      ? (selection.focused || menuFocused) &&
        selection.anchor && (
          <FloatingSelectionMenu
            anchor={selection.anchor}
            actions={selectionActions}
            chars={selection.chars}
            onRun={runOnSelection}
            onFocusWithin={setMenuFocused}
            onEscape={() => {
              setMenuFocused(false);
              viewRef.current?.focus();
            }}
          />
        )
      : <MobileSelectionSheet actions={selectionActions} chars={selection.chars} onRun={runOnSelection} />);

  const articleBar = (
    <ArticleActions
      actions={actions.filter((info) => WHOLE_ARTICLE_ACTIONS.includes(info.action))}
      chars={viewRef.current ? charCount(viewRef.current.state.doc.toString()) : 0}
      disabled={run?.status === 'streaming'}
      onPreload={RevisionPanel.preload}
      onRun={runOnArticle}
    >
      {barExtra}
    </ArticleActions>
  );

  return { onUpdate, panel, menu, articleBar };
}
