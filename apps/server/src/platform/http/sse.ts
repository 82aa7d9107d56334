import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Takes the response over from Fastify and starts a server-sent event stream: no caching, no
 * proxy buffering (nginx honours X-Accel-Buffering), the request id for the logs, and the headers
 * already set on the reply (the security headers).
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  // The headers every response carries (security headers), set on the reply before the handler ran.
  const common = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined)) as OutgoingHttpHeaders;
  raw.writeHead(200, {
    ...common,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Request-Id': request.id,
  });
  return raw;
}
