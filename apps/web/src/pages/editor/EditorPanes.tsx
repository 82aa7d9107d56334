import { useId, useState } from 'react';
import { MarkdownView } from '../../components/markdown/MarkdownView';

type Pane = 'edit' | 'preview';

const PANE_HEIGHT = 'h-[calc(100dvh-15rem)] min-h-80';

/** Markdown beside its preview; below 768 px one of them at a time, chosen by tabs. */
export function EditorPanes({ content, onChange }: { content: string; onChange: (content: string) => void }) {
  const [pane, setPane] = useState<Pane>('edit');
  const id = useId();
  const shown = (which: Pane) => (pane === which ? 'flex' : 'hidden md:flex');

  const tab = (which: Pane, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${which}-tab`}
      aria-selected={pane === which}
      aria-controls={`${id}-${which}`}
      onClick={() => setPane(which)}
      className={`flex-1 rounded-lg px-3 py-1.5 text-sm font-medium ${pane === which ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-500'}`}
    >
      {label}
    </button>
  );

  return (
    <div className="space-y-3">
      <div role="tablist" aria-label="编辑或预览" className="flex rounded-xl bg-slate-200/70 p-1 md:hidden">
        {tab('edit', '编辑')}
        {tab('preview', '预览')}
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div id={`${id}-edit`} role="tabpanel" aria-labelledby={`${id}-edit-tab`} className={`${shown('edit')} min-w-0 flex-col`}>
          <label htmlFor={`${id}-textarea`} className="sr-only">
            文章内容（Markdown）
          </label>
          <textarea
            id={`${id}-textarea`}
            data-testid="editor-textarea"
            value={content}
            onChange={(event) => onChange(event.target.value)}
            spellCheck={false}
            placeholder={'# 标题\n\n在这里用 Markdown 编写文章...'}
            className={`${PANE_HEIGHT} w-full resize-none rounded-2xl border border-slate-200 bg-white p-4 font-mono text-sm leading-relaxed text-slate-800 shadow-sm outline-none focus:border-indigo-400 focus:ring-2 focus:ring-indigo-100`}
          />
        </div>
        <section
          id={`${id}-preview`}
          role="tabpanel"
          aria-labelledby={`${id}-preview-tab`}
          data-testid="editor-preview"
          className={`${shown('preview')} ${PANE_HEIGHT} min-w-0 flex-col overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6`}
        >
          {content.trim() ? <MarkdownView markdown={content} className="break-words" /> : <p className="text-sm text-slate-400">预览区为空</p>}
        </section>
      </div>
    </div>
  );
}
