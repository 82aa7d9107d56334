import { apiRequest } from '../../lib/api';

/*
 * The operator console's calls (API.md "Beyond the spec", /api/admin; issue 21). The server checks
 * the role and, for every state-changing call, a password confirmed within 15 minutes: those go
 * through useStepUp (step-up.tsx), never straight from a component.
 */

export interface AdminSession {
  username: string;
  /** ISO time until which this session's password confirmation holds; null: none. */
  confirmedUntil: string | null;
}

export interface DayStats {
  date: string;
  signups: number;
  payingUsers: number;
  tasksStarted: number;
  tasksCompleted: number;
  tasksFailed: number;
  p50Ms: number | null;
  p95Ms: number | null;
  revenueFen: number;
  /** Refunds that succeeded that day; absent from an older server. */
  refundsFen?: number;
  coinsIssued: number;
  coinsSpent: number;
  llmTokens: number;
  llmCostYuan: number;
  likes: number;
  dislikes: number;
}

export interface AdminStats {
  from: string;
  to: string;
  days: DayStats[];
  usage: {
    byStage: { stage: string; calls: number; tokens: number }[];
    byModel: { model: string; tasks: number; tokens: number; costYuan: number }[];
  };
  feedback: { platform: string; articleType: string; likes: number; dislikes: number }[];
}

export interface AdminUser {
  userId: number;
  username: string;
  phoneMasked: string | null;
  emailMasked: string | null;
  userType: 'pro' | 'basic';
  coinBalance: number;
  locked: boolean;
  createdAt: string;
}

/** One user as the user's page shows them (GET /api/admin/users/{userId}; decision 082): full contacts here only. */
export interface AdminUserDetail {
  user: {
    userId: number;
    username: string;
    phone: string | null;
    email: string | null;
    userType: 'pro' | 'basic';
    level: number;
    subscriptionExpiry: string | null;
    coinBalance: number;
    locked: boolean;
    lockedAt: string | null;
    role: string | null;
    createdAt: string;
  };
  ledger: { at: string; delta: number; balanceAfter: number; kind: string; reason: string | null; ref: string | null }[];
  orders: { outTradeNo: string; amountFen: number; coins: number; status: 'pending' | 'paid' | 'closed'; paidAt: string | null; refundedFen: number }[];
  articles: { articleId: string; title: string; wordCount: number; createdAt: string; isPublic: boolean; hidden: boolean }[];
  /** Live sessions; `ip` is masked to its network by the server. */
  sessions: { id: number; createdAt: string; lastSeenAt: string; expiresAt: string; userAgent: string | null; ip: string | null }[];
  /** Coins refunds could not take back (decision 079). */
  coinsOwed: number;
}

export type ProChange = { action: 'grant'; days: number; reason: string } | { action: 'end'; reason: string };

export interface ProState {
  userType: 'pro' | 'basic';
  level: number;
  subscriptionExpiry: string | null;
}

export type TaskFilter = 'failed' | 'running' | 'stuck';

export interface AdminTask {
  taskId: string;
  userId: number;
  status: string;
  step: string | null;
  error: string | null;
  topic: string | null;
  attempts: number;
  stuck: boolean;
  modelCalls: { stage: string; calls: number; tokens: number }[];
  startedAt: string | null;
  updatedAt: string;
}

export interface AuditEntry {
  at: string;
  operator: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
}

export type OrderFilter = 'pending' | 'paid' | 'closed' | 'refunded';
export type RefundStatus = 'processing' | 'refunded' | 'failed' | 'closed';

export interface AdminRefund {
  refundId: string;
  amountFen: number;
  status: RefundStatus;
  failReason: string | null;
  createdAt: string;
}

export interface AdminOrder {
  outTradeNo: string;
  userId: number;
  username: string;
  description: string;
  amountFen: number;
  coins: number;
  /** `refunded` once any refund succeeded. */
  status: OrderFilter;
  paidAt: string | null;
  refundedFen: number;
  refundingFen: number;
  createdAt: string;
  refunds: AdminRefund[];
}

export interface Paged<T> {
  data: T[];
  page: number;
  totalPages: number;
}

/** Every key of the console's cache starts with this: AdminPage drops them all when it closes. */
export const ADMIN_KEY = ['admin'] as const;
export const adminKeys = {
  all: ADMIN_KEY,
  session: ['admin', 'session'] as const,
  stats: (from: string, to: string) => ['admin', 'stats', from, to] as const,
  users: ['admin', 'users'] as const,
  usersPage: (q: string, page: number) => ['admin', 'users', q, page] as const,
  /** One user's page; apart from `users`, whose entries are pages of rows. */
  user: ['admin', 'user'] as const,
  userDetail: (userId: number) => ['admin', 'user', userId] as const,
  tasks: ['admin', 'tasks'] as const,
  tasksPage: (status: TaskFilter, page: number) => ['admin', 'tasks', status, page] as const,
  orders: ['admin', 'orders'] as const,
  ordersPage: (status: OrderFilter | '', page: number) => ['admin', 'orders', status, page] as const,
  audit: ['admin', 'audit'] as const,
  auditPage: (page: number) => ['admin', 'audit', page] as const,
};

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export async function fetchAdminSession(signal?: AbortSignal): Promise<AdminSession> {
  return (await apiRequest<{ data: AdminSession }>('/api/admin/session', { signal })).data;
}

export async function confirmPassword(password: string): Promise<string> {
  return (await apiRequest<{ confirmedUntil: string }>('/api/admin/confirm', { method: 'POST', body: { password } })).confirmedUntil;
}

export async function fetchStats(from: string, to: string, signal?: AbortSignal): Promise<AdminStats> {
  return (await apiRequest<{ data: AdminStats }>(`/api/admin/stats?${query({ from, to })}`, { signal })).data;
}

export async function fetchUsers(q: string, page: number, signal?: AbortSignal): Promise<Paged<AdminUser>> {
  const { data, totalPages } = await apiRequest<Paged<AdminUser>>(`/api/admin/users?${query({ q, page })}`, { signal });
  return { data, page, totalPages };
}

export async function adjustCoins(userId: number, body: { delta: number; reason: string; requestId: string }): Promise<number> {
  return (await apiRequest<{ data: { coinBalance: number } }>(`/api/admin/users/${userId}/coins`, { method: 'POST', body })).data.coinBalance;
}

export async function setLocked(userId: number, body: { locked: boolean; reason: string }): Promise<void> {
  await apiRequest(`/api/admin/users/${userId}/lock`, { method: 'POST', body });
}

export async function endSessions(userId: number, body: { reason: string }): Promise<void> {
  await apiRequest(`/api/admin/users/${userId}/sessions/end`, { method: 'POST', body });
}

export async function fetchUserDetail(userId: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return (await apiRequest<{ data: AdminUserDetail }>(`/api/admin/users/${userId}`, { signal })).data;
}

export async function changePro(userId: number, body: ProChange): Promise<ProState> {
  return (await apiRequest<{ data: ProState }>(`/api/admin/users/${userId}/pro`, { method: 'POST', body })).data;
}

/** The work waiting, by kind (GET /api/admin/tasks `queue.byKind`). */
export interface WorkByKind {
  articles: { queued: number; running: number };
  knowledgeBuilds: { building: number };
  wechatPublications: { due: number; scheduled: number };
}

export async function fetchTasks(status: TaskFilter, page: number, signal?: AbortSignal): Promise<Paged<AdminTask> & { queueDepth: number | null; byKind: WorkByKind | null }> {
  const answer = await apiRequest<Paged<AdminTask> & { queue?: { depth: number | null; byKind?: WorkByKind } }>(`/api/admin/tasks?${query({ status, page })}`, { signal });
  return { data: answer.data, page, totalPages: answer.totalPages, queueDepth: answer.queue?.depth ?? null, byKind: answer.queue?.byKind ?? null };
}

export async function taskAction(taskId: string, action: 'retry' | 'cancel', reason: string): Promise<void> {
  await apiRequest(`/api/admin/tasks/${encodeURIComponent(taskId)}/${action}`, { method: 'POST', body: reason ? { reason } : {} });
}

export async function fetchAudit(page: number, signal?: AbortSignal): Promise<Paged<AuditEntry>> {
  const { data, totalPages } = await apiRequest<Paged<AuditEntry>>(`/api/admin/audit?${query({ page })}`, { signal });
  return { data, page, totalPages };
}

export async function fetchOrders(status: OrderFilter | '', page: number, signal?: AbortSignal): Promise<Paged<AdminOrder>> {
  const { data, totalPages } = await apiRequest<Paged<AdminOrder>>(`/api/admin/orders?${query(status ? { status, page } : { page })}`, { signal });
  return { data, page, totalPages };
}

export async function refundOrder(outTradeNo: string, body: { amountFen: number; reason: string; requestId: string }) {
  const answer = await apiRequest<{ data: { refundId: string; status: 'processing' | 'refunded' | 'failed'; refund?: AdminRefund } }>(
    `/api/admin/orders/${encodeURIComponent(outTradeNo)}/refund`,
    { method: 'POST', body },
  );
  return answer.data;
}
