import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.js';
import type { ObjectStorage } from '../storage/object-storage.js';

const NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
/** Avatars, article images and users' image libraries; every name in them is unique and unguessable. */
const MEDIA_FOLDERS = new Set(['avatars', 'articles', 'images']);

/** Serves stored files. Names are unique, so they are cached for good. */
export function registerMediaRoutes(app: FastifyInstance, storage: ObjectStorage): void {
  app.get<{ Params: { folder: string; name: string } }>('/media/:folder/:name', async (request, reply) => {
    const { folder, name } = request.params;
    if (!MEDIA_FOLDERS.has(folder) || !NAME_PATTERN.test(name) || name.startsWith('.')) throw notFound('文件不存在');
    const object = await storage.get(`${folder}/${name}`);
    if (!object) throw notFound('文件不存在');
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      // Pasted articles show these pictures on other sites (WeChat's editor): readable cross-origin,
      // and never a document that could run anything.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Length', object.size)
      .type(object.contentType)
      .send(object.body);
  });
}
