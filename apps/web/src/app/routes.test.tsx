import { APP_ROUTES } from '@tianma/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe, renderRoutes } from '../test/render';
import { ROUTE_ERROR_TEXT } from './RouteError';
import { APP_ROUTES_TABLE, buildRoutes } from './routes';

const guarded = APP_ROUTES_TABLE.filter((route) => route.auth);

describe('route table', () => {
  it('agrees with the shared route list on which pages need a login', () => {
    for (const route of APP_ROUTES_TABLE) {
      expect(APP_ROUTES.find((shared) => shared.path === route.path)?.auth, route.path).toBe(route.auth);
    }
  });

  it.each(guarded.map((route) => route.path))('guards %s: signed-out visitors land on /login', (path) => {
    const table = [...guarded, { path: '/login', element: <LocationProbe />, auth: false }];
    renderRoutes(buildRoutes(table), { path });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('sends unknown paths to the home page', () => {
    const table = [{ path: '/', element: <LocationProbe />, auth: false }];
    renderRoutes(buildRoutes(table), { path: '/no-such-page' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('the shared-article route', () => {
  it('is open to signed-out visitors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, message: '未找到文章' }), { status: 404 })),
    );
    try {
      const shared = APP_ROUTES_TABLE.filter((route) => route.path === '/shared/article/:articleId');
      expect(shared).toHaveLength(1);
      expect(shared[0]?.auth).toBe(false);
      renderRoutes(buildRoutes([...shared, { path: '/login', element: <LocationProbe />, auth: false }]), { path: '/shared/article/abc' });
      // The page is a lazy chunk (react-markdown and all): its first import can take seconds on a busy machine.
      expect(await screen.findByTestId('shared-not-found', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a page that fails', () => {
  // React reports an error its boundary caught on the console; these tests mean to cause one.
  const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => {});

  it('shows a friendly page inside the layout, and its retry shows the page again', async () => {
    quietConsole();
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('render failed');
      return <p>页面内容</p>;
    }
    renderRoutes(buildRoutes([{ path: '/flaky', element: <Flaky />, auth: false }]), { path: '/flaky' });
    expect(await screen.findByRole('heading', { name: ROUTE_ERROR_TEXT.title })).toBeInTheDocument();
    // The layout (header, footer) is still there: only the page failed.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: ROUTE_ERROR_TEXT.retry }));
    expect(await screen.findByText('页面内容')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('names a chunk that failed to load, and its retry reloads the document', async () => {
    quietConsole();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    function Missing(): never {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/PricingPage-x.js');
    }
    renderRoutes(buildRoutes([{ path: '/pricing', element: <Missing />, auth: false }]), { path: '/pricing' });
    expect(await screen.findByRole('heading', { name: ROUTE_ERROR_TEXT.chunkTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ROUTE_ERROR_TEXT.retry }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
});
