import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MyArticlesPage } from './MyArticlesPage';
import { articlePagePath } from './my-articles-api';

describe('MyArticlesPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has the heading, a link to /create and the list', async () => {
    stubApi({ [articlePagePath(7, 1)]: () => jsonResponse({ success: true, data: [], page: 1, totalPages: 0, total: 0 }) });
    renderWithProviders(<MyArticlesPage />, { path: '/my-articles', auth: fakeAuth({ user: sampleUser() }) });
    expect(screen.getByRole('heading', { level: 1, name: '我的文章' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('还没有创作，开始你的第一篇吧')).toBeInTheDocument());
    for (const link of screen.getAllByRole('link', { name: /开始创作/ })) expect(link).toHaveAttribute('href', '/create');
  });
});
