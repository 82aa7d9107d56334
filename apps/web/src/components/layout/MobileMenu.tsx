import * as Dialog from '@radix-ui/react-dialog';
import { LogOut } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useAuth } from '../../auth/auth-context';
import { DialogShell } from '../ui/DialogShell';
import { LOGIN_NAV, navItemsFor } from './nav-links';
import { NavItemLink } from './NavItemLink';
import { UserMenuBlock } from './UserMenuBlock';

/** Tailwind's md breakpoint, from which the header shows its links itself. */
const MD_AND_UP = '(min-width: 768px)';

interface MobileMenuProps {
  id: string;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The header's links below the md breakpoint, plus the coin balance for signed-in users: a sheet
 * under the header (a modal dialog: Escape or a tap outside closes it).
 */
export function MobileMenu({ id, onClose, onLogout }: MobileMenuProps) {
  const { user, isPro } = useAuth();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A modal sheet hidden by CSS from md on would still block the page: close it when the window widens.
  useEffect(() => {
    const wide = window.matchMedia?.(MD_AND_UP);
    if (!wide) return;
    const closeWhenWide = (event: MediaQueryListEvent) => event.matches && onCloseRef.current();
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, []);

  return (
    <DialogShell onClose={onClose} placement="below-header" className="w-full border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg">
      <Dialog.Title className="sr-only">菜单</Dialog.Title>
      <Dialog.Close className="sr-only focus:not-sr-only focus:mb-2 focus:block focus:rounded-lg focus:px-3 focus:py-2 focus:text-sm focus:text-slate-600">
        关闭菜单
      </Dialog.Close>
      <nav id={id} aria-label="移动端导航">
        <ul className="space-y-1">
          {navItemsFor(Boolean(user)).map((item) => (
            <li key={item.to}>
              <NavItemLink item={item} variant="mobile" onNavigate={onClose} />
            </li>
          ))}
          {!user && (
            <li>
              <NavItemLink item={LOGIN_NAV} variant="mobile" onNavigate={onClose} />
            </li>
          )}
        </ul>
        {user && (
          <div className="mt-3 space-y-3 border-t border-slate-100 pt-3">
            <UserMenuBlock user={user} isPro={isPro} onNavigate={onClose} />
            <p className="px-3 text-sm text-slate-600">余额：{user.userAuth.coinBalance} 币</p>
            <button
              type="button"
              onClick={onLogout}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-base font-medium text-slate-600 hover:bg-slate-100"
            >
              <LogOut aria-hidden="true" className="size-4" />
              退出登录
            </button>
          </div>
        )}
      </nav>
    </DialogShell>
  );
}
