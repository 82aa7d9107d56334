import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DraftPreview } from './DraftPreview';

describe('DraftPreview', () => {
  it('shows the finished sections in place, the one being written, and the ones still waiting', () => {
    render(
      <DraftPreview
        draft={{
          total: 4,
          sections: [
            { index: 0, title: '写在前面', content: '一杯手冲咖啡听起来复杂？**别担心**。\n\n往下看就知道了[1]。', done: true },
            { index: 2, title: '常犯的错', content: '### 研磨度\n\n磨得太粗，咖啡会', done: false },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('draft-count')).toHaveTextContent('已写好 1/4 节');
    const [first, third] = screen.getAllByTestId('draft-section');
    expect(within(first!).getByRole('heading', { name: '写在前面' })).toBeInTheDocument();
    expect(first).toHaveTextContent('一杯手冲咖啡听起来复杂？别担心。');
    expect(first).not.toHaveTextContent('[1]');
    expect(within(third!).getByText('研磨度')).toBeInTheDocument();
    expect(within(third!).getByRole('status')).toHaveTextContent('正在撰写...');
    expect(screen.getAllByTestId('draft-pending').map((item) => item.textContent)).toEqual(['第 2 节 · 待撰写', '第 4 节 · 待撰写']);
  });
});
