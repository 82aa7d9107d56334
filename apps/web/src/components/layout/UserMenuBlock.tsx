import type { User } from '@tianma/shared';
import { Link } from 'react-router';
import { ProBadge } from './ProBadge';
import { UserAvatar } from './UserAvatar';

interface UserMenuBlockProps {
  user: User;
  isPro: boolean;
  onNavigate?: () => void;
}

/** Avatar, name and Pro badge; the whole block leads to the profile page. Operators also get 运营后台. */
export function UserMenuBlock({ user, isPro, onNavigate }: UserMenuBlockProps) {
  return (
    <>
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
      {/* role is 'operator' or absent (issue 21); the logout button's classes, so the entry chunk hardly grows */}
      {user.role && (
        <Link to="/admin" onClick={onNavigate} className="rounded-lg px-3 py-2 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-800">
          运营后台
        </Link>
      )}
    </>
  );
}
