import type { EditorView } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { articleWordCount } from '../../lib/word-count';
import { useEditorAi } from './ai/use-editor-ai';
import { contentProblem, editorTitle } from './editor-text';
import { EditorPanes } from './EditorPanes';
import { EditorToolbar } from './EditorToolbar';
import { LeaveGuard } from './LeaveGuard';
import { usePictureSheet } from './pictures/use-picture-sheet';
import { useArticleSave } from './use-article-save';

interface ArticleEditorProps {
  articleId: string;
  initialContent: string;
}

export function ArticleEditor({ articleId, initialContent }: ArticleEditorProps) {
  const [content, setContent] = useState(initialContent);
  const { saved, saving, save, markSaved } = useArticleSave(articleId, initialContent);
  const dirty = content !== saved;
  const problem = contentProblem(content);
  const viewRef = useRef<EditorView | null>(null);
  // The AI action whose result was accepted since the last save: that save records its version (API.md).
  const accepted = useRef<string | undefined>(undefined);
  const pictures = usePictureSheet(articleId, viewRef);
  const ai = useEditorAi(
    articleId,
    viewRef,
    (revisionId) => {
      accepted.current = revisionId;
    },
    pictures.button,
  );

  const saveNow = (text: string) => {
    const revisionId = accepted.current;
    void save(text, revisionId).then((ok) => {
      if (ok && accepted.current === revisionId) accepted.current = undefined;
    });
  };

  // Ctrl/Cmd+S anywhere on the page; the browser's own "save page" never helps here.
  const saveLatest = useRef(() => {});
  saveLatest.current = () => saveNow(content);
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
        onSave={() => saveNow(content)}
        content={content}
        onRestored={(restored) => {
          // The server saved the restored text: shown as the saved text, not as an edit.
          markSaved(restored);
          setContent(restored);
        }}
      />
      {ai.articleBar}
      {ai.panel}
      {pictures.sheet}
      <EditorPanes
        content={content}
        onChange={setContent}
        onView={(view) => {
          viewRef.current = view;
        }}
        onUpdate={ai.onUpdate}
        overlay={ai.menu}
      />
      <LeaveGuard when={dirty} />
    </div>
  );
}
