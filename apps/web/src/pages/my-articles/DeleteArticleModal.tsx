import { articleListTitle } from '@tianma/shared';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { Modal } from '../../components/ui/Modal';
import { buttonClass } from '../../components/ui/button-styles';
import { errorText } from './use-my-articles';
import { type ArticleListItem, deleteArticle } from './my-articles-api';

interface DeleteArticleModalProps {
  article: ArticleListItem;
  onClose: () => void;
  onDeleted: (articleId: string) => void;
}

const DANGER_BUTTON =
  'inline-flex items-center justify-center rounded-xl bg-red-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-60';

/** Asks before deleting; the card goes only once the server has deleted the article. */
export function DeleteArticleModal({ article, onClose, onDeleted }: DeleteArticleModalProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteArticle(article.articleId);
      onDeleted(article.articleId);
      toast.success('文章已删除');
      onClose();
    } catch (error) {
      toast.error(errorText(error));
      setBusy(false);
    }
  };

  return (
    <Modal label="确认删除" onClose={busy ? () => {} : onClose}>
      <p className="text-sm break-words text-slate-600">
        确认删除《{articleListTitle(article.title, article.summary)}》吗？删除后无法恢复。
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onClose} disabled={busy} className={buttonClass('secondary')}>
          取消
        </button>
        <button type="button" onClick={confirm} disabled={busy} className={DANGER_BUTTON}>
          {busy ? '删除中...' : '删除'}
        </button>
      </div>
    </Modal>
  );
}
