import { type KeyboardEvent, useRef } from 'react';

export const LOGIN_TABS = ['账号登录', '手机登录', '邮箱登录', '微信扫码'] as const;

export const tabId = (index: number) => `login-tab-${index}`;
export const panelId = (index: number) => `login-panel-${index}`;

interface LoginTabsProps {
  selected: number;
  onSelect: (index: number) => void;
}

/** The four sign-in methods as an ARIA tab list; arrow keys, Home and End move between them. */
export function LoginTabs({ selected, onSelect }: LoginTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const moveWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = LOGIN_TABS.length - 1;
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + LOGIN_TABS.length) % LOGIN_TABS.length;
    onSelect(index);
    tabs.current[index]?.focus();
  };

  return (
    <div role="tablist" aria-label="登录方式" onKeyDown={moveWithKeys} className="grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1">
      {LOGIN_TABS.map((label, index) => (
        <button
          key={label}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          id={tabId(index)}
          type="button"
          role="tab"
          aria-selected={index === selected}
          aria-controls={panelId(index)}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => onSelect(index)}
          className="rounded-lg px-1 py-2 text-xs font-medium whitespace-nowrap text-slate-500 transition-colors hover:text-slate-800 aria-selected:bg-white aria-selected:text-indigo-700 aria-selected:shadow-sm sm:text-sm"
        >
          {label}
        </button>
      ))}
    </div>
  );
}
