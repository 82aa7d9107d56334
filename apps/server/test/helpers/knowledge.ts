import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { kbSessions } from '../../src/knowledge/tables.js';
import type { TestApp } from './app.js';
import { signedInProUser } from './billing.js';
import { multipart } from './multipart.js';

export const CAMPING_NOTES = `# 露营\n\n${'帐篷要选双层防雨款，营地尽量平整，远离河床与低洼处。'.repeat(20)}\n\n## 炊具\n\n${'卡式炉和气罐要分开放置，做饭时注意通风与防火。'.repeat(20)}`;

/** A Pro user's knowledge base of one Markdown file, uploaded and built through HTTP. */
export async function builtKnowledgeBase(t: TestApp, text = CAMPING_NOTES) {
  const user = await signedInProUser(t);
  const body = multipart([
    { name: 'session_id', value: '' },
    { name: 'files', file: { filename: '露营.md', content: Buffer.from(text) } },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/temp_knowledge/upload', payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
  const sessionId = res.json().session_id as string;
  await t.app.inject({ method: 'POST', url: `/api/v1/temp_knowledge/build/${sessionId}`, headers: { cookie: user.cookie } });
  await t.app.inject({ url: `/api/v1/temp_knowledge/build/stream/${sessionId}`, headers: { cookie: user.cookie } });
  const [row] = await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, sessionId));
  expect(row!.status).toBe('completed');
  return { sessionId, userId: row!.userId, cookie: user.cookie, session: row! };
}
