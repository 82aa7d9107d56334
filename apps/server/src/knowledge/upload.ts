import path from 'node:path';
import { KB_MAX_FILE_BYTES, KB_MAX_FILES, KB_MAX_SESSION_CHARS } from '@tianma/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import type { DocumentPictureWork } from './document-pictures.js';
import { KnowledgeParseError, type KnowledgeParseReason, type ParsedDocument, parseDocument } from './parse/index.js';
import { createSession, findUploadSession, KB_SESSION_ID_MESSAGE, KB_SESSION_ID_PATTERN, markFilesChanged, newKbId } from './sessions.js';
import { type KbFileRow, kbFiles } from './tables.js';

export interface UploadForm {
  sessionId: string | null;
  deepspaceId: string | null;
  files: { name: string; bytes: Buffer; truncated: boolean }[];
}

const MAX_NAME_CHARS = 200;

/** A file name as shown back to the user: no directories, no control characters, not endless. */
function cleanName(raw: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const base = path.basename((raw ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...(base || '未命名文件')].slice(0, MAX_NAME_CHARS).join('');
}

/** Reads the multipart form; an oversized file is read to its limit and flagged, so all of them can be named. */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', '请以表单方式上传文件');
  const form: UploadForm = { sessionId: null, deepspaceId: null, files: [] };
  try {
    // NOTE: @fastify/multipart honours throwFileSizeLimit per call; its types only list busboy's options.
    const options = { limits: { fileSize: KB_MAX_FILE_BYTES, files: KB_MAX_FILES, fields: 10, fieldSize: 200 }, throwFileSizeLimit: false };
    const parts = request.parts(options as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'files' || part.fieldname === 'file') form.files.push({ name: cleanName(part.filename), bytes, truncated: part.file.truncated });
      } else if (part.fieldname === 'session_id') {
        form.sessionId = String(part.value ?? '').trim() || null;
      } else if (part.fieldname === 'deepspace_id') {
        form.deepspaceId = String(part.value ?? '').trim() || null;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', `文件数量超出限制，最多${KB_MAX_FILES}个`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('BAD_REQUEST', '表单字段过多');
    if (error instanceof AppError) throw error;
    // A malformed or cut-off form (busboy: "Unexpected end of form", "Malformed part header") is the client's.
    throw new AppError('BAD_REQUEST', '上传内容不完整或格式有误，请重新上传', { cause: error });
  }
  if (form.sessionId !== null && !KB_SESSION_ID_PATTERN.test(form.sessionId)) throw new AppError('BAD_REQUEST', KB_SESSION_ID_MESSAGE);
  return form;
}

/** Refusals about what kind of file it is (415); the rest are about its content (400). */
const UNSUPPORTED = new Set<KnowledgeParseReason>(['unsupported_type', 'type_mismatch', 'doc_format']);

interface ParsedUpload {
  name: string;
  bytes: Buffer;
  parsed: ParsedDocument;
}

/** Every check first, every write after: a refused file refuses the whole upload and changes nothing. */
async function parseAll(files: UploadForm['files']): Promise<ParsedUpload[]> {
  const oversize = files.filter((file) => file.truncated).map((file) => file.name);
  if (oversize.length > 0) throw new AppError('PAYLOAD_TOO_LARGE', `以下文件超过10MB：${oversize.join('、')}`);
  const parsed: ParsedUpload[] = [];
  for (const file of files) {
    try {
      parsed.push({ name: file.name, bytes: file.bytes, parsed: await parseDocument(file.bytes, file.name) });
    } catch (error) {
      if (!(error instanceof KnowledgeParseError)) throw error;
      const status = UNSUPPORTED.has(error.reason) ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      throw new AppError(status, `《${file.name}》${error.userMessage}`, { internal: error.message });
    }
  }
  return parsed;
}

/**
 * Adds files to the user's session (a new one when none is given, or when the client brings a
 * new id of its own): at most five in all,
 * each at most 10 MB, parsed and counted before anything is stored. Answers the session and the
 * files added; the session's index no longer matches and must be built again. The files'
 * pictures go into the user's image library afterwards, off this answer (`pictures`).
 */
export async function uploadFiles(
  deps: { db: Db; storage: ObjectStorage; pictures?: DocumentPictureWork },
  userId: number,
  form: UploadForm,
): Promise<{ sessionId: string; added: KbFileRow[] }> {
  const { db, storage } = deps;
  if (form.files.length === 0) throw new AppError('BAD_REQUEST', '请选择要上传的文件');
  const existing = form.sessionId ? await findUploadSession(db, userId, form.sessionId) : null;
  const [held] = existing
    ? await db
        .select({ count: sql<number>`count(*)::int`, chars: sql<number>`coalesce(sum(${kbFiles.chars}), 0)::int` })
        .from(kbFiles)
        .where(eq(kbFiles.sessionId, existing.id))
    : [{ count: 0, chars: 0 }];
  const total = held!.count + form.files.length;
  if (total > KB_MAX_FILES) throw new AppError('BAD_REQUEST', `文件数量超出限制，最多${KB_MAX_FILES}个，当前${total}个`);

  const uploads = await parseAll(form.files);
  const chars = held!.chars + uploads.reduce((sum, upload) => sum + upload.parsed.chars, 0);
  if (chars > KB_MAX_SESSION_CHARS) {
    throw new AppError('PAYLOAD_TOO_LARGE', `知识库内容过多（共约${Math.round(chars / 10_000)}万字，上限${KB_MAX_SESSION_CHARS / 10_000}万字），请删减文件后再上传`);
  }

  const session = existing ?? (await createSession(db, userId, form.sessionId ?? undefined));
  const now = Date.now();
  const rows = uploads.map((upload, i) => {
    const id = newKbId();
    return {
      id,
      sessionId: session.id,
      fileName: upload.name,
      fileType: upload.parsed.type,
      sizeBytes: upload.bytes.length,
      chars: upload.parsed.chars,
      storageKey: `kb/${session.id}/${id}.${upload.parsed.type}`,
      content: upload.parsed.text,
      // Distinct times keep the list in upload order (one INSERT would give them all the same now()).
      createdAt: new Date(now + i),
    };
  });
  await Promise.all(rows.map((row, i) => storage.put(row.storageKey, uploads[i]!.bytes, 'application/octet-stream')));
  try {
    const added = await db.transaction(async (tx) => {
      const inserted = await tx.insert(kbFiles).values(rows).returning();
      await markFilesChanged(tx, session.id);
      return inserted;
    });
    deps.pictures?.start(
      userId,
      uploads.map((upload) => ({ name: upload.name, type: upload.parsed.type, bytes: upload.bytes })),
    );
    return { sessionId: session.id, added };
  } catch (error) {
    await Promise.all(rows.map((row) => storage.delete(row.storageKey).catch(() => undefined)));
    throw error;
  }
}

/** What the client sees of a file (API.md `file_list`). */
export function presentFile(row: KbFileRow) {
  return { file_name: row.fileName, file_type: row.fileType, file_id: row.id, chars: row.chars, size: row.sizeBytes };
}
