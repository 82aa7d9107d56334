import { ChevronDown, ClipboardCopy, Download, FileDown, FileText, Images, LoaderCircle, type LucideIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { copyRichText } from './copy-rich-text';
import { type DownloadFormat, downloadExport, fetchWechatHtml } from './export-api';

export const COPY_WECHAT_OK_TEXT = '已复制，可直接粘贴到公众号编辑器';
export const COPY_WECHAT_FAILED_TEXT = '复制失败，请重试';
export const NO_EXPORT_ID_TEXT = '文章ID不存在，无法导出';

type Action = 'wechat' | DownloadFormat;

interface Item {
  action: Action;
  label: string;
  busyLabel: string;
  icon: LucideIcon;
}

const ITEMS: readonly Item[] = [
  { action: 'wechat', label: '复制为公众号格式', busyLabel: '正在复制…', icon: ClipboardCopy },
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
 * 导出: the saved article for the WeChat editor (rich-text copy), as Markdown, as Word, or as
 * Xiaohongshu image cards. Escape or a click elsewhere closes the menu; focus returns to the button.
 */
export function ExportMenu({ articleId, blockedReason = null, align = 'left' }: ExportMenuProps) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };

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
    setBusy(action);
    try {
      if (action === 'wechat') {
        await copyRichText(fetchWechatHtml(articleId).then((answer) => answer.html));
        toast.success(COPY_WECHAT_OK_TEXT);
      } else {
        await downloadExport(articleId, action);
      }
      close(true);
    } catch (error) {
      if (error instanceof ApiError) toast.error(error.message || REQUEST_FAILED_MESSAGE);
      else toast.error(action === 'wechat' ? COPY_WECHAT_FAILED_TEXT : REQUEST_FAILED_MESSAGE);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div ref={rootRef} data-testid="export-menu" className="relative inline-block">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={buttonClass('secondary', 'px-3 py-2')}
      >
        <Download aria-hidden="true" className="size-4" />
        导出
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="导出文章"
          tabIndex={-1}
          onKeyDown={moveFocus}
          className={`absolute top-full z-20 mt-1 w-60 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {blockedReason && <p className="px-3 py-2 text-xs text-amber-600">{blockedReason}</p>}
          {ITEMS.map((item, index) => {
            const Icon = busy === item.action ? LoaderCircle : item.icon;
            return (
              <button
                key={item.action}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                aria-busy={busy === item.action}
                disabled={busy !== null && busy !== item.action}
                onClick={() => void run(item.action)}
                className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60"
              >
                <Icon aria-hidden="true" className={`size-4 ${busy === item.action ? 'animate-spin' : ''}`} />
                {busy === item.action ? item.busyLabel : item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
