import { useEffect, useRef, useState } from 'react';
import { EditorPanes } from './EditorPanes';
import { EditorToolbar } from './EditorToolbar';
import { articleWordCount } from '../../lib/word-count';
import { contentProblem, editorTitle } from './editor-text';
import { LeaveGuard } from './LeaveGuard';
import { useArticleSave } from './use-article-save';

interface ArticleEditorProps {
  articleId: string;
  initialContent: string;
}

export function ArticleEditor({ articleId, initialContent }: ArticleEditorProps) {
  const [content, setContent] = useState(initialContent);
  const { saved, saving, save } = useArticleSave(articleId, initialContent);
  const dirty = content !== saved;
  const problem = contentProblem(content);

  // Ctrl/Cmd+S anywhere on the page; the browser's own "save page" never helps here.
  const saveLatest = useRef(() => {});
  saveLatest.current = () => void save(content);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveLatest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="space-y-3">
      <EditorToolbar
        articleId={articleId}
        title={editorTitle(content)}
        words={articleWordCount(content)}
        dirty={dirty}
        saving={saving}
        problem={problem}
        onSave={() => void save(content)}
      />
      <EditorPanes content={content} onChange={setContent} />
      <LeaveGuard when={dirty} />
    </div>
  );
}
