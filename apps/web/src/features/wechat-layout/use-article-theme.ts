import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_WECHAT_THEME, type WechatThemeId } from '@tianma/shared';
import { useEffect, useRef, useState } from 'react';
import { articleThemeKey, fetchArticleTheme, saveArticleTheme } from './article-theme-api';
import { storedWechatTheme, storeWechatTheme } from './theme-choice';

/** How long a chosen theme waits before it is saved on the article (a run of clicks saves once). */
export const THEME_SAVE_DELAY_MS = 600;
export const THEME_NOT_SAVED_TEXT = '主题没能保存到这篇文章，下次打开时可能不是它';

/**
 * The article's layout theme: its own (`wechat_theme`), else the one this browser last chose, else
 * clean. A choice is remembered in the browser at
 * once (for the menu's quick copy) and saved on the article shortly after; a failed save is only a note.
 */
export function useArticleTheme(articleId: string) {
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: articleThemeKey(articleId), queryFn: ({ signal }) => fetchArticleTheme(articleId, signal), staleTime: 0 });
  const [fallback] = useState(() => storedWechatTheme() ?? DEFAULT_WECHAT_THEME);
  const [chosen, setChosen] = useState<WechatThemeId>();
  const [saveFailed, setSaveFailed] = useState(false);
  const pending = useRef<{ theme: WechatThemeId; timer: ReturnType<typeof setTimeout> } | null>(null);

  const flush = useRef(() => {});
  flush.current = () => {
    const next = pending.current;
    if (!next) return;
    clearTimeout(next.timer);
    pending.current = null;
    saveArticleTheme(articleId, next.theme).then(
      () => {
        queryClient.setQueryData(articleThemeKey(articleId), next.theme);
        setSaveFailed(false);
      },
      () => setSaveFailed(true),
    );
  };
  // Closing the dialog right after a choice still saves it.
  useEffect(() => () => flush.current(), []);

  // NOTE: the remembered theme shows at once, not a blank phone while the article's is read; the
  // article's own replaces it when it differs (once it is cached, from the first render on).
  const theme: WechatThemeId = chosen ?? saved.data ?? fallback;
  const choose = (next: WechatThemeId) => {
    setChosen(next);
    storeWechatTheme(next);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = { theme: next, timer: setTimeout(() => flush.current(), THEME_SAVE_DELAY_MS) };
  };
  return { theme, choose, saveNote: saveFailed ? THEME_NOT_SAVED_TEXT : null };
}
