import { useCallback } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useToast } from '../toast/toast-context';

/**
 * How the account forms validate (accounts §5): only when submitted, one problem at a time as an
 * error toast, the focus left where it is. The shared form schemas stop at the first problem.
 */
export const SUBMIT_VALIDATION = { mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false } as const;

/** The message of the first problem, in the order the schema reported them. */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string') return error.message;
  }
  return undefined;
}

/** handleSubmit's onInvalid for the account forms: toasts the form's problem. */
export function useToastFirstError<T extends FieldValues>(): (errors: FieldErrors<T>) => void {
  const toast = useToast();
  return useCallback(
    (errors) => {
      const message = firstErrorMessage(errors);
      if (message) toast.error(message);
    },
    [toast],
  );
}
