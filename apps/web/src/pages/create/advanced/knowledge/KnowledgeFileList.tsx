import { FileText, LoaderCircle, Trash2 } from 'lucide-react';
import type { KnowledgeFile } from '../../../../features/knowledge/knowledge-api';

interface KnowledgeFileListProps {
  files: readonly KnowledgeFile[];
  deleting: readonly string[];
  /** Deleting is not offered while a build or an upload runs. */
  disabled: boolean;
  onRemove: (fileId: string) => void;
}

export function KnowledgeFileList({ files, deleting, disabled, onRemove }: KnowledgeFileListProps) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="已上传的文件" className="space-y-2">
      {files.map((file) => {
        const busy = deleting.includes(file.fileId);
        return (
          <li key={file.fileId} data-testid="kb-file-item" className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-indigo-500" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-800" title={file.name}>
                {file.name}
              </p>
              <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <span className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-600">{file.type}</span>
                {file.chars !== null && <span>{file.chars.toLocaleString('zh-CN')} 字</span>}
              </p>
            </div>
            <button
              type="button"
              onClick={() => onRemove(file.fileId)}
              disabled={disabled || busy}
              aria-label={`删除 ${file.name}`}
              aria-busy={busy}
              className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-red-50 hover:text-red-600 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Trash2 aria-hidden="true" className="size-4" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
