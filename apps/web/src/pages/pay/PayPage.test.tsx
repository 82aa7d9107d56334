import { notifyManager, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { LocationProbe, renderRoutes } from '../../test/render';
import { PAY_CREATE_PATH, PAY_STATUS_PATH } from './pay-api';
import { PayPage } from './PayPage';

const TRADE_NO = 'TM20260101120000abcdef012345';
const CODE_URL = `http://localhost:3000/pay/sandbox/${TRADE_NO}`;

type Answer = Response | Error;

function created(codeUrl = CODE_URL, outTradeNo = TRADE_NO): Response {
  return jsonResponse({ success: true, codeUrl, outTradeNo, message: '订单创建成功' });
}

const status = (state: 'pending' | 'paid' | 'closed') =>
  jsonResponse({ success: true, paid: state === 'paid', status: state, message: '', user: sampleUser() });

/** fetch replaced: create answers come from `create` in order, status answers from `statuses` (the last one repeats). */
function stubPayApi({ create = [created()], statuses = [status('pending')] }: { create?: Answer[]; statuses?: Answer[] } = {}) {
  const creates: unknown[] = [];
  const polls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      let answer: Answer | undefined;
      if (path === PAY_CREATE_PATH) {
        creates.push(JSON.parse(String(init.body)));
        answer = create[Math.min(creates.length, create.length) - 1];
      } else if (path.startsWith(`${PAY_STATUS_PATH}?`)) {
        polls.push(path);
        answer = statuses[Math.min(polls.length, statuses.length) - 1];
      }
      if (answer instanceof Error) throw answer;
      return answer?.clone() ?? jsonResponse({ success: false, message: '未找到' }, { status: 404 });
    }),
  );
  return { creates, polls };
}

/** How often the header's session and the profile's billing history were read (cache observers beside the page). */
const reads = { session: 0, billing: 0 };

function CachedReads() {
  useQuery({ queryKey: queryKeys.session, queryFn: async () => ++reads.session });
  useQuery({ queryKey: queryKeys.billing.history, queryFn: async () => ++reads.billing });
  return null;
}

function renderPay(search: string, auth = fakeAuth({ user: sampleUser() })) {
  reads.session = 0;
  reads.billing = 0;
  const routes = [
    {
      path: '/pay',
      element: (
        <StrictMode>
          <CachedReads />
          <PayPage />
        </StrictMode>
      ),
    },
    { path: '*', element: <LocationProbe /> },
  ];
  return { auth, ...renderRoutes(routes, { auth, path: `/pay${search}` }) };
}

const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);
const location = () => screen.queryByTestId('location')?.textContent ?? null;
/** Runs due fake timers and lets answered fetches reach React. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('PayPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('orders the Pro month once, even under StrictMode, and shows its QR code and figures', async () => {
    const { creates } = stubPayApi();
    renderPay('?type=premium');
    expect(screen.getByRole('heading', { name: '微信扫码支付' })).toBeInTheDocument();
    expect(screen.getByText('请使用微信扫一扫，扫描下方二维码完成支付')).toBeInTheDocument();
    expect(screen.getByText('正在加载二维码...')).toBeInTheDocument();
    expect(screen.getByText('¥59.00')).toBeInTheDocument();
    expect(screen.getByText('包含 3500 币')).toBeInTheDocument();

    const qr = await screen.findByRole('img', { name: '支付二维码' });
    expect(qr).toHaveAttribute('width', '220');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText(TRADE_NO)).toBeInTheDocument();
    expect(screen.getByText('系统将自动检测支付状态，支付完成后页面会自动跳转')).toBeInTheDocument();
    expect(creates).toEqual([{ amount: 5900, payType: 1, description: '天马高级版（1个月）' }]);
  });

  it('falls back to the Pro month without a type', async () => {
    const { creates } = stubPayApi();
    renderPay('');
    await screen.findByRole('img', { name: '支付二维码' });
    expect(creates).toEqual([expect.objectContaining({ amount: 5900, payType: 1 })]);
  });

  it('orders a custom amount by its price in fen and shows the coins with the bonus', async () => {
    const { creates } = stubPayApi();
    renderPay('?type=custom&amount=1000');
    expect(screen.getByText('¥20.00')).toBeInTheDocument();
    expect(screen.getByText('获得 1100 币')).toBeInTheDocument();
    await screen.findByRole('img', { name: '支付二维码' });
    expect(creates).toEqual([expect.objectContaining({ amount: 2000, payType: 0 })]);
  });

  it('refuses a custom amount that breaks the top-up rules, without ordering', () => {
    const { creates } = stubPayApi();
    renderPay('?type=custom&amount=150');
    expect(screen.getByRole('alert')).toHaveTextContent('充值数量必须是100的整数倍');
    expect(screen.getByRole('link', { name: '返回价格页面' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByText('正在加载二维码...')).not.toBeInTheDocument();
    expect(creates).toEqual([]);
  });

  it('refuses a custom amount above the largest order, without ordering', () => {
    const { creates } = stubPayApi();
    renderPay('?type=custom&amount=500000000000');
    expect(screen.getByRole('alert')).toHaveTextContent('单次充值不能超过500000币');
    expect(creates).toEqual([]);
  });

  it('links to the sandbox page on this origin, and only for a sandbox code', async () => {
    stubPayApi();
    renderPay('?type=100');
    const link = await screen.findByRole('link', { name: '在本设备打开沙箱支付页' });
    expect(link).toHaveAttribute('href', `/pay/sandbox/${TRADE_NO}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/不会产生真实扣款/)).toBeInTheDocument();
  });

  it('shows no sandbox link for a real WeChat code', async () => {
    stubPayApi({ create: [created('weixin://wxpay/bizpayurl?pr=abc')] });
    renderPay('?type=100');
    await screen.findByRole('img', { name: '支付二维码' });
    expect(screen.queryByRole('link', { name: '在本设备打开沙箱支付页' })).not.toBeInTheDocument();
  });

  describe('with fake timers', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      // The cache tells its observers in a setTimeout 0 by default, which a fake clock only
      // runs on its next tick; a microtask lets an answer reach React within the same advance.
      notifyManager.setScheduler(queueMicrotask);
    });

    afterEach(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)));

    it('polls every 3 s with the user id until paid, then reads the balance and the billing history again and goes to /pricing', async () => {
      const { polls } = stubPayApi({ statuses: [status('pending'), status('pending'), status('paid')] });
      renderPay('?type=1100');
      await advance(0);
      expect(screen.getByText(TRADE_NO)).toBeInTheDocument();
      expect(reads).toEqual({ session: 1, billing: 1 });
      await advance(2999);
      expect(polls).toHaveLength(0);
      await advance(1);
      expect(polls).toEqual([`${PAY_STATUS_PATH}?outTradeNo=${TRADE_NO}&deepspaceId=7`]);
      await advance(3000);
      expect(polls).toHaveLength(2);
      expect(location()).toBeNull();
      await advance(3000);
      expect(polls).toHaveLength(3);
      expect(reads).toEqual({ session: 2, billing: 2 });
      expect(toastTexts()).toContain('支付成功');
      expect(location()).toBe('/pricing');
      await advance(9000);
      expect(polls).toHaveLength(3);
    });

    it('keeps polling through other failures, logging them', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { polls } = stubPayApi({
        statuses: [new TypeError('offline'), jsonResponse({ success: false, message: '服务异常' }, { status: 500 }), status('paid')],
      });
      renderPay('?type=1100');
      await advance(0);
      await advance(9000);
      expect(polls).toHaveLength(3);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(toastTexts()).toEqual(['支付成功']);
      expect(location()).toBe('/pricing');
    });

    it('stops on a 401 while polling and goes to /login after 2 s', async () => {
      const { polls } = stubPayApi({ statuses: [jsonResponse({ success: false, message: '请先登录' }, { status: 401 })] });
      renderPay('?type=1100');
      await advance(0);
      await advance(3000);
      expect(polls).toHaveLength(1);
      expect(toastTexts()).toEqual(['登录已过期，请重新登录']);
      await advance(1999);
      expect(location()).toBeNull();
      await advance(1);
      expect(location()).toBe('/login');
      await advance(9000);
      expect(polls).toHaveLength(1);
    });

    it('asks a signed-out visitor to sign in first and goes to /login after 2 s', async () => {
      stubPayApi({ create: [jsonResponse({ success: false, msg: '请先登录', message: '请先登录' }, { status: 401 })] });
      renderPay('?type=premium', fakeAuth());
      await advance(0);
      expect(toastTexts()).toEqual(['请先登录后再进行充值']);
      expect(screen.getByRole('link', { name: '去登录' })).toBeInTheDocument();
      await advance(1999);
      expect(location()).toBeNull();
      await advance(1);
      expect(location()).toBe('/login');
    });

    it('shows 订单已关闭 for a closed order and orders again with 重新下单', async () => {
      const second = 'TM20260101120500abcdef543210';
      const { creates, polls } = stubPayApi({ create: [created(), created(CODE_URL, second)], statuses: [status('closed')] });
      renderPay('?type=1800');
      await advance(0);
      await advance(3000);
      expect(screen.getByText('订单已关闭')).toBeInTheDocument();
      await advance(9000);
      expect(polls).toHaveLength(1);

      await act(async () => screen.getByRole('button', { name: '重新下单' }).click());
      await advance(0);
      expect(creates).toHaveLength(2);
      expect(creates[1]).toEqual(expect.objectContaining({ amount: 3000, payType: 0 }));
      expect(screen.getByText(second)).toBeInTheDocument();
      expect(screen.queryByText('订单已关闭')).not.toBeInTheDocument();
    });

    it('stops polling when the page goes away', async () => {
      const { polls } = stubPayApi();
      const { unmount } = renderPay('?type=100');
      await advance(0);
      await advance(3000);
      expect(polls).toHaveLength(1);
      unmount();
      await advance(30_000);
      expect(polls).toHaveLength(1);
    });
  });

  describe('create failures', () => {
    it.each([
      ['no answer', new TypeError('Failed to fetch'), '网络错误，请稍后重试'],
      [
        'the message of a refusal the server named',
        jsonResponse({ success: false, code: 'UNAVAILABLE', message: '支付服务暂时不可用，请稍后重试' }, { status: 503 }),
        '支付服务暂时不可用，请稍后重试',
      ],
      ['no server code (a proxy’s answer)', new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }), '创建支付订单失败，请重新登录'],
      ['no message', jsonResponse({ success: false }), '创建支付订单失败，请重新登录'],
      ['no code', jsonResponse({ success: true }), '创建支付订单失败，请重新登录'],
    ])('shows %s and offers 重新下单', async (_, answer, message) => {
      const { creates } = stubPayApi({ create: [answer, created()] });
      renderPay('?type=100');
      await screen.findByRole('button', { name: '重新下单' });
      expect(screen.getAllByText(message)).toHaveLength(2);
      expect(toastTexts()).toEqual([message]);
      await userEvent.click(screen.getByRole('button', { name: '重新下单' }));
      await screen.findByRole('img', { name: '支付二维码' });
      expect(creates).toHaveLength(2);
    });

    it('treats the server’s UNAUTHENTICATED code as signed out, whatever the status', async () => {
      stubPayApi({ create: [jsonResponse({ success: false, code: 'UNAUTHENTICATED', message: '登录状态已失效' })] });
      renderPay('?type=100');
      expect(await screen.findByRole('link', { name: '去登录' })).toBeInTheDocument();
      expect(toastTexts()).toEqual(['请先登录后再进行充值']);
    });
  });
});
