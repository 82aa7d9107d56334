import type { User } from '@tianma/shared';
import { Link } from 'react-router';
import { ProBadge } from './ProBadge';
import { UserAvatar } from './UserAvatar';

interface UserMenuBlockProps {
  user: User;
  isPro: boolean;
  onNavigate?: () => void;
}

/** Avatar, name and Pro badge; the whole block leads to the profile page. */
export function UserMenuBlock({ user, isPro, onNavigate }: UserMenuBlockProps) {
  return (
    <Link
      to="/profile"
      onClick={onNavigate}
      title="个人中心"
      className="flex min-w-0 items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-slate-100"
    >
      <UserAvatar user={user} />
      <span className="truncate text-sm font-medium text-slate-700">{user.username}</span>
      {isPro && <ProBadge />}
    </Link>
  );
}
