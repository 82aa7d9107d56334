import { KB_ACCEPTED_EXTENSIONS, KB_MAX_FILE_BYTES, KB_MAX_FILES } from '@tianma/shared';

/** The knowledge files' limits (content-creation §5, §9), checked here before an upload and again by the server. */

export const MAX_KNOWLEDGE_FILES = KB_MAX_FILES;
export const MAX_KNOWLEDGE_FILE_BYTES = KB_MAX_FILE_BYTES;
export const ACCEPTED_EXTENSIONS = KB_ACCEPTED_EXTENSIONS;
/** For the file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

/** What the checks need of a File (tests pass plain objects). */
export interface PickedFile {
  name: string;
  size: number;
}

export type FileCheck = { ok: true } | { ok: false; message: string };

/** The file name's extension, lower case with its dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export function isAcceptedFile(name: string): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/**
 * The whole batch is refused when one rule fails, as the server refuses an upload as a whole.
 * Order: count (over the files already held), type, size.
 */
export function checkKnowledgeFiles(existingCount: number, files: readonly PickedFile[]): FileCheck {
  const total = existingCount + files.length;
  if (total > MAX_KNOWLEDGE_FILES) {
    return { ok: false, message: `文件数量超出限制，最多${MAX_KNOWLEDGE_FILES}个，当前${total}个` };
  }
  const wrongType = files.filter((file) => !isAcceptedFile(file.name));
  if (wrongType.length > 0) {
    return { ok: false, message: `不支持的文件类型：${names(wrongType)}（仅支持 ${ACCEPTED_EXTENSIONS.join('、')}）` };
  }
  const tooLarge = files.filter((file) => file.size > MAX_KNOWLEDGE_FILE_BYTES);
  if (tooLarge.length > 0) {
    return { ok: false, message: `以下文件超过10MB，无法上传：${names(tooLarge)}` };
  }
  return { ok: true };
}

const names = (files: readonly PickedFile[]) => files.map((file) => file.name).join('、');
