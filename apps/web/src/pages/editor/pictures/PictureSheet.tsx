import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Sparkles, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { DialogShell } from '../../../components/ui/DialogShell';
import { queryKeys } from '../../../lib/query-keys';
import type { PlacedPicture } from './apply-picture';
import { PictureGrid } from './PictureGrid';
import {
  drawPicture,
  type PictureCandidate,
  PICTURE_TYPES,
  importPicture,
  pictureErrorText,
  pictureFileProblem,
  searchPictures,
  uploadPicture,
} from './picture-api';

export interface PictureSheetProps {
  articleId: string;
  /** The paragraph's words, which the search is given. */
  query: string;
  /** Whether a picture already follows the paragraph (替换 is offered). */
  canReplace: boolean;
  onPick: (picture: PlacedPicture, where: 'insert' | 'replace') => void;
  onClose: () => void;
}

const FIELD = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none';

/**
 * 为本段配图 (issue 18, point 4): candidates for one paragraph ranked by the server (decision 064),
 * an upload into the user's library that searches again, and the pick (a stock picture is copied
 * into our storage first). A bottom sheet on phones, a panel at the right from md up.
 */
export function PictureSheet({ articleId, query, canReplace, onPick, onClose }: PictureSheetProps) {
  const queryClient = useQueryClient();
  const search = useQuery({
    queryKey: queryKeys.pictures.search(articleId, query),
    queryFn: ({ signal }) => searchPictures(query, articleId, signal),
    staleTime: 0,
  });

  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadPicture(chosen, caption),
    onSuccess: () => {
      setFile(null);
      setCaption('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.pictures.all });
    },
  });
  const [drawn, setDrawn] = useState<PictureCandidate[]>([]);
  const draw = useMutation({
    mutationFn: () => drawPicture(query, articleId),
    onSuccess: (picture) => setDrawn((list) => [picture, ...list]),
  });
  const pick = useMutation({
    mutationFn: async ({ candidate }: { candidate: PictureCandidate; where: 'insert' | 'replace' }): Promise<PlacedPicture> => {
      if (!candidate.importToken) return { url: candidate.url, caption: candidate.caption, attribution: candidate.attribution };
      const imported = await importPicture(candidate.importToken);
      return { url: imported.url, caption: imported.caption || candidate.caption, attribution: imported.attribution ?? candidate.attribution };
    },
    onSuccess: (picture, { where }) => onPick(picture, where),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileProblem('请选择要上传的图片');
      return;
    }
    const problem = pictureFileProblem(file);
    setFileProblem(problem);
    if (!problem) upload.mutate(file);
  };

  return (
    <DialogShell
      onClose={onClose}
      placement="bottom"
      testId="picture-sheet"
      // NOTE: as 历史版本: a bottom sheet on phones; from md up the auto margin and self-stretch make it a full-height panel at the right.
      className="flex max-h-[85dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl md:ml-auto md:h-full md:max-h-none md:max-w-xl md:self-stretch md:rounded-none md:rounded-l-2xl"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
        <Dialog.Title className="text-lg font-semibold text-slate-900">为本段配图</Dialog.Title>
        <Dialog.Close aria-label="关闭" className="-m-1 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-3">
        <p data-testid="picture-paragraph" className="line-clamp-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {query}
        </p>
        <PictureGrid
          search={search}
          drawn={drawn}
          canReplace={canReplace}
          picking={pick.isPending ? pick.variables?.candidate : undefined}
          onPick={(candidate, where) => pick.mutate({ candidate, where })}
        />
        {pick.isError && (
          <p role="alert" className="text-sm text-rose-600">
            {pictureErrorText(pick.error)}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3">
          <p className="min-w-0 flex-1 text-xs text-slate-500">按这一段的内容生成一张配图：配置了图像模型时由 AI 绘制，否则生成带标题的文字卡片。</p>
          <button
            type="button"
            data-testid="picture-draw"
            disabled={draw.isPending}
            onClick={() => draw.mutate()}
            className="inline-flex items-center gap-1 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-100 disabled:opacity-60"
          >
            <Sparkles aria-hidden="true" className="size-4" />
            {draw.isPending ? '生成中...' : '生成配图'}
          </button>
          {draw.isError && (
            <p role="alert" data-testid="picture-draw-error" className="w-full text-sm text-rose-600">
              {pictureErrorText(draw.error)}
            </p>
          )}
        </div>
        <form onSubmit={submit} data-testid="picture-upload" className="space-y-2 rounded-xl border border-dashed border-slate-300 p-3">
          <p className="flex items-center gap-1 text-sm font-medium text-slate-700">
            <ImagePlus aria-hidden="true" className="size-4" />
            上传到我的图库
          </p>
          <input
            type="file"
            aria-label="选择图片"
            data-testid="picture-file"
            accept={PICTURE_TYPES.join(',')}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setFileProblem(chosen && pictureFileProblem(chosen));
              upload.reset();
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-indigo-700"
          />
          <input
            type="text"
            aria-label="图片说明"
            data-testid="picture-caption"
            maxLength={200}
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            placeholder="图片说明：写下图里有什么，搜索靠它找到这张图"
            className={FIELD}
          />
          {(fileProblem || upload.isError) && (
            <p role="alert" data-testid="picture-upload-error" className="text-sm text-rose-600">
              {fileProblem ?? pictureErrorText(upload.error)}
            </p>
          )}
          <button
            type="submit"
            data-testid="picture-upload-submit"
            disabled={upload.isPending}
            className="rounded-lg bg-indigo-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60"
          >
            {upload.isPending ? '上传中...' : '上传并重新搜索'}
          </button>
        </form>
      </div>
    </DialogShell>
  );
}
