import * as Tabs from '@radix-ui/react-tabs';

export const LOGIN_TABS = ['账号登录', '手机登录', '邮箱登录', '微信扫码'] as const;

export const tabId = (index: number) => `login-tab-${index}`;
export const panelId = (index: number) => `login-panel-${index}`;

interface LoginTabsProps {
  selected: number;
  onSelect: (index: number) => void;
}

/**
 * The four sign-in methods as a Radix tab list; arrow keys, Home and End move between them. The
 * panels are the login page's (ids tabId/panelId tie them together), so the triggers name them.
 */
export function LoginTabs({ selected, onSelect }: LoginTabsProps) {
  return (
    <Tabs.Root value={String(selected)} onValueChange={(value) => onSelect(Number(value))}>
      <Tabs.List aria-label="登录方式" className="grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1">
        {LOGIN_TABS.map((label, index) => (
          <Tabs.Trigger
            key={label}
            value={String(index)}
            id={tabId(index)}
            aria-controls={panelId(index)}
            className="rounded-lg px-1 py-2 text-xs font-medium whitespace-nowrap text-slate-500 transition-colors hover:text-slate-800 aria-selected:bg-white aria-selected:text-indigo-700 aria-selected:shadow-sm sm:text-sm"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
