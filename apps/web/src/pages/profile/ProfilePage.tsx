import { ChevronDown, LogOut } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { BackButton } from '../../components/account/BackButton';
import { BillingHistory } from '../../components/billing/BillingHistory';
import { ProBadge } from '../../components/layout/ProBadge';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileStats } from './ProfileStats';
import { reloadPage } from './reload-page';

/** Long enough to read 密码修改成功 before the page reloads (spec §4). */
export const RELOAD_AFTER_PASSWORD_MS = 1500;

// Loaded with its own chunk (and the shared schema) once the profile page shows.
const WechatAccountsSection = lazy(() => import('../../features/wechat-accounts/WechatAccountsSection'));

const CARD = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

export function ProfilePage() {
  const { user, logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const formId = useId();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const reloadTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  // The route guard only renders this page with a user.
  if (!user) return null;

  const passwordChanged = () => {
    setPasswordOpen(false);
    reloadTimer.current = window.setTimeout(reloadPage, RELOAD_AFTER_PASSWORD_MS);
  };

  const signOut = async () => {
    // Leave first: the guard would otherwise send the now signed-out page to /login.
    navigate('/');
    await logout();
    toast.info('已退出登录');
  };

  return (
    <div className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl space-y-4">
        <div className="flex items-center gap-2">
          <BackButton fallback="/" />
          <h1 className="text-xl font-bold text-slate-900">个人中心</h1>
        </div>

        <section aria-label="账户信息" className={CARD}>
          <div className="flex items-center gap-4">
            <ProfileAvatar user={user} />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2">
                <span className="truncate text-lg font-semibold text-slate-900">{user.username}</span>
                {user.userType === 'pro' && <ProBadge />}
              </p>
              {user.email && <p className="mt-1 truncate text-sm text-slate-500">{user.email}</p>}
            </div>
            <Link to="/pricing" className={buttonClass('primary', 'shrink-0 px-4')}>
              升级
            </Link>
          </div>
          <div className="mt-5">
            <ProfileStats user={user} />
          </div>
        </section>

        {/* role is 'operator' or absent (issue 21). Here rather than in the header: the header is in
            the home page's entry chunk, whose budget has no room left. */}
        {user.role && (
          <section aria-label="运营" className={CARD}>
            <Link to="/admin" className="flex items-center justify-between text-sm font-medium text-slate-700 hover:text-indigo-600">
              运营后台
              <span aria-hidden="true">→</span>
            </Link>
          </section>
        )}

        <section aria-label="账户安全" className={CARD}>
          <button
            type="button"
            onClick={() => setPasswordOpen((open) => !open)}
            aria-expanded={passwordOpen}
            aria-controls={formId}
            className="flex w-full items-center justify-between text-left font-medium text-slate-800"
          >
            修改密码
            <ChevronDown aria-hidden="true" className={`size-5 text-slate-400 transition-transform ${passwordOpen ? 'rotate-180' : ''}`} />
          </button>
          {passwordOpen && <ChangePasswordForm id={formId} deepspaceId={user.deepspaceId} onChanged={passwordChanged} />}
        </section>

        <Suspense fallback={null}>
          <WechatAccountsSection />
        </Suspense>

        <button type="button" onClick={signOut} className={buttonClass('secondary', 'w-full')}>
          <LogOut aria-hidden="true" className="size-4" />
          退出登录
        </button>

        <BillingHistory />
      </div>
    </div>
  );
}
