import type { User } from '@tianma/shared';
import { useState } from 'react';

/** First character of the username in capitals (code-point safe for CJK and emoji). */
export function usernameInitial(username: string): string {
  return ([...username.trim()][0] ?? '?').toUpperCase();
}

/** The user's picture, or their initial when there is none or it fails to load. */
export function UserAvatar({ user, size = 'md' }: { user: User; size?: 'md' | 'lg' }) {
  const [broken, setBroken] = useState(false);
  const box = size === 'lg' ? 'size-10 text-base' : 'size-8 text-sm';
  if (user.avatar && !broken) {
    return (
      <img
        src={user.avatar}
        alt=""
        onError={() => setBroken(true)}
        className={`${box} shrink-0 rounded-full object-cover ring-2 ring-white`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-sky-500 font-semibold text-white`}
    >
      {usernameInitial(user.username)}
    </span>
  );
}
