import { useState } from 'react';
import { useCountdown } from './use-countdown';

interface CodeButtonProps {
  /** Sends the code; resolves the seconds to count down (the server's interval), or false when none went out. */
  onSend: () => Promise<number | false>;
  disabled?: boolean;
  /** Label while waiting, e.g. `${n}秒后重试`. */
  waitingLabel?: (seconds: number) => string;
}

/** 获取验证码: disabled while sending and, after a successful send, until the server allows another (60 s). */
export function CodeButton({ onSend, disabled = false, waitingLabel = (seconds) => `${seconds}秒后重试` }: CodeButtonProps) {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const seconds = await onSend();
      if (seconds) start(seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      onClick={send}
      disabled={disabled || sending || remaining > 0}
      className="shrink-0 rounded-xl border border-indigo-200 bg-indigo-50 px-3 text-sm font-medium whitespace-nowrap text-indigo-700 transition-colors hover:bg-indigo-100 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-400 sm:px-4"
    >
      {remaining > 0 ? waitingLabel(remaining) : '获取验证码'}
    </button>
  );
}
