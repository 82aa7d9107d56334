import { APP_ROUTES } from '@tianma/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe, renderRoutes } from '../test/render';
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
      expect(await screen.findByTestId('shared-not-found')).toBeInTheDocument();
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
