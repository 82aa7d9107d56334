import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@tianma/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { sendAppError } from './error-handler.js';

/**
 * Serves the built single-page app: hashed assets with long caching, the app's HTML for every
 * route of the route table, JSON 404 for unknown API paths, and a redirect to / for anything
 * else (spec: "any other path → redirect to /").
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): the one the
      // browser accepts is sent, with Vary: Accept-Encoding; none is compressed per request.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app is not built; run `npm run build`');
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!hasBuild) {
      return reply.status(503).type('text/plain; charset=utf-8').send('网页尚未构建，请先运行 npm run build');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  };

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (pathname === '/api' || pathname.startsWith('/api/') || !isRead) {
      return sendAppError(request, reply, new AppError('NOT_FOUND', '接口不存在'));
    }
    if (isAppRoute(pathname)) return sendIndex(reply);
    // A missing hashed asset is a stale tab after a deploy: answer 404, not the home page.
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.redirect('/', 302);
  });
}
