import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject, useLocation } from 'react-router';
import { AuthContext, type AuthState } from '../auth/auth-context';
import { ToastProvider } from '../components/toast/ToastProvider';
import { createQueryClient } from '../lib/query-client';
import { fakeAuth } from './fixtures';

/** Stands in for pages that are not under test; shows where the app navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * A fresh cache per rendered tree, so that no test sees another's answers; the app's defaults
 * except retries, so that a failure a test scripts is shown at once (retries: query-client.test.ts).
 */
export function testQueryClient() {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

interface RenderOptions {
  auth?: AuthState;
  /** Where `ui` is mounted and where the history starts. */
  path?: string;
  /** Extra routes; by default every other path shows the LocationProbe. */
  routes?: RouteObject[];
}

export function renderWithProviders(ui: ReactElement, { auth, path = '/', routes = [] }: RenderOptions = {}) {
  return renderRoutes([{ path, element: ui }, ...routes, { path: '*', element: <LocationProbe /> }], { auth, path });
}

/** Renders a whole route tree (for layout routes such as the guard). */
export function renderRoutes(routes: RouteObject[], { auth = fakeAuth(), path = '/' }: Omit<RenderOptions, 'routes'> = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={auth}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
