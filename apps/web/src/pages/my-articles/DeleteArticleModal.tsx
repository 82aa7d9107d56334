import { articleListTitle } from '@tianma/shared';
import { useToast } from '../../components/toast/toast-context';
import { Modal } from '../../components/ui/Modal';
import { buttonClass } from '../../components/ui/button-styles';
import { errorText } from './use-my-articles';
import type { ArticleListItem } from './my-articles-api';
import { useDeleteArticle } from './use-article-mutations';

interface DeleteArticleModalProps {
  article: ArticleListItem;
  onClose: () => void;
}

const DANGER_BUTTON =
  'inline-flex items-center justify-center rounded-xl bg-red-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-60';

/** Asks before deleting; the card goes only once the server has deleted the article. */
export function DeleteArticleModal({ article, onClose }: DeleteArticleModalProps) {
  const toast = useToast();
  const remove = useDeleteArticle();
  const busy = remove.isPending;

  const confirm = () =>
    remove.mutate(article.articleId, {
      onSuccess: () => {
        toast.success('文章已删除');
        onClose();
      },
      onError: (error) => toast.error(errorText(error)),
    });

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
