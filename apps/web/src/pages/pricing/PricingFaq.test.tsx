import { COINS_PER_ARTICLE, OFFLINE_REVISION_ACTIONS, REVISION_CHARS_PER_COIN, REVISION_LABELS, revisionCost } from '@tianma/shared';
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

  it('prices the editor\'s AI actions by the characters written, and names the free rule actions (decision 061)', () => {
    render(<PricingFaq />);
    expect(screen.getByText('在线 AI 编辑怎么收费？')).toBeInTheDocument();
    const answer = screen.getByText(/按生成字数计费/);
    const unit = REVISION_CHARS_PER_COIN;
    expect(answer).toHaveTextContent(`每 ${unit} 字 ${revisionCost(unit)} 币，不足 ${unit} 字的部分按 ${unit} 字计`);
    for (const action of OFFLINE_REVISION_ACTIONS) expect(answer).toHaveTextContent(REVISION_LABELS[action]);
    expect(answer).toHaveTextContent('在未配置大模型时由规则完成，免费');
  });
});
