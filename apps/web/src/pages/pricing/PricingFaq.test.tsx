import { COINS_PER_ARTICLE } from '@tianma/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PricingFaq } from './PricingFaq';

describe('PricingFaq', () => {
  it('states the fixed price the server charges for every article (decision 053)', () => {
    render(<PricingFaq />);
    const answer = screen.getByText(/每篇文章固定消耗/);
    expect(answer).toHaveTextContent(`每篇文章固定消耗 ${COINS_PER_ARTICLE} 币`);
    expect(answer).toHaveTextContent('篇幅长短都一样');
    expect(document.body).not.toHaveTextContent('篇幅越长');
  });
});
