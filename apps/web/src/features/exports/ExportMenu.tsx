import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, ClipboardCopy, Download, FileDown, FileText, Images, LoaderCircle, type LucideIcon, Smartphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { copyWechatLayout } from '../wechat-layout/copy-wechat';
import { type DownloadFormat, downloadExport } from './export-api';

export { COPY_WECHAT_FAILED_TEXT, COPY_WECHAT_OK_TEXT } from '../wechat-layout/copy-wechat';
export const NO_EXPORT_ID_TEXT = '文章ID不存在，无法导出';

// The theme picker and its phone frame load when first opened, not with the menu.
const WechatLayoutDialog = lazy(() => import('../wechat-layout/WechatLayoutDialog'));

type Action = 'wechat' | 'layout' | DownloadFormat;

interface Item {
  action: Action;
  label: string;
  busyLabel: string;
  icon: LucideIcon;
}

const ITEMS: readonly Item[] = [
  { action: 'wechat', label: '复制为公众号格式', busyLabel: '正在复制…', icon: ClipboardCopy },
  { action: 'layout', label: '公众号排版预览', busyLabel: '正在打开…', icon: Smartphone },
  { action: 'md', label: '下载 Markdown', busyLabel: '正在导出…', icon: FileText },
  { action: 'docx', label: '下载 Word', busyLabel: '正在生成 Word…', icon: FileDown },
  { action: 'xhs-cards', label: '下载小红书图片（zip）', busyLabel: '正在生成图片…', icon: Images },
];

interface ExportMenuProps {
  articleId: string | null;
  /** Why exporting is not possible now (unsaved edits); shown instead of exporting. */
  blockedReason?: string | null;
  /** Which edge of the button the menu lines up with. */
  align?: 'left' | 'right';
}

/**
 * 导出: the saved article for the WeChat editor (rich-text copy, or a theme chosen in a phone-frame
 * preview), as Markdown, as Word, or as Xiaohongshu image cards. A Radix dropdown menu: arrow keys move, Escape or a click elsewhere
 * closes it, focus returns to the button. The menu stays open while an export runs and when it fails.
 */
export function ExportMenu({ articleId, blockedReason = null, align = 'left' }: ExportMenuProps) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [layoutFor, setLayoutFor] = useState<string | null>(null);

  const run = async (action: Action) => {
    if (busy) return;
    if (!articleId) {
      toast.info(NO_EXPORT_ID_TEXT);
      return;
    }
    if (blockedReason) {
      toast.info(blockedReason);
      return;
    }
    if (action === 'layout') {
      setOpen(false);
      setLayoutFor(articleId);
      return;
    }
    setBusy(action);
    try {
      if (action === 'wechat') {
        // In the article's own theme (chosen in the 公众号排版 dialog; the server applies it).
        if (await copyWechatLayout(articleId, undefined, toast)) setOpen(false);
      } else {
        await downloadExport(articleId, action);
        setOpen(false);
      }
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message || REQUEST_FAILED_MESSAGE : REQUEST_FAILED_MESSAGE);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="export-menu" className="relative inline-block">
      {/* NOTE: modal={false}: a modal menu locks scrolling with an injected <style>, which the CSP refuses. */}
      <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
        <DropdownMenu.Trigger className={buttonClass('secondary', 'px-3 py-2')}>
          <Download aria-hidden="true" className="size-4" />
          导出
          <ChevronDown aria-hidden="true" className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            aria-label="导出文章"
            align={align === 'right' ? 'end' : 'start'}
            sideOffset={4}
            loop
            className="z-20 w-60 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg outline-none"
          >
            {blockedReason && <p className="px-3 py-2 text-xs text-amber-600">{blockedReason}</p>}
            {ITEMS.map((item) => {
              const Icon = busy === item.action ? LoaderCircle : item.icon;
              return (
                <DropdownMenu.Item
                  key={item.action}
                  aria-busy={busy === item.action}
                  disabled={busy !== null && busy !== item.action}
                  onSelect={(event) => {
                    // The menu closes itself once the export succeeded (run), not on the choice.
                    event.preventDefault();
                    void run(item.action);
                  }}
                  className="flex w-full cursor-default items-center gap-2 px-3 py-2 text-left text-sm text-slate-700 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-slate-50"
                >
                  <Icon aria-hidden="true" className={`size-4 ${busy === item.action ? 'animate-spin' : ''}`} />
                  {busy === item.action ? item.busyLabel : item.label}
                </DropdownMenu.Item>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {layoutFor && (
        <Suspense fallback={null}>
          <WechatLayoutDialog articleId={layoutFor} onClose={() => setLayoutFor(null)} />
        </Suspense>
      )}
    </div>
  );
}
