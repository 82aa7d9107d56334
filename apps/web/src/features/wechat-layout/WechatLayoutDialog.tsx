import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { WECHAT_THEMES } from '@tianma/shared';
import { ClipboardCopy, LoaderCircle, X } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { DialogShell } from '../../components/ui/DialogShell';
import { copyWechatLayout } from './copy-wechat';
import { wechatPreviewPath } from './theme-choice';
import { useArticleTheme } from './use-article-theme';

// The publish panel loads when its tab is first opened: copying needs none of it.
const PublishPanel = lazy(() => import('../wechat-publish/PublishPanel'));

/** The phone's screen in CSS px (an iPhone 8's, WeChat's narrowest common width) and its bezel. */
const SCREEN = { width: 375, height: 667 };
const BEZEL = 8;
const PHONE = { width: SCREEN.width + 2 * BEZEL, height: SCREEN.height + 2 * BEZEL };
/** The stage's padding (p-4) on each side. */
const STAGE_PADDING = 16;

export type WechatLayoutTab = 'copy' | 'publish';

interface WechatLayoutDialogProps {
  articleId: string;
  onClose: () => void;
  /** Which step opens: 复制 (the export menu's) or 存入草稿箱 (the editor's publish status). */
  initialTab?: WechatLayoutTab;
}

const TAB = 'flex-1 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium text-slate-500 aria-selected:bg-white aria-selected:text-indigo-700 aria-selected:shadow-sm focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none';

/**
 * 公众号排版: the six layout themes as chips, the saved article in the chosen one inside a phone
 * frame, then either a copy of that layout as rich text or the article into a bound account's
 * draft box (PublishPanel). The article is shown by the server's preview page in an iframe: its
 * inline styles need that page's own Content-Security-Policy (decision 072). The theme is the
 * article's own, and a choice is saved on the article and remembered for the menu's 「复制为公众号格式」.
 */
export default function WechatLayoutDialog({ articleId, onClose, initialTab = 'copy' }: WechatLayoutDialogProps) {
  const toast = useToast();
  const { theme, choose, saveNote } = useArticleTheme(articleId);
  const [tab, setTab] = useState<WechatLayoutTab>(initialTab);
  // The publish panel stays mounted once shown, so that switching back to 复制 keeps what was typed.
  const [publishShown, setPublishShown] = useState(initialTab === 'publish');
  const [copying, setCopying] = useState(false);
  const src = wechatPreviewPath(articleId, theme);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const { stageRef, scale } = usePhoneScale();
  const publishing = tab === 'publish';

  const copy = async () => {
    if (copying) return;
    setCopying(true);
    const copied = await copyWechatLayout(articleId, theme, toast);
    setCopying(false);
    if (copied) onClose();
  };

  return (
    <DialogShell
      onClose={onClose}
      placement="center"
      testId="wechat-layout-dialog"
      className={`flex h-[min(46rem,calc(100dvh-2rem))] w-full flex-col overflow-hidden rounded-2xl bg-white shadow-xl max-sm:fixed max-sm:inset-0 max-sm:h-auto max-sm:max-w-none max-sm:rounded-none ${publishing ? 'max-w-5xl' : 'max-w-3xl'}`}
    >
      <Tabs.Root value={tab} onValueChange={(value) => {
          setTab(value === 'publish' ? 'publish' : 'copy');
          if (value === 'publish') setPublishShown(true);
        }} className="flex min-h-0 flex-1 flex-col">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-100 px-5 py-3">
          <Dialog.Title className="text-base font-semibold text-slate-900">公众号排版</Dialog.Title>
          <Tabs.List aria-label="排版后" className="order-last flex w-full rounded-xl bg-slate-100 p-1 sm:order-none sm:w-auto">
            <Tabs.Trigger value="copy" className={TAB}>
              复制
            </Tabs.Trigger>
            <Tabs.Trigger value="publish" className={TAB}>
              存入草稿箱
            </Tabs.Trigger>
          </Tabs.List>
          <Dialog.Close aria-label="关闭" className="-m-1 ml-auto rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          {/* relative: the chips' visually hidden inputs are placed within this column, not past the dialog's edge. */}
          <div className={`relative min-h-0 shrink-0 md:border-r md:border-slate-100 ${publishing ? 'flex-1 overflow-y-auto md:w-[26rem] md:flex-none' : 'md:w-56'}`}>
            <fieldset className="px-5 py-3 md:py-5">
              <legend className="float-left mb-2 text-sm font-medium text-slate-700">排版主题</legend>
              <div className="clear-left flex flex-wrap gap-2">
                {WECHAT_THEMES.map((item) => (
                  <label
                    key={item.id}
                    className="cursor-pointer rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:border-indigo-400 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-600 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-400 has-[:focus-visible]:ring-offset-2"
                  >
                    <input type="radio" name="wechat-theme" value={item.id} checked={theme === item.id} onChange={() => choose(item.id)} className="sr-only" />
                    {item.name}
                  </label>
                ))}
              </div>
              {saveNote && <p className="mt-2 text-xs text-amber-700">{saveNote}</p>}
              {!publishing && <p className="mt-4 hidden text-xs leading-5 text-slate-500 md:block">右侧为手机上的效果。复制后，粘贴到公众号编辑器即可。</p>}
            </fieldset>
            <Tabs.Content value="publish" forceMount className="px-5 focus-visible:outline-none data-[state=inactive]:hidden">
              {publishShown && (
                <Suspense fallback={<p className="py-4 text-center text-sm text-slate-400">加载中…</p>}>
                  <PublishPanel articleId={articleId} theme={theme} />
                </Suspense>
              )}
            </Tabs.Content>
          </div>
          <div
            ref={stageRef}
            className={`min-h-0 min-w-0 flex-1 items-center justify-center overflow-hidden bg-slate-100 p-4 ${publishing ? 'hidden md:flex' : 'flex'}`}
          >
            <div className="relative shrink-0" style={{ width: PHONE.width * scale, height: PHONE.height * scale }}>
              <div
                data-testid="wechat-phone"
                className="absolute top-0 left-0 h-[683px] w-[391px] origin-top-left overflow-hidden rounded-[2.5rem] border-8 border-slate-900 bg-white shadow-xl"
                style={{ transform: `scale(${scale})` }}
              >
                <iframe
                  title="公众号排版预览"
                  src={src}
                  // Nothing in the page may run, submit or navigate the app; it keeps its origin so the session cookie goes with it.
                  sandbox="allow-same-origin"
                  onLoad={() => setLoadedSrc(src)}
                  className="h-[667px] w-[375px] rounded-[2rem] bg-white"
                />
                {loadedSrc !== src && (
                  <div role="status" className="absolute inset-0 flex items-center justify-center gap-2 rounded-[2rem] bg-white/80 text-sm text-slate-500">
                    <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                    正在加载预览…
                  </div>
                )}
              </div>
            </div>
          </div>
        </div>
        <Tabs.Content value="copy" className="flex justify-end border-t border-slate-100 px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] focus-visible:outline-none">
          <button type="button" onClick={() => void copy()} aria-busy={copying} disabled={copying} className={buttonClass('primary', 'max-sm:w-full')}>
            {copying ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <ClipboardCopy aria-hidden="true" className="size-4" />}
            {copying ? '正在复制…' : '复制此排版'}
          </button>
        </Tabs.Content>
      </Tabs.Root>
    </DialogShell>
  );
}

/** How much the phone shrinks to fit the stage (never grows past its real size). */
function usePhoneScale() {
  // NOTE: a callback ref, not useRef: the dialog's portal mounts its content after the first
  // commit, so an effect of this component's first render would find no stage yet.
  const [stage, stageRef] = useState<HTMLDivElement | null>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    if (!stage) return;
    const fit = () => {
      const width = stage.clientWidth - 2 * STAGE_PADDING;
      const height = stage.clientHeight - 2 * STAGE_PADDING;
      // Not laid out (a test's DOM): the real size.
      if (width <= 0 || height <= 0) return setScale(1);
      setScale(Math.min(1, width / PHONE.width, height / PHONE.height));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stage]);
  return { stageRef, scale };
}
