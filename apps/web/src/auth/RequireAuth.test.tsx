import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, sampleUser } from '../test/fixtures';
import { LocationProbe, renderRoutes } from '../test/render';
import { RequireAuth } from './RequireAuth';

const routes = [
  { element: <RequireAuth />, children: [{ path: '/create', element: <h1>创作中心页面</h1> }] },
  { path: '*', element: <LocationProbe /> },
];

describe('RequireAuth', () => {
  it('shows a spinner with 加载中... while the session is being read', () => {
    renderRoutes(routes, { path: '/create', auth: fakeAuth({ loading: true }) });
    expect(screen.getByRole('status')).toHaveTextContent('加载中...');
    expect(screen.queryByText('创作中心页面')).not.toBeInTheDocument();
  });

  it('sends signed-out visitors to /login, replacing the history entry', () => {
    const { router } = renderRoutes(routes, { path: '/create' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: '/create' });
  });

  it('shows the page to signed-in users', () => {
    renderRoutes(routes, { path: '/create', auth: fakeAuth({ user: sampleUser() }) });
    expect(screen.getByRole('heading', { name: '创作中心页面' })).toBeInTheDocument();
  });
});
