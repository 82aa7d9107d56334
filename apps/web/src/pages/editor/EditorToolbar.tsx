import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, History, Save } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles';
import { lazyWithPreload } from '../../components/ui/lazy-with-preload';
import { ExportMenu } from '../../features/exports/ExportMenu';
import { queryKeys } from '../../lib/query-keys';
import { formatWordCount } from '../../lib/word-count';

// The panel and jsdiff load when 历史版本 is first wanted, not with the editor.
const VersionsPanel = lazyWithPreload(() => import('./versions/VersionsPanel'), 'VersionsPanel');

interface EditorToolbarProps {
  articleId: string;
  title: string;
  /** The 字数 of the text being edited, by the one rule (lib/word-count.ts). */
  words: number;
  dirty: boolean;
  saving: boolean;
  /** Why the content cannot be saved, or null. */
  problem: string | null;
  onSave: () => void;
  /** The editor's text now, compared with a version in 历史版本; without it, the last saved text. */
  content?: string;
  /** A version was restored: the article's text is now `content`, which the editor should show. */
  onRestored?: (content: string) => void;
}

export const EXPORT_UNSAVED_TEXT = '请先保存后再导出';

export function EditorToolbar({ articleId, title, words, dirty, saving, problem, onSave, content, onRestored }: EditorToolbarProps) {
  const hintId = useId();
  const queryClient = useQueryClient();
  const [versionsOpen, setVersionsOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <div className="min-w-0 flex-1 basis-48">
        <h1 data-testid="editor-title" className="truncate text-lg font-semibold text-slate-900" title={title}>
          {title}
        </h1>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span data-testid="editor-word-count">{formatWordCount(words)} 字</span>
          <span data-testid="editor-status" aria-live="polite" className={dirty ? 'font-medium text-amber-600' : 'text-emerald-600'}>
            {dirty ? '未保存的更改' : '已保存'}
          </span>
          {problem && (
            <span id={hintId} className="font-medium text-red-600">
              {problem}
            </span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/my-articles" className={buttonClass('secondary', 'px-3 sm:px-4')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          返回我的文章
        </Link>
        {/* Exports read the saved article: unsaved edits would silently be left out. */}
        <ExportMenu articleId={articleId} blockedReason={dirty ? EXPORT_UNSAVED_TEXT : null} align="right" />
        <button
          type="button"
          data-testid="editor-versions"
          aria-haspopup="dialog"
          onClick={() => setVersionsOpen(true)}
          onPointerEnter={VersionsPanel.preload}
          onFocus={VersionsPanel.preload}
          className={buttonClass('secondary', 'px-3 sm:px-4')}
        >
          <History aria-hidden="true" className="size-4" />
          历史版本
        </button>
        <button
          type="button"
          data-testid="editor-save"
          onClick={onSave}
          disabled={saving || problem !== null}
          aria-describedby={problem ? hintId : undefined}
          aria-keyshortcuts="Control+S Meta+S"
          className={buttonClass('primary', 'px-4')}
        >
          <Save aria-hidden="true" className="size-4" />
          {saving ? '保存中...' : '保存'}
        </button>
      </div>
      {versionsOpen && (
        <Suspense fallback={null}>
          <VersionsPanel
            articleId={articleId}
            current={content ?? queryClient.getQueryData<string>(queryKeys.articles.text(articleId)) ?? ''}
            dirty={dirty}
            onClose={() => setVersionsOpen(false)}
            onRestored={(restored) => onRestored?.(restored)}
          />
        </Suspense>
      )}
    </div>
  );
}
