import { Transform, type TransformCallback } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Text that is not well-formed Unicode is refused at the edge, before any handler (issue 15).
 * JSON's "\ud800" escapes, a multipart part declared UTF-16, or an RFC 5987 file name all turn
 * into lone UTF-16 surrogates, which PostgreSQL refuses in jsonb (a 500) and which a text column
 * would store as U+FFFD; bytes that are not UTF-8 would be read as U+FFFD without a word. Every
 * such request is a 400, whichever route it is for:
 * - the URL: every run of percent-escapes must decode as UTF-8 (Fastify keeps a query value that
 *   does not decode as it was sent, "%ED%A0%80", rather than refusing it);
 * - JSON and text bodies: the bytes must be UTF-8;
 * - the parsed body, query and path parameters: every string, keys included, at any depth;
 * - multipart forms (read by the handlers as streams): field names, values and file names, as the
 *   handler reads each part; the refusal reaches the handler in place of the part.
 */
export const ILL_FORMED_TEXT_MESSAGE = '请求内容包含无效字符';

const refusal = (internal: string) => new AppError('BAD_REQUEST', ILL_FORMED_TEXT_MESSAGE, { internal });

// NOTE: String.prototype.isWellFormed is Node 20's, newer than the ES2023 library the types name.
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** True when every string in a parsed value, keys included, is well-formed. */
export function holdsOnlyWellFormedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isWellFormed(value);
  if (value === null || typeof value !== 'object' || depth > 64) return true;
  if (Array.isArray(value)) return value.every((item) => holdsOnlyWellFormedText(item, depth + 1));
  return Object.entries(value).every(([key, item]) => isWellFormed(key) && holdsOnlyWellFormedText(item, depth + 1));
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** True when every run of percent-escapes in a URL decodes as UTF-8 (a stray '%' is left alone, as Fastify does). */
export function percentEscapesAreUtf8(url: string): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const [run] of url.matchAll(PERCENT_RUN)) {
    const bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => Number.parseInt(hex, 16));
    try {
      decoder.decode(bytes);
    } catch {
      return false;
    }
  }
  return true;
}

/** Passes a body through unchanged, failing it at the first byte that is not UTF-8. */
class Utf8Check extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.decoder.decode(chunk, { stream: true });
      callback(null, chunk);
    } catch {
      callback(refusal('request body is not UTF-8'));
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      this.decoder.decode();
      callback();
    } catch {
      callback(refusal('request body ends inside a UTF-8 sequence'));
    }
  }
}

/** Bodies that are read as text: JSON (also `+json`) and text/*. Multipart and binary bodies are not. */
const TEXT_BODY = /^\s*(?:application\/(?:[\w.-]+\+)?json|text\/)/i;

function checkPart(part: Multipart): void {
  const texts = [part.fieldname, part.type === 'file' ? part.filename : part.value];
  if (texts.every((text) => holdsOnlyWellFormedText(text))) return;
  // The refused file's bytes are drained, so the rest of the form can still be read or dropped.
  if (part.type === 'file') part.file.resume();
  throw refusal(`multipart ${part.type} ${JSON.stringify(part.fieldname)} holds ill-formed text`);
}

async function* checkedParts<Part extends Multipart>(parts: AsyncIterable<Part>): AsyncGenerator<Part> {
  for await (const part of parts) {
    checkPart(part);
    yield part;
  }
}

/** This request's readers of a multipart form, each part checked as it is read. */
function guardMultipart(request: FastifyRequest): void {
  const { parts, files, file } = request;
  request.parts = (options) => checkedParts(parts.call(request, options));
  request.files = (options) => checkedParts(files.call(request, options));
  request.file = async (options) => {
    const part = await file.call(request, options);
    if (part) checkPart(part);
    return part;
  };
}

export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!percentEscapesAreUtf8(request.url)) throw refusal('URL escapes are not UTF-8');
  });
  app.addHook('preParsing', async (request, _reply, payload) => (TEXT_BODY.test(request.headers['content-type'] ?? '') ? payload.pipe(new Utf8Check()) : payload));
  app.addHook('preValidation', async (request) => {
    if (!holdsOnlyWellFormedText(request.body) || !holdsOnlyWellFormedText(request.query) || !holdsOnlyWellFormedText(request.params)) {
      throw refusal('a string of the request is not well-formed Unicode');
    }
    if (request.isMultipart()) guardMultipart(request);
  });
}
