import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { inAQuarterHour, inTurn, renderConsole, session } from './admin-test-support';
import type { FeedbackEntry, SharedArticle, ShowcaseSlot } from './content-api';
import { splitFeedback } from './feedback-chips';

const XHS = 'c7a1e4b2d9f84e6a9b3c5d2e1f0a8b7c';
const ZHIHU = '3f9d2c8b7a6e4d5c9b1a0e2f3d4c5b6a';
const SHOWCASE = '/api/admin/showcase';
const ARTICLES = '/api/admin/articles?q=&page=1';
const CONFIRM = '/api/admin/confirm';

const slot = (overrides: Partial<ShowcaseSlot> = {}): ShowcaseSlot => ({ slot: XHS, platformLabel: '小红书', pickedArticleId: null, pickedTitle: null, showsPick: false, ...overrides });
const slots = (...list: ShowcaseSlot[]) => jsonResponse({ success: true, data: list });

const article = (overrides: Partial<SharedArticle> = {}): SharedArticle => ({
  articleId: 'art1',
  title: '周末带娃去哪儿',
  platform: 'xiaohongshu',
  username: 'bob',
  wordCount: 1234,
  createdAt: '2026-01-05T06:03:00.000Z',
  hidden: false,
  hiddenReason: null,
  showcaseSlot: null,
  ...overrides,
});
const articles = (...list: SharedArticle[]) => jsonResponse({ success: true, data: list, page: 1, totalPages: 1 });

const feedback = (overrides: Partial<FeedbackEntry> = {}): FeedbackEntry => ({
  id: 1,
  type: 'dislike',
  content: '[太长] [跑题] 后半段和主题关系不大',
  articleId: 'art1',
  articleTitle: '周末带娃去哪儿',
  platform: 'xiaohongshu',
  username: 'carol',
  createdAt: '2026-01-05T06:03:00.000Z',
  ...overrides,
});
const feedbackPage = (...list: FeedbackEntry[]) => jsonResponse({ success: true, data: list, page: 1, totalPages: 1 });

async function openView(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name }));
}

describe('the console’s content', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads bracketed quick phrases at the start of a feedback as tags', () => {
    expect(splitFeedback('[太长] [跑题] 后半段和主题关系不大')).toEqual({ chips: ['太长', '跑题'], text: '后半段和主题关系不大' });
    expect(splitFeedback('【结构不清晰】')).toEqual({ chips: ['结构不清晰'], text: '' });
    expect(splitFeedback('写得好 [赞]')).toEqual({ chips: [], text: '写得好 [赞]' });
    expect(splitFeedback(null)).toEqual({ chips: [], text: '' });
  });

  it('shows what each case slot shows now, and says when a pick no longer shows', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [SHOWCASE]: () =>
        slots(
          slot({ pickedArticleId: 'art1', pickedTitle: '周末带娃去哪儿', showsPick: true }),
          slot({ slot: ZHIHU, platformLabel: '知乎', pickedArticleId: 'art2', pickedTitle: '被设为私密的文章', showsPick: false }),
        ),
    });
    renderConsole('/admin?tab=content');
    const xhs = await screen.findByRole('listitem', { name: '小红书案例' });
    expect(within(xhs).getByRole('link', { name: '周末带娃去哪儿' })).toHaveAttribute('href', '/shared/article/art1');
    const zhihu = screen.getByRole('listitem', { name: '知乎案例' });
    expect(zhihu).toHaveTextContent('默认案例');
    expect(zhihu).toHaveTextContent('所选文章「被设为私密的文章」已设为私密或被隐藏，首页暂时展示默认案例');
  });

  it('puts a shared article in a slot after the password, and gives a slot back to its default', async () => {
    const picked = slot({ pickedArticleId: 'art1', pickedTitle: '周末带娃去哪儿', showsPick: true });
    const api = stubApi({
      '/api/admin/session': () => session(null),
      [SHOWCASE]: () => slots(slot()),
      [`${SHOWCASE}/${XHS}`]: inTurn(
        () => slots(picked),
        () => slots(slot()),
      ),
      [ARTICLES]: () => articles(article(), article({ articleId: 'art9', title: '已隐藏的文章', hidden: true })),
      [CONFIRM]: () => jsonResponse({ success: true, confirmedUntil: inAQuarterHour() }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=content');

    const card = await screen.findByRole('listitem', { name: '小红书案例' });
    expect(card).toHaveTextContent('默认案例');
    expect(within(card).queryByRole('button', { name: '恢复默认' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '更换' }));
    const dialog = screen.getByRole('dialog', { name: '更换首页案例' });
    const choice = await within(dialog).findByRole('radio', { name: /周末带娃去哪儿/ });
    expect(within(dialog).getByRole('radio', { name: /已隐藏的文章/ })).toBeDisabled();
    expect(dialog).toHaveTextContent('bob · 1,234 字 · 2026/01/05 14:03');

    await user.type(within(dialog).getByLabelText('操作原因'), '本周精选');
    await user.click(within(dialog).getByRole('button', { name: '确认更换' }));
    expect(dialog).toHaveTextContent('请选择一篇文章');
    await user.click(choice);
    await user.click(within(dialog).getByRole('button', { name: '确认更换' }));

    const confirm = await screen.findByRole('dialog', { name: '确认身份' });
    expect(api.bodiesOf(`${SHOWCASE}/${XHS}`)).toEqual([]);
    await user.type(within(confirm).getByLabelText('登录密码'), 'Secret#123');
    await user.click(within(confirm).getByRole('button', { name: '确认' }));

    await screen.findByText('已将「周末带娃去哪儿」设为小红书案例');
    expect(api.calls.filter((call) => call.path === `${SHOWCASE}/${XHS}`).map((call) => [call.method, call.body])).toEqual([['PUT', { articleId: 'art1', reason: '本周精选' }]]);
    const updated = screen.getByRole('listitem', { name: '小红书案例' });
    expect(within(updated).getByRole('link', { name: '周末带娃去哪儿' })).toBeInTheDocument();

    await user.click(within(updated).getByRole('button', { name: '恢复默认' }));
    const restore = screen.getByRole('dialog', { name: '恢复默认案例' });
    expect(restore).toHaveTextContent('不再展示「周末带娃去哪儿」');
    await user.type(within(restore).getByLabelText('操作原因'), '活动结束');
    await user.click(within(restore).getByRole('button', { name: '确认恢复' }));
    await screen.findByText('小红书案例已恢复默认');
    expect(api.bodiesOf(`${SHOWCASE}/${XHS}`)).toEqual([
      { articleId: 'art1', reason: '本周精选' },
      { articleId: null, reason: '活动结束' },
    ]);
    await waitFor(() => expect(screen.getByRole('listitem', { name: '小红书案例' })).toHaveTextContent('默认案例'));
  });

  it('lists shared articles with their badges and share links, and hides and restores them', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [SHOWCASE]: () => slots(slot()),
      [ARTICLES]: inTurn(
        () => articles(article({ showcaseSlot: XHS }), article({ articleId: 'art2', title: '有争议的文章', username: 'dave', hidden: true, hiddenReason: '涉嫌抄袭' })),
        () => articles(article({ showcaseSlot: XHS, hidden: true, hiddenReason: '内容不实' }), article({ articleId: 'art2', title: '有争议的文章', username: 'dave', hidden: true, hiddenReason: '涉嫌抄袭' })),
        () => articles(article({ showcaseSlot: XHS, hidden: true, hiddenReason: '内容不实' }), article({ articleId: 'art2', title: '有争议的文章', username: 'dave' })),
      ),
      '/api/admin/articles?q=%E5%B8%A6%E5%A8%83&page=1': () => articles(article()),
      '/api/admin/articles/art1/hide': () => jsonResponse({ success: true }),
      '/api/admin/articles/art2/hide': () => jsonResponse({ success: true }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=content');
    await openView(user, '公开文章');

    const first = await screen.findByRole('row', { name: /周末带娃去哪儿/ });
    expect(first).toHaveTextContent('首页案例');
    expect(first).toHaveTextContent('bob');
    expect(first).toHaveTextContent('1,234');
    expect(within(first).getByRole('link', { name: '周末带娃去哪儿' })).toHaveAttribute('target', '_blank');
    expect(within(first).getByRole('link', { name: '周末带娃去哪儿' })).toHaveAttribute('href', '/shared/article/art1');
    const second = screen.getByRole('row', { name: /有争议的文章/ });
    expect(second).toHaveTextContent('已隐藏');
    expect(second).toHaveTextContent('原因：涉嫌抄袭');

    await user.click(within(first).getByRole('button', { name: '隐藏' }));
    let dialog = screen.getByRole('dialog', { name: '隐藏文章' });
    await user.type(within(dialog).getByLabelText('操作原因'), '内容不实');
    await user.click(within(dialog).getByRole('button', { name: '确认隐藏' }));
    await screen.findByText('已隐藏「周末带娃去哪儿」');
    expect(api.bodiesOf('/api/admin/articles/art1/hide')).toEqual([{ hidden: true, reason: '内容不实' }]);
    await waitFor(() => expect(screen.getByRole('row', { name: /周末带娃去哪儿/ })).toHaveTextContent('原因：内容不实'));

    await user.click(within(screen.getByRole('row', { name: /有争议的文章/ })).getByRole('button', { name: '恢复' }));
    dialog = screen.getByRole('dialog', { name: '恢复文章' });
    await user.type(within(dialog).getByLabelText('操作原因'), '申诉通过');
    await user.click(within(dialog).getByRole('button', { name: '确认恢复' }));
    await screen.findByText('已恢复「有争议的文章」');
    expect(api.bodiesOf('/api/admin/articles/art2/hide')).toEqual([{ hidden: false, reason: '申诉通过' }]);
    await waitFor(() => expect(screen.getByRole('row', { name: /有争议的文章/ })).toHaveTextContent('公开'));

    await user.type(screen.getByRole('searchbox', { name: '搜索公开文章' }), '带娃{Enter}');
    await waitFor(() => expect(screen.queryByRole('row', { name: /有争议的文章/ })).not.toBeInTheDocument());
  });

  it('lists feedback with its quick phrases as tags, filtered by kind', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [SHOWCASE]: () => slots(slot()),
      '/api/admin/feedback?type=&page=1': () =>
        feedbackPage(feedback(), feedback({ id: 2, type: 'like', content: '很实用', username: 'erin', articleId: null, articleTitle: null, platform: null })),
      '/api/admin/feedback?type=like&page=1': () => feedbackPage(feedback({ id: 2, type: 'like', content: '很实用', username: 'erin' })),
      '/api/admin/feedback?type=dislike&page=1': () => feedbackPage(),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=content');
    await openView(user, '用户反馈');

    const dislike = await screen.findByRole('row', { name: /carol/ });
    expect(dislike).toHaveTextContent('2026/01/05 14:03');
    expect(dislike).toHaveTextContent('点踩');
    expect(dislike).toHaveTextContent('小红书');
    expect(within(dislike).getByRole('link', { name: '周末带娃去哪儿' })).toHaveAttribute('href', '/shared/article/art1');
    const tags = within(within(dislike).getByRole('list', { name: '快捷反馈' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['太长', '跑题']);
    expect(dislike).toHaveTextContent('后半段和主题关系不大');
    expect(dislike).not.toHaveTextContent('[太长]');
    const like = screen.getByRole('row', { name: /erin/ });
    expect(within(like).queryByRole('link')).not.toBeInTheDocument();
    expect(like).toHaveTextContent('很实用');

    await user.click(screen.getByRole('button', { name: '点赞' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /carol/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '点赞' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '点踩' }));
    await screen.findByText('还没有点踩');
    expect(api.calls.map((call) => call.path)).toContain('/api/admin/feedback?type=dislike&page=1');
  });

  it('shows a failed list as an error', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [SHOWCASE]: () => jsonResponse({ success: false, code: 'INTERNAL', message: '服务暂时不可用' }, { status: 500 }),
    });
    renderConsole('/admin?tab=content');
    expect(await screen.findByRole('alert')).toHaveTextContent('服务暂时不可用');
  });
});
