import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../profile/ProfilePage';
import { fakeAuth, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

describe('the profile page’s link to the console', () => {
  it('is there for an operator', () => {
    renderWithProviders(<ProfilePage />, { auth: fakeAuth({ user: sampleUser({ role: 'operator' }) }) });
    expect(screen.getByRole('link', { name: /运营后台/ })).toHaveAttribute('href', '/admin');
  });

  it('is not there for anyone else', () => {
    renderWithProviders(<ProfilePage />, { auth: fakeAuth({ user: sampleUser() }) });
    expect(screen.queryByRole('link', { name: /运营后台/ })).not.toBeInTheDocument();
  });
});
