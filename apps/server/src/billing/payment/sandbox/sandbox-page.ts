import { escapeHtml } from '../../../platform/escape-html.js';

/** Where the page's script is served from: the CSP allows scripts from this origin only. */
export const SANDBOX_SCRIPT_PATH = '/pay/sandbox/confirm.js';

/** The page's one style element; its hash is named in the page's Content-Security-Policy. */
export const SANDBOX_STYLE = 'body{font-family:system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:2rem 1rem}main{max-width:26rem;margin:0 auto;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}h1{font-size:1.25rem;margin:0 0 .25rem}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.75rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:1.25rem 0}dt{color:#64748b}dd{margin:0;word-break:break-all}.price{font-size:1.5rem;font-weight:700;color:#4f46e5}button{width:100%;border:0;border-radius:.75rem;background:#16a34a;color:#fff;font-size:1rem;padding:.8rem;cursor:pointer}button:disabled{opacity:.6}.muted{color:#64748b}.done{color:#16a34a;font-weight:600}.error{color:#dc2626}';

/** The 确认支付（沙箱） button's behaviour: the order number comes from the button's data-order. */
export const SANDBOX_SCRIPT = `(function () {
  var button = document.getElementById('confirm');
  if (!button) return;
  var result = document.getElementById('result');
  button.addEventListener('click', function () {
    button.disabled = true;
    button.textContent = '支付中...';
    fetch('/api/account/pay/sandbox/' + encodeURIComponent(button.dataset.order) + '/confirm', { method: 'POST', credentials: 'include' })
      .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
      .then(function (r) {
        if (r.ok && r.body.success) { button.remove(); result.className = 'done'; result.textContent = '支付成功！请回到支付页面，页面会自动更新。'; }
        else { button.disabled = false; button.textContent = '确认支付（沙箱）'; result.className = 'error'; result.textContent = r.body.message || '支付失败，请重试'; }
      })
      .catch(function () { button.disabled = false; button.textContent = '确认支付（沙箱）'; result.className = 'error'; result.textContent = '网络错误，请稍后重试'; });
  });
})();
`;

export type SandboxPageModel =
  | { outTradeNo: string; description: string; amountYuan: string; coins: number; status: 'pending' | 'paid' | 'closed' }
  | { missing: string };

/** The page a sandbox QR code opens: the order and a 确认支付（沙箱） button. */
export function renderSandboxPage(model: SandboxPageModel): string {
  const content =
    'missing' in model
      ? `<p class="muted">${escapeHtml(model.missing)}</p>`
      : `<dl>
<dt>订单号</dt><dd id="order-no">${escapeHtml(model.outTradeNo)}</dd>
<dt>商品</dt><dd>${escapeHtml(model.description)}</dd>
<dt>金额</dt><dd class="price">¥${escapeHtml(model.amountYuan)}</dd>
<dt>金币</dt><dd>${model.coins} 币</dd>
</dl>
${
  model.status === 'pending'
    ? `<button id="confirm" type="button" data-order="${escapeHtml(model.outTradeNo)}">确认支付（沙箱）</button>`
    : `<p class="done">${model.status === 'paid' ? '该订单已支付' : '该订单已关闭'}</p>`
}
<p id="result" role="status"></p>
<script src="${SANDBOX_SCRIPT_PATH}"></script>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>沙箱支付 - 天马</title>
<style>${SANDBOX_STYLE}</style></head>
<body><main><h1>沙箱支付</h1><span class="badge">开发环境 · 不会产生真实扣款</span>${content}</main></body></html>`;
}
