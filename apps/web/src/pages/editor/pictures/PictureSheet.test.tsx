import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PICTURE_TYPE_TEXT } from './picture-api';
import { PictureSheet, type PictureSheetProps } from './PictureSheet';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const LIBRARY = { imageId: 'i1', url: '/media/images/i1', source: 'library', caption: '咖啡拉花', score: 2 };
const STOCK = { url: 'https://cdn.example/cat.jpg', source: 'pexels', caption: '窗台上的猫', score: 1, attribution: 'Photo by A on Pexels', licence: 'Pexels', importToken: 'tok' };

function renderSheet(overrides: Partial<PictureSheetProps> = {}) {
  const props: PictureSheetProps = { articleId: 'a1', query: '咖啡师正在做拉花', canReplace: false, onPick: vi.fn(), onClose: vi.fn(), ...overrides };
  renderWithProviders(<PictureSheet {...props} />);
  return { user: userEvent.setup(), props };
}

describe('PictureSheet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the candidates with their source and credit; a library pick is placed as it is', async () => {
    vi.stubGlobal('fetch', async () => json({ success: true, data: [LIBRARY, STOCK] }));
    const { user, props } = renderSheet({ canReplace: true });
    const cards = await screen.findAllByTestId('picture-candidate');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('我的图库')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('img', { name: '咖啡拉花' })).toHaveAttribute('src', '/media/images/i1');
    expect(within(cards[1]!).getByText('Pexels')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Photo by A on Pexels')).toBeInTheDocument();
    await user.click(within(cards[0]!).getByRole('button', { name: '替换' }));
    expect(props.onPick).toHaveBeenCalledWith({ url: '/media/images/i1', caption: '咖啡拉花', attribution: undefined }, 'replace');
  });

  it('imports a stock pick first, then places our copy with its credit', async () => {
    const fetchMock = vi.fn(async (path: string) =>
      path.endsWith('/import')
        ? json({ success: true, data: { imageId: 'i9', url: '/media/images/i9', caption: '窗台上的猫', attribution: 'Photo by A on Pexels', licence: 'Pexels' } })
        : json({ success: true, data: [STOCK] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, props } = renderSheet();
    await user.click(await screen.findByRole('button', { name: '插入' }));
    await waitFor(() => expect(props.onPick).toHaveBeenCalledWith({ url: '/media/images/i9', caption: '窗台上的猫', attribution: 'Photo by A on Pexels' }, 'insert'));
    expect(screen.queryByRole('button', { name: '替换' })).not.toBeInTheDocument();
  });

  it('says when nothing was found, and when the search failed', async () => {
    vi.stubGlobal('fetch', async () => json({ success: true, data: [] }));
    renderSheet();
    expect(await screen.findByText('没有找到合适的图片，可以上传一张或生成配图')).toBeInTheDocument();
  });

  it('draws a picture for the paragraph, shows it first, and places it', async () => {
    const fetchMock = vi.fn(async (path: string, _init?: RequestInit) =>
      path.endsWith('/generate')
        ? json({ success: true, data: { url: '/media/articles/a1-17.png', caption: '咖啡师正在做拉花', source: 'card' } })
        : json({ success: true, data: [LIBRARY] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, props } = renderSheet();
    await screen.findAllByTestId('picture-candidate');
    await user.click(screen.getByRole('button', { name: '生成配图' }));
    await waitFor(() => expect(screen.getAllByTestId('picture-candidate')).toHaveLength(2));
    const generateCall = fetchMock.mock.calls.find(([path]) => path.endsWith('/generate'))!;
    expect(JSON.parse(String(generateCall[1]?.body))).toEqual({ text: '咖啡师正在做拉花', articleId: 'a1' });
    const first = screen.getAllByTestId('picture-candidate')[0]!;
    expect(within(first).getByText('文章配图')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: '插入' }));
    expect(props.onPick).toHaveBeenCalledWith({ url: '/media/articles/a1-17.png', caption: '咖啡师正在做拉花', attribution: undefined }, 'insert');
  });

  it('says in Chinese when drawing failed, and keeps the candidates', async () => {
    vi.stubGlobal('fetch', async (path: string) =>
      path.endsWith('/generate') ? json({ success: false, code: 'UNAVAILABLE', message: '配图生成失败，请稍后重试' }, 503) : json({ success: true, data: [LIBRARY] }),
    );
    const { user } = renderSheet();
    await screen.findAllByTestId('picture-candidate');
    await user.click(screen.getByRole('button', { name: '生成配图' }));
    expect(await screen.findByTestId('picture-draw-error')).toHaveTextContent('配图生成失败，请稍后重试');
    expect(screen.getAllByTestId('picture-candidate')).toHaveLength(1);
  });

  it('shows a failed search with 重试', async () => {
    vi.stubGlobal('fetch', async () => json({ success: false, code: 'NOT_FOUND', message: '未找到文章' }, 404));
    renderSheet();
    expect(await screen.findByRole('alert')).toHaveTextContent('未找到文章');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('refuses a file that is not a picture, and uploads a picture then searches again', async () => {
    let searches = 0;
    const fetchMock = vi.fn(async (path: string) => {
      if (path === '/api/v1/images') return json({ success: true, data: { imageId: 'i2', url: '/media/images/i2', caption: '拉花' } });
      searches += 1;
      return json({ success: true, data: searches > 1 ? [LIBRARY] : [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderSheet();
    await screen.findByTestId('picture-empty');
    const input = screen.getByLabelText('选择图片');
    // NOTE: the input's accept hides other files in the browser's picker; a drop or "all files" still gets through.
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByTestId('picture-upload-error')).toHaveTextContent(PICTURE_TYPE_TEXT);
    await user.click(screen.getByRole('button', { name: '上传并重新搜索' }));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/images', expect.anything());

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'latte.png', { type: 'image/png' })] } });
    await user.type(screen.getByLabelText('图片说明'), '拉花');
    await user.click(screen.getByRole('button', { name: '上传并重新搜索' }));
    expect(await screen.findByTestId('picture-candidate')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/images', expect.objectContaining({ method: 'POST' }));
  });
});
