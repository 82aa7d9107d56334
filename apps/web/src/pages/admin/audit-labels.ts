import { SHOWCASE_CASES } from '@tianma/shared';
import { beijingTime } from './admin-format';

/** The audit log's actions as the console names them (the server writes the English keys). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.coins': '调整金币',
  'user.lock': '锁定账号',
  'user.unlock': '解锁账号',
  'user.sessions.end': '强制下线',
  'user.pro.grant': '开通高级版',
  'user.pro.end': '结束高级版',
  'user.view': '查看用户详情',
  'operator.grant': '授予运营权限',
  'operator.revoke': '撤销运营权限',
  'task.retry': '重试任务',
  'task.cancel': '取消任务',
  'order.refund': '退款',
  'content.showcase': '更换首页案例',
  'content.hide': '隐藏文章',
  'content.unhide': '恢复文章',
  'provider.set': '切换服务商',
  'provider.reset': '服务商恢复默认',
};

/** An action's Chinese name; one the console does not know yet is shown as the server wrote it. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** `provider:llm` names the kind of service. */
const PROVIDER_KINDS: Record<string, string> = { llm: '大模型', search: '联网搜索', embeddings: '向量模型', images: '配图生成', stock: '图库' };

const TARGET_KINDS: Record<string, string> = { user: '用户', task: '任务', order: '订单', article: '文章', showcase: '首页案例位', provider: '服务' };

/** `user:12` → 用户 12, `provider:llm` → 服务 大模型, a case slot by its place on the home page; anything else as written. */
export function auditTargetLabel(target: string): string {
  const [kind, ...rest] = target.split(':');
  const id = rest.join(':');
  if (kind === 'provider' && PROVIDER_KINDS[id]) return `服务 ${PROVIDER_KINDS[id]}`;
  const slot = kind === 'showcase' ? SHOWCASE_CASES.findIndex((item) => item.articleId === id) : -1;
  if (slot >= 0) return `首页案例 ${slot + 1}（${SHOWCASE_CASES[slot]!.platformLabel}）`;
  const label = kind ? TARGET_KINDS[kind] : undefined;
  return label && rest.length ? `${label} ${id}` : target;
}

/** The fields the server's entries carry, named as the console names them; others as written. */
const FIELD_LABELS: Record<string, string> = {
  coinBalance: '余额',
  delta: '变动',
  locked: '锁定',
  level: '等级',
  subscriptionExpiry: '高级版到期',
  days: '天数',
  role: '角色',
  status: '状态',
  step: '步骤',
  error: '错误',
  taskId: '新任务',
  amountFen: '金额(分)',
  claimedFen: '已申请退款(分)',
  refundId: '退款单号',
  articleId: '文章',
  hidden: '隐藏',
  provider: '服务商',
  baseUrl: '地址',
  model: '模型',
  keySet: '已设密钥',
};

/** Values that are codes, by field. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: { pending: '待支付', paid: '已支付', closed: '已关闭', processing: '处理中', refunded: '已退款', failed: '失败', error: '失败', queued: '排队中', running: '进行中', cancelled: '已取消', completed: '已完成' },
  role: { operator: '运营人员' },
};

/** Fields holding a moment, shown in Beijing time. */
const TIME_FIELDS = new Set(['subscriptionExpiry']);

function scalar(value: unknown, key?: string): string {
  if (key && TIME_FIELDS.has(key) && typeof value === 'string') return beijingTime(value);
  if (key && typeof value === 'string' && VALUE_LABELS[key]?.[value]) return VALUE_LABELS[key][value];
  if (value === true) return '是';
  if (value === false) return '否';
  if (value === null) return '无';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A before or after value, compact: an object as `名称: 值，…` in a fixed order, nothing as —. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && !Array.isArray(value)) {
    // The database keeps JSON keys in its own order; the known fields come first, in the table's order.
    const order = Object.keys(FIELD_LABELS);
    const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => rank(a) - rank(b));
    return entries.length ? entries.map(([key, inner]) => `${FIELD_LABELS[key] ?? key}: ${scalar(inner, key)}`).join('，') : '—';
  }
  return scalar(value);
}
