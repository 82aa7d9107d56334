import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from '../../components/layout/Header';
import { fakeAuth, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

describe('the header’s link to the console', () => {
  it('is there for an operator', () => {
    renderWithProviders(<Header />, { auth: fakeAuth({ user: sampleUser({ role: 'operator' }) }) });
    expect(screen.getByRole('link', { name: '运营后台' })).toHaveAttribute('href', '/admin');
  });

  it('is not there for anyone else', () => {
    renderWithProviders(<Header />, { auth: fakeAuth({ user: sampleUser() }) });
    expect(screen.queryByRole('link', { name: '运营后台' })).not.toBeInTheDocument();
  });
});
