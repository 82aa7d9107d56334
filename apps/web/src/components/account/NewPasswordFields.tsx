import { passwordIssues } from '@tianma/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './PasswordField';
import { PasswordStrength } from './PasswordStrength';

interface NewPasswordFieldsProps {
  /** `register('newPassword')` and `register('confirmPassword')` of the form. */
  newPasswordField: UseFormRegisterReturn<'newPassword'>;
  confirmPasswordField: UseFormRegisterReturn<'confirmPassword'>;
  /** The new password as typed (`useWatch`): its unmet rules and strength are shown under the field. */
  newPassword: string;
  confirmPlaceholder?: string;
}

/** 新密码 with its rules and strength (advice; only the length is a hard rule, decision 051), then 确认新密码. */
export function NewPasswordFields({ newPasswordField, confirmPasswordField, newPassword, confirmPlaceholder }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="新密码"
        {...newPasswordField}
        autoComplete="new-password"
        placeholder="至少8位，建议含字母、数字和特殊字符"
        issues={newPassword ? passwordIssues(newPassword) : undefined}
      >
        <PasswordStrength password={newPassword} />
      </PasswordField>
      <PasswordField label="确认新密码" {...confirmPasswordField} autoComplete="new-password" placeholder={confirmPlaceholder} />
    </>
  );
}
