import { useCallback, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { saveArticleText } from './article-api';
import { contentProblem } from './editor-text';

/**
 * Saving of the editor's content. `saved` is the text the server last accepted, so edits made
 * while a save is on its way still count as unsaved afterwards.
 */
export function useArticleSave(articleId: string, initialContent: string) {
  const toast = useToast();
  const [saved, setSaved] = useState(initialContent);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const save = useCallback(
    async (content: string) => {
      if (savingRef.current || contentProblem(content) !== null) return;
      savingRef.current = true;
      setSaving(true);
      try {
        await saveArticleText(articleId, content);
        setSaved(content);
        toast.success('保存成功');
      } catch (error) {
        toast.error(error instanceof Error ? error.message : REQUEST_FAILED_MESSAGE);
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
    },
    [articleId, toast],
  );

  return { saved, saving, save };
}
