import { SITE } from '@tianma/shared';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { AuthCard } from '../../components/account/AuthCard';
import { AccountLoginForm } from './AccountLoginForm';
import { CodeLoginForm, EMAIL_CHANNEL, SMS_CHANNEL } from './CodeLoginForm';
import { LOGIN_TABS, LoginTabs, panelId, tabId } from './LoginTabs';
import { QrLoginPanel } from './QrLoginPanel';
import { useSignIn } from './use-sign-in';

interface LoginLocationState {
  /** Set by the route guard: where the visitor was heading. */
  from?: string;
  /** Set by the register page. */
  username?: string;
}

/** Only paths inside this app; anything else falls back to the creation page. */
function targetFrom(state: LoginLocationState | null): string {
  const from = state?.from;
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/create';
}

export function LoginPage() {
  const { user } = useAuth();
  const state = useLocation().state as LoginLocationState | null;
  const target = targetFrom(state);
  const { signIn, submitting, signedIn } = useSignIn(target);
  const [tab, setTab] = useState(0);

  // Someone already signed in has nothing to do here (docs/decisions/012-sign-in-flow.md).
  if (user && !signedIn) return <Navigate to={target} replace />;

  const panels = [
    <AccountLoginForm key="account" signIn={signIn} submitting={submitting} initialUsername={state?.username} />,
    <CodeLoginForm key="phone" channel={SMS_CHANNEL} signIn={signIn} submitting={submitting} />,
    <CodeLoginForm key="email" channel={EMAIL_CHANNEL} signIn={signIn} submitting={submitting} />,
    <QrLoginPanel key="qr" />,
  ];

  return (
    <AuthCard title="欢迎回来" subtitle={SITE.tagline}>
      <LoginTabs selected={tab} onSelect={setTab} />
      {/* Every panel stays mounted, so typed values and code countdowns survive a tab switch. */}
      {LOGIN_TABS.map((label, index) => (
        <div key={label} id={panelId(index)} role="tabpanel" aria-labelledby={tabId(index)} hidden={index !== tab} className="mt-6">
          {panels[index]}
        </div>
      ))}
      <p className="mt-6 text-center text-sm">
        <Link to="/register" className="text-slate-500 hover:text-slate-700">
          还没有账号？<span className="font-medium text-indigo-600">立即注册</span>
        </Link>
      </p>
    </AuthCard>
  );
}
