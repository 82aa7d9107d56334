import { passwordIssues } from '@tianma/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './PasswordField';

function Harness() {
  const { register, control } = useForm({ defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });
  return <PasswordField label="密码" {...register('password')} autoComplete="new-password" issues={password ? passwordIssues(password) : undefined} />;
}

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('密码');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('lists the unmet rules live while typing, and none once all are met', async () => {
    render(<Harness />);
    expect(screen.queryByRole('list', { name: '密码要求' })).not.toBeInTheDocument();
    const input = screen.getByLabelText('密码');
    await userEvent.type(input, 'abc');
    const list = screen.getByRole('list', { name: '密码要求' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['密码长度至少8位', '需包含数字', '需包含特殊字符']);
    expect(input).toHaveAttribute('aria-describedby', list.id);
    await userEvent.type(input, '1234!');
    expect(screen.queryByRole('list', { name: '密码要求' })).not.toBeInTheDocument();
  });
});
