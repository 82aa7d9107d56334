import { topicReadRequestSchema } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import { parseTopic } from './parse-topic.js';
import { readTopic } from './topic-reading.js';

export interface TopicRouteDeps {
  auth: Auth;
  /** Who writes: the offline writer follows fewer instructions than a model. */
  writer: () => 'model' | 'offline';
}

// The form asks as the user types (debounced): generous, but a script cannot spin the parser.
const READ_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** POST /api/v1/topic/read: the server's reading of a topic before the user pays (decision 050). */
export function registerTopicRoutes(app: FastifyInstance, deps: TopicRouteDeps): void {
  app.post('/api/v1/topic/read', { config: READ_LIMIT }, async (request, reply) => {
    await deps.auth.requireUser(request, reply);
    const body = topicReadRequestSchema.parse(request.body ?? {});
    const reading = readTopic(parseTopic(body.topic), { length: body.length, advanced: body.advanced_mode, writer: deps.writer() });
    return { success: true, data: reading };
  });
}
