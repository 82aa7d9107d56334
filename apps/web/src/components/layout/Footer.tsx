import { SITE } from '@tianma/shared';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { lazyWithPreload } from '../ui/lazy-with-preload';

// The popups (and the dialog library under them) load when first wanted, not with the home page.
const ContactPopup = lazyWithPreload(() => import('./ContactPopup'), 'ContactPopup');
const FollowUsPopup = lazyWithPreload(() => import('./FollowUsPopup'), 'FollowUsPopup');

type Popup = 'contact' | 'follow' | null;

const LINK = 'text-sm text-slate-400 hover:text-white';

export function Footer() {
  const [popup, setPopup] = useState<Popup>(null);
  const close = () => setPopup(null);

  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="text-lg font-semibold text-white">{SITE.name}</p>
          <p className="mt-2 text-sm text-slate-400">{SITE.tagline}</p>
        </div>
        <nav aria-label="页脚导航">
          <h2 className="text-sm font-semibold text-white">产品</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/create" className={LINK}>
                开始创作
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={LINK}>
                价格方案
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">联系</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <button
                type="button"
                onClick={() => setPopup('contact')}
                onPointerEnter={ContactPopup.preload}
                onFocus={ContactPopup.preload}
                className={LINK}
              >
                联系我们
              </button>
            </li>
            <li>
              <button
                type="button"
                onClick={() => setPopup('follow')}
                onPointerEnter={FollowUsPopup.preload}
                onFocus={FollowUsPopup.preload}
                className={LINK}
              >
                关注我们（公众号）
              </button>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-slate-500">
          © {new Date().getFullYear()} {SITE.company} 版权所有 ·{' '}
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" className="hover:text-slate-300">
            {SITE.icp}
          </a>
        </p>
      </div>
      <Suspense fallback={null}>
        {popup === 'contact' && <ContactPopup onClose={close} />}
        {popup === 'follow' && <FollowUsPopup onClose={close} />}
      </Suspense>
    </footer>
  );
}
