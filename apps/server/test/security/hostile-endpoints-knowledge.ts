import { type EndpointSpec, type HostileContext, hostileIds, UNKNOWN_ID, urlEndpoint } from './hostile-cases.js';

/**
 * The temporary knowledge base, by session id. Every case names a session the caller does not
 * own: using one's own session refreshes its last-used time, a write the database check would flag.
 */

const KB = '/api/v1/temp_knowledge';

/** Another user's session, an unknown one and hostile ids, at `${KB}${prefix}{sessionId}`. */
const sessionUrls = (prefix: string) => (ctx: HostileContext) => ({
  "another user's session": `${KB}${prefix}${ctx.otherKbSessionId}`,
  'unknown session': `${KB}${prefix}${UNKNOWN_ID}`,
  ...hostileIds(`${KB}${prefix}`),
});

export const KNOWLEDGE_ENDPOINTS: EndpointSpec[] = [
  urlEndpoint({
    name: 'GET /api/v1/temp_knowledge/files/{sessionId}',
    authed: true,
    own: (ctx) => `${KB}/files/${ctx.otherKbSessionId}`,
    urls: sessionUrls('/files/'),
  }),
  urlEndpoint({
    name: 'DELETE /api/v1/temp_knowledge/files/{sessionId}/{fileId}',
    method: 'DELETE',
    authed: true,
    own: (ctx) => `${KB}/files/${ctx.otherKbSessionId}/${ctx.otherKbFileId}`,
    urls: (ctx) => ({
      "another user's session and file": `${KB}/files/${ctx.otherKbSessionId}/${ctx.otherKbFileId}`,
      "unknown session, another user's file": `${KB}/files/${UNKNOWN_ID}/${ctx.otherKbFileId}`,
      ...hostileIds(`${KB}/files/`, `/${ctx.otherKbFileId}`),
      // The file id is looked at only inside a session the caller owns; these must not get that far.
      ...Object.fromEntries(Object.entries(hostileIds(`${KB}/files/${ctx.otherKbSessionId}/`)).map(([label, url]) => [`file ${label}`, url])),
    }),
  }),
  urlEndpoint({
    name: 'POST /api/v1/temp_knowledge/build/{sessionId}',
    method: 'POST',
    authed: true,
    own: (ctx) => `${KB}/build/${ctx.otherKbSessionId}`,
    urls: sessionUrls('/build/'),
  }),
  urlEndpoint({
    name: 'GET /api/v1/temp_knowledge/build/stream/{sessionId}',
    opensStream: true,
    authed: true,
    own: (ctx) => `${KB}/build/stream/${ctx.otherKbSessionId}`,
    urls: sessionUrls('/build/stream/'),
  }),
  urlEndpoint({
    name: 'GET /api/v1/temp_knowledge/status/{sessionId}',
    authed: true,
    own: (ctx) => `${KB}/status/${ctx.otherKbSessionId}`,
    urls: sessionUrls('/status/'),
  }),
];
