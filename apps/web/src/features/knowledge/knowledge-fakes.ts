import { vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { FakeStream, MemoryStorage } from '../generation/tracking-fakes';
import type { BuildStreamEvent } from './build-progress';
import type { KnowledgeApi, KnowledgeFile, ServerBuildStatus } from './knowledge-api';
import { createKnowledgeController } from './knowledge-controller';

/** Test doubles for the knowledge controller: scripted calls, scripted build streams. */

export function kbFile(id: string, name = `${id}.txt`, chars: number | null = 1200): KnowledgeFile {
  return { name, type: name.split('.').pop()!.toUpperCase(), documentId: id, fileId: id, chars, size: 2048 };
}

export const expiredError = () => new ApiError(404, '知识库会话不存在或已过期');

export function fakeKnowledgeApi() {
  const streams: FakeStream[] = [];
  const api = {
    upload: vi.fn<KnowledgeApi['upload']>(async () => ({ sessionId: 'kb-1', files: [kbFile('f1')] })),
    listFiles: vi.fn<KnowledgeApi['listFiles']>(async () => []),
    deleteFile: vi.fn<KnowledgeApi['deleteFile']>(async () => {}),
    build: vi.fn<KnowledgeApi['build']>(async () => ({ status: 'building', message: '开始构建' })),
    status: vi.fn<KnowledgeApi['status']>(async () => ({ status: 'none' as ServerBuildStatus, message: null })),
    openBuildStream: vi.fn<KnowledgeApi['openBuildStream']>((sessionId) => {
      const stream = new FakeStream(sessionId, undefined);
      streams.push(stream);
      return stream;
    }),
  } satisfies KnowledgeApi;
  return { api, streams };
}

export function setupController(options: { storedId?: string } = {}) {
  const { api, streams } = fakeKnowledgeApi();
  const storage = new MemoryStorage();
  if (options.storedId) storage.setItem('knowledgeBaseSessionId', options.storedId);
  const toasts: [string, string][] = [];
  const controller = createKnowledgeController({
    api,
    storage,
    toast: (kind, message) => toasts.push([kind, message]),
    deepspaceId: () => '7',
  });
  return { controller, api, streams, storage, toasts };
}

/** A File of the given size without allocating it. */
export function pickedFile(name: string, size = 100): File {
  const file = new File(['x'], name, { type: 'text/plain' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** One build-stream event, as the server sends it. */
export function sendBuildEvent(stream: FakeStream | undefined, event: BuildStreamEvent): void {
  if (!stream) throw new Error('no build stream was opened');
  stream.onMessage?.({ data: JSON.stringify(event) });
}
