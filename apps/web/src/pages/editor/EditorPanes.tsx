import type { ChangeDesc } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import * as Tabs from '@radix-ui/react-tabs';
import { type ReactNode, useState } from 'react';
import { MarkdownView } from '../../components/markdown/MarkdownView';
import { MarkdownSourceEditor } from './MarkdownSourceEditor';

type Pane = 'edit' | 'preview';

const PANE_HEIGHT = 'h-[calc(100dvh-15rem)] min-h-80';

const TAB = 'flex-1 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-500 aria-selected:bg-white aria-selected:text-indigo-700 aria-selected:shadow-sm';

interface EditorPanesProps {
  content: string;
  onChange: (content: string) => void;
  onView?: (view: EditorView | null) => void;
  onUpdate?: (view: EditorView, changes: ChangeDesc | null) => void;
  /** Shown over the source pane: the AI actions' menu on a selection. */
  overlay?: ReactNode;
}

/**
 * Markdown beside its preview; below 768 px one of them at a time, chosen by Radix tabs. Both
 * panes stay mounted (forceMount) and CSS decides what shows: from md on, both do and the tab list hides.
 */
export function EditorPanes({ content, onChange, onView, onUpdate, overlay }: EditorPanesProps) {
  const [pane, setPane] = useState<Pane>('edit');
  const shown = (which: Pane) => (pane === which ? 'flex' : 'hidden md:flex');

  return (
    <Tabs.Root value={pane} onValueChange={(value) => setPane(value === 'preview' ? 'preview' : 'edit')} className="space-y-3">
      <Tabs.List aria-label="编辑或预览" className="flex rounded-xl bg-slate-200/70 p-1 md:hidden">
        <Tabs.Trigger value="edit" className={TAB}>
          编辑
        </Tabs.Trigger>
        <Tabs.Trigger value="preview" className={TAB}>
          预览
        </Tabs.Trigger>
      </Tabs.List>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Tabs.Content value="edit" forceMount tabIndex={-1} className={`${shown('edit')} min-w-0 flex-col`}>
          <MarkdownSourceEditor value={content} onChange={onChange} onView={onView} onUpdate={onUpdate} className={`${PANE_HEIGHT} w-full`} />
          {pane === 'edit' && overlay}
        </Tabs.Content>
        <Tabs.Content
          value="preview"
          forceMount
          asChild
          className={`${shown('preview')} ${PANE_HEIGHT} min-w-0 flex-col overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6`}
        >
          <section data-testid="editor-preview">
            {content.trim() ? <MarkdownView markdown={content} className="break-words" /> : <p className="text-sm text-slate-400">预览区为空</p>}
          </section>
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
