import { SITE } from '@tianma/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { Hero } from './Hero';

describe('Hero', () => {
  it('shows the tagline and sends visitors to /login and /pricing', () => {
    renderWithProviders(<Hero />);
    expect(screen.getByRole('heading', { level: 1, name: SITE.tagline })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '立即体验' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: '查看价格' })).toHaveAttribute('href', '/pricing');
  });

  it('sends signed-in users straight to /create', () => {
    renderWithProviders(<Hero />, { auth: fakeAuth({ user: sampleUser() }) });
    expect(screen.getByRole('link', { name: '立即体验' })).toHaveAttribute('href', '/create');
  });
});
