import { Suspense, useState } from 'react';
import { lazyWithPreload } from '../../components/ui/lazy-with-preload';
import { PublishStatusLine } from './PublishStatusLine';

// The 公众号排版 dialog loads when it is first wanted, as from the export menu.
const WechatLayoutDialog = lazyWithPreload(() => import('../wechat-layout/WechatLayoutDialog'), 'default');

/**
 * The editor's line about the article's latest publication to an official account, which opens
 * the 公众号排版 dialog on its 存入草稿箱 panel. Nothing shows before the first publication.
 */
export function EditorPublishStatus({ articleId }: { articleId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PublishStatusLine articleId={articleId} poll={!open} onPreload={WechatLayoutDialog.preload} onOpen={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <WechatLayoutDialog articleId={articleId} initialTab="publish" onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export default EditorPublishStatus;
