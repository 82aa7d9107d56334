import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { WECHAT_ACCOUNTS_PATH } from '../wechat-accounts/wechat-accounts-api';
import { EditorPublishStatus } from './EditorPublishStatus';
import { publicationsPath } from './publish-api';
import { PublishStatusLine } from './PublishStatusLine';

const at = new Date(2026, 10, 27, 10, 20).toISOString();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PublishStatusLine', () => {
  it('shows the latest publication and opens the publish panel when clicked', async () => {
    stubApi({
      [publicationsPath('a1')]: () =>
        jsonResponse({
          success: true,
          data: [
            { publishId: 'p2', state: 'draft_created', createdAt: at, accountName: '天马测试号' },
            { publishId: 'p1', state: 'failed', message: '…', createdAt: at },
          ],
        }),
    });
    const onOpen = vi.fn();
    renderWithProviders(<PublishStatusLine articleId="a1" onOpen={onOpen} />);
    const line = await screen.findByRole('button', { name: '公众号：已存入草稿箱 · 11月27日 10:20' });
    expect(line).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.setup().click(line);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('shows nothing before the first publication, or when the list cannot be read', async () => {
    const { calls } = stubApi({ [publicationsPath('a1')]: () => jsonResponse({ success: true, data: [] }) });
    const first = renderWithProviders(<PublishStatusLine articleId="a1" onOpen={() => {}} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('editor-wechat-status')).not.toBeInTheDocument();
    first.unmount();

    stubApi({});
    renderWithProviders(<PublishStatusLine articleId="a1" onOpen={() => {}} />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId('editor-wechat-status')).not.toBeInTheDocument();
  });
});

describe('EditorPublishStatus', () => {
  it('opens the 公众号排版 dialog on its 存入草稿箱 tab from the line', async () => {
    stubApi({
      [publicationsPath('a1')]: () => jsonResponse({ success: true, data: [{ publishId: 'p1', state: 'queued', scheduledAt: at }] }),
      [WECHAT_ACCOUNTS_PATH]: () => jsonResponse({ success: true, data: [{ accountId: 'wxa_1', appId: 'wx0123456789abcdef', name: '天马测试号' }] }),
    });
    renderWithProviders(<EditorPublishStatus articleId="a1" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: '公众号：定时 11月27日 10:20' }));
    const dialog = await screen.findByRole('dialog', { name: '公众号排版' }, { timeout: 5000 });
    expect(within(dialog).getByRole('tab', { name: '存入草稿箱' })).toHaveAttribute('aria-selected', 'true');
    // The panel shows that publication, which can be cancelled there.
    expect(await within(dialog).findByRole('button', { name: '取消定时' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
