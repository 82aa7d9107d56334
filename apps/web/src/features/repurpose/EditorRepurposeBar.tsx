import { shareTitle } from '@tianma/shared';
import { ArticleOriginLine } from './ArticleOriginLine';
import { RepurposeButton } from './RepurposeButton';

/** Above the editor: where a repurposed article came from, and 一稿多发 for this one. */
export function EditorRepurposeBar({ articleId, content }: { articleId: string; content: string }) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <ArticleOriginLine articleId={articleId} />
      <div className="ml-auto">
        <RepurposeButton articleId={articleId} title={shareTitle(content)} />
      </div>
    </div>
  );
}
