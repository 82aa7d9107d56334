import { type EndpointSpec, PLACEHOLDER } from './hostile-cases.js';
import { ACCOUNT_ENDPOINTS } from './hostile-endpoints-accounts.js';
import { ARTICLE_ENDPOINTS } from './hostile-endpoints-articles.js';
import { BILLING_ENDPOINTS } from './hostile-endpoints-billing.js';
import { GENERATION_ENDPOINTS } from './hostile-endpoints-generation.js';
import { KNOWLEDGE_ENDPOINTS } from './hostile-endpoints-knowledge.js';
import { PUBLIC_ENDPOINTS } from './hostile-endpoints-public.js';

/**
 * Every endpoint the hostile-input suite tries, in the order of docs/security.md's table. This
 * file is the one source of that table: the test runs these cases and checks the docs against
 * `caseCounts()`.
 */
export const ENDPOINTS: EndpointSpec[] = [
  ...ACCOUNT_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...GENERATION_ENDPOINTS,
  ...ARTICLE_ENDPOINTS,
  ...KNOWLEDGE_ENDPOINTS,
  ...PUBLIC_ENDPOINTS,
];

/** Multipart cases (written out in the test); listed here so the docs table counts them too. */
export const UPLOAD_CASES = {
  'POST /api/v1/temp_knowledge/upload': [
    '.pdf that is an executable',
    '.txt that is binary',
    '.docx zip bomb declaring gigabytes',
    '.docx zip bomb inflating past its declared size',
    'truncated PDF',
    'PDF whose xref and page tree loop',
    'JSON body instead of multipart',
    'malformed multipart',
    "another user's deepspace_id",
    "another user's session_id",
    'malformed session_id',
    'file name with a lone surrogate',
    'no cookie',
    'forged cookie',
  ],
  'POST /api/account/user/upload-avatar': [
    '.png that is an executable',
    '.jpg that is SVG with script',
    '.php.png that is PHP',
    '.webp that is HTML',
    'no file',
    'JSON body instead of multipart',
    'malformed multipart',
    "another user's deepspaceId",
    'file name with a lone surrogate',
    'no cookie',
  ],
} as const;

/** Cases tried per endpoint, in table order. */
export function caseCounts(): [string, number][] {
  return [
    ...ENDPOINTS.map((endpoint): [string, number] => [endpoint.name, endpoint.cases(PLACEHOLDER).length]),
    ...Object.entries(UPLOAD_CASES).map(([name, cases]): [string, number] => [name, cases.length]),
  ];
}
