import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
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
