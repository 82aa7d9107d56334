import { NavLink } from 'react-router';
import type { NavItem } from './nav-links';

interface NavItemLinkProps {
  item: NavItem;
  variant: 'desktop' | 'mobile';
  onNavigate?: () => void;
}

const BASE = {
  desktop: 'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
  mobile: 'block rounded-lg px-3 py-2.5 text-base font-medium',
};

export function NavItemLink({ item, variant, onNavigate }: NavItemLinkProps) {
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      onClick={onNavigate}
      className={({ isActive }) =>
        `${BASE[variant]} ${isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`
      }
    >
      {item.label}
    </NavLink>
  );
}
