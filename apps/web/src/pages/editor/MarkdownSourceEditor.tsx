import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { type ChangeDesc, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { adoptCodeMirrorStyles } from './codemirror-styles';

/** What the editor reports about its selection: a range of the markdown (UTF-16 offsets, as the API's). */
export interface SourceSelection {
  from: number;
  to: number;
}

interface MarkdownSourceEditorProps {
  /** The text to show. A value that differs from the editor's own document replaces it (a restore). */
  value: string;
  onChange: (content: string) => void;
  /** The editor view once made (and null when it goes): what the AI actions change the text through. */
  onView?: (view: EditorView | null) => void;
  /** Every change of the document (with its changes), of the selection, of focus or of the view's geometry and scroll. */
  onUpdate?: (view: EditorView, changes: ChangeDesc | null) => void;
  className?: string;
}

const PLACEHOLDER = '# 标题\n\n在这里用 Markdown 编写文章...';

// NOTE: the look lives in Tailwind classes on the DOM CodeMirror makes (attributes below), and the
// theme only turns off its own focus outline: style-mod puts rules in adoptedStyleSheets, which the
// CSP (style-src 'self') allows, while an inline <style> it would not (decision 063).
const theme = EditorView.theme({
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: 'inherit' },
  '.cm-content': { padding: '0' },
  '.cm-line': { padding: '0' },
  '.cm-placeholder': { color: 'rgb(148 163 184)' },
});

/**
 * The markdown source of an article in CodeMirror 6: undo history, line wrapping, markdown syntax.
 * Offsets in it are the markdown's own, one to one, which the AI actions send to the server.
 */
export function MarkdownSourceEditor({ value, onChange, onView, onUpdate, className = '' }: MarkdownSourceEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onView, onUpdate });
  callbacks.current = { onChange, onView, onUpdate };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; later values arrive through the effect below.
  useEffect(() => {
    adoptCodeMirrorStyles();
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          // NOTE: no indentWithTab: Tab leaves the editor as it left the textarea, and reaches the AI menu.
          keymap.of([...defaultKeymap, ...historyKeymap]),
          markdown(),
          EditorView.lineWrapping,
          placeholder(PLACEHOLDER),
          theme,
          EditorView.contentAttributes.of({
            'aria-label': '文章内容（Markdown）',
            'aria-multiline': 'true',
            role: 'textbox',
            spellcheck: 'false',
            'data-testid': 'editor-textarea',
            class: 'min-h-full',
          }),
          EditorView.editorAttributes.of({ class: 'h-full font-mono text-sm leading-relaxed text-slate-800' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
            if (update.docChanged || update.selectionSet || update.geometryChanged || update.focusChanged)
              callbacks.current.onUpdate?.(update.view, update.docChanged ? update.changes : null);
          }),
        ],
      }),
    });
    viewRef.current = view;
    const onScroll = () => callbacks.current.onUpdate?.(view, null);
    view.scrollDOM.addEventListener('scroll', onScroll, { passive: true });
    callbacks.current.onView?.(view);
    return () => {
      view.scrollDOM.removeEventListener('scroll', onScroll);
      callbacks.current.onView?.(null);
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  // A value from outside (a restored version): replace the document; the user's own typing already matches.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() === value) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
  }, [value]);

  return (
    <div
      ref={hostRef}
      className={`overflow-hidden rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus-within:border-indigo-400 focus-within:ring-2 focus-within:ring-indigo-100 [&_.cm-editor]:h-full ${className}`}
    />
  );
}
