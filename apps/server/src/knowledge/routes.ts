import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Auth, assertSameUser } from '../accounts/auth.js';
import { requirePro } from '../accounts/pro-gate.js';
import type { Db } from '../platform/db/index.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import type { BuildEventBus, BuildQueue } from './build-ports.js';
import { startBuild } from './build.js';
import { DocumentPictureWork } from './document-pictures.js';
import { streamBuild } from './build-stream.js';
import { deleteSessionFile, listSessionFiles } from './session-files.js';
import { useLiveSession } from './sessions.js';
import { presentFile, readUploadForm, uploadFiles } from './upload.js';

export interface KnowledgeRouteDeps {
  db: Db;
  auth: Auth;
  storage: ObjectStorage;
  /** Builds run on the task queue's workers and report on the event bus. */
  queue: BuildQueue;
  bus: BuildEventBus;
  logger: Logger;
}

const base = '/api/v1/temp_knowledge';
// Parsing PDFs and Word files is heavy: a per-IP cap keeps one client from monopolising it.
const UPLOAD_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const BUILD_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };
/** The knowledge base is a Pro feature (spec: advanced creation; pricing: free lacks it). */
const PRO_FEATURE = '知识库';

/**
 * The temporary knowledge base (API.md): upload, list, delete, build with a progress stream, and
 * status. A session that expired, or that is someone else's, answers 404 on every call.
 *
 * Upload and build are Pro only (403, code 1006, 权限不足, before the form is read or anything is
 * stored). Listing, deleting, the status and the stream stay open to the session's owner: a basic
 * user cannot create a session, and one whose Pro month ended may still see and delete the files
 * of a session made before, for the few hours it lives (decision 052).
 */
export function registerKnowledgeRoutes(app: FastifyInstance, deps: KnowledgeRouteDeps): void {
  const { db, auth } = deps;
  // The uploaded documents' pictures go into the image library after the answer; closing waits for them.
  const pictures = new DocumentPictureWork(deps);
  app.addHook('onClose', () => pictures.settled());

  app.post(`${base}/upload`, { config: UPLOAD_LIMIT }, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    requirePro(current.user, PRO_FEATURE);
    const form = await readUploadForm(request);
    assertSameUser(current, form.deepspaceId);
    const { sessionId, added } = await uploadFiles({ ...deps, pictures }, current.user.id, form);
    return { success: true, session_id: sessionId, file_list: added.map(presentFile), message: '文件上传成功' };
  });

  app.get<{ Params: { sessionId: string } }>(`${base}/files/:sessionId`, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const session = await useLiveSession(db, current.user.id, request.params.sessionId);
    reply.header('Cache-Control', 'no-store');
    return { success: true, session_id: session.id, file_list: (await listSessionFiles(db, session.id)).map(presentFile), status: session.status };
  });

  app.delete<{ Params: { sessionId: string; fileId: string } }>(`${base}/files/:sessionId/:fileId`, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const session = await useLiveSession(db, current.user.id, request.params.sessionId);
    await deleteSessionFile(deps, session.id, request.params.fileId);
    return { success: true, message: '文件已删除' };
  });

  app.post<{ Params: { sessionId: string } }>(`${base}/build/:sessionId`, { config: BUILD_LIMIT }, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    requirePro(current.user, PRO_FEATURE);
    const session = await useLiveSession(db, current.user.id, request.params.sessionId);
    const started = await startBuild(deps, session);
    return { success: true, ...started };
  });

  app.get<{ Params: { sessionId: string } }>(`${base}/build/stream/:sessionId`, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const session = await useLiveSession(db, current.user.id, request.params.sessionId);
    await streamBuild(deps, request, reply, session.id);
  });

  app.get<{ Params: { sessionId: string } }>(`${base}/status/:sessionId`, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const session = await useLiveSession(db, current.user.id, request.params.sessionId);
    reply.header('Cache-Control', 'no-store');
    return { success: true, status: session.status, message: session.message, progress: session.progress };
  });
}
