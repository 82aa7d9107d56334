import { Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { useToast } from '../toast/toast-context';
import { lazyWithPreload } from '../ui/lazy-with-preload';
import { Logo } from './Logo';
import { navItemsFor } from './nav-links';
import { NavItemLink } from './NavItemLink';
import { PAGE_CONTAINER } from './page-container';
import { UserMenuBlock } from './UserMenuBlock';

const MOBILE_MENU_ID = 'mobile-menu';

// The sheet (and the dialog library under it) loads when first wanted, not with the home page.
const MobileMenu = lazyWithPreload(() => import('./MobileMenu'), 'MobileMenu');

export function Header() {
  const { user, isPro, logout } = useAuth();
  const toast = useToast();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  const handleLogout = async () => {
    closeMenu();
    await logout();
    toast.info('已退出登录');
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className={`${PAGE_CONTAINER} flex h-16 items-center justify-between gap-4`}>
        <Logo onNavigate={closeMenu} />

        <nav aria-label="主导航" className="hidden items-center gap-1 md:flex">
          {navItemsFor(Boolean(user)).map((item) => (
            <NavItemLink key={item.to} item={item} variant="desktop" />
          ))}
        </nav>

        <div className="hidden items-center gap-3 md:flex">
          {user ? (
            <>
              <UserMenuBlock user={user} isPro={isPro} />
              <button
                type="button"
                onClick={handleLogout}
                className="rounded-lg px-3 py-2 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                退出登录
              </button>
            </>
          ) : (
            <Link
              to="/login"
              className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500"
            >
              登录
            </Link>
          )}
        </div>

        <button
          type="button"
          aria-label="打开菜单"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
          onPointerEnter={MobileMenu.preload}
          onFocus={MobileMenu.preload}
          className="-mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden"
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>
      <Suspense fallback={null}>{menuOpen && <MobileMenu id={MOBILE_MENU_ID} onClose={closeMenu} onLogout={handleLogout} />}</Suspense>
    </header>
  );
}
