import { LoaderCircle, Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { ACCEPT_ATTRIBUTE, MAX_KNOWLEDGE_FILES } from '../../../../features/knowledge/knowledge-rules';

interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  uploading: boolean;
  /** No picking and no dropping (busy, locked form, or full). */
  disabled: boolean;
  fileCount: number;
}

/** A file picker that also takes dropped files; the rules are checked by the caller. */
export function FileDropZone({ onFiles, uploading, disabled, fileCount }: FileDropZoneProps) {
  const id = useId();
  const [over, setOver] = useState(false);

  const dragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length > 0) onFiles(files);
  };

  const tone = disabled
    ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400'
    : over
      ? 'cursor-pointer border-indigo-500 bg-indigo-50 text-indigo-700'
      : 'cursor-pointer border-slate-300 bg-white text-slate-600 hover:border-indigo-400 hover:bg-indigo-50/40';

  return (
    <label
      htmlFor={id}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="kb-drop-zone"
      className={`flex flex-col items-center gap-1.5 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors has-focus-visible:ring-2 has-focus-visible:ring-indigo-200 ${tone}`}
    >
      <input
        id={id}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        data-testid="kb-file-input"
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so picking the same file again after a refusal fires again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
        className="sr-only"
      />
      {uploading ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-indigo-600" />
          <span className="text-sm font-medium">文件上传中...</span>
        </>
      ) : (
        <>
          <Upload aria-hidden="true" className="size-6" />
          <span className="text-sm font-medium">点击选择文件，或将文件拖到此处</span>
        </>
      )}
      <span className="text-xs text-slate-500">
        支持 .txt、.pdf、.docx、.md，最多{MAX_KNOWLEDGE_FILES}个，单个不超过10MB（已上传 {fileCount}/{MAX_KNOWLEDGE_FILES}）
      </span>
    </label>
  );
}
