import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/index.js';
import { escapeHtml } from '../platform/escape-html.js';
import { setPagePolicy } from '../platform/http/security-headers.js';
import { readOutbox } from './verification/senders/outbox-sender.js';

/** The page's one style element; its hash is named in the page's Content-Security-Policy. */
const OUTBOX_STYLE =
  'body{font-family:system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;margin:2rem;color:#1f2937}table{border-collapse:collapse;width:100%;max-width:56rem}th,td{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left}.code{font:600 1.25rem ui-monospace,monospace;letter-spacing:.15em;color:#4f46e5}p{color:#6b7280}';

const PURPOSE_LABEL = { LOGIN: '登录', REGISTER: '注册', RESET: '重置密码' } as const;

/** The dev outbox pages (embedded default only; never registered in production). */
export function registerDevOutboxRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const latest = () => readOutbox(deps.db);

  app.get('/dev/outbox.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const rows = await latest();
    return rows.map((row) => ({ channel: row.channel, to: row.target, code: row.code, purpose: row.purpose, sentAt: row.sentAt.toISOString() }));
  });

  app.get('/dev/outbox', async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (row) =>
          `<tr><td>${row.channel === 'sms' ? '短信' : '邮件'}</td><td>${escapeHtml(row.target)}</td><td class="code">${escapeHtml(row.code)}</td><td>${PURPOSE_LABEL[row.purpose]}</td><td>${row.sentAt.toLocaleString('zh-CN', { hour12: false })}</td></tr>`,
      )
      .join('');
    const body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="5"><title>开发信箱 - 天马</title>
<style>${OUTBOX_STYLE}</style></head>
<body><h1>开发信箱</h1><p>未配置真实短信或邮件服务时，验证码不会真正发出，而是显示在这里（每 5 秒刷新）。生产环境不提供此页面。</p>
<table><thead><tr><th>渠道</th><th>接收方</th><th>验证码</th><th>用途</th><th>发送时间</th></tr></thead><tbody>${items || '<tr><td colspan="5">暂无消息</td></tr>'}</tbody></table></body></html>`;
    return setPagePolicy(reply, [OUTBOX_STYLE]).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
  });
}
