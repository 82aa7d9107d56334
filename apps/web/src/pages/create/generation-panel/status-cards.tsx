import { CircleAlert, Clock, FileQuestion, LoaderCircle, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';

/** The cards that stand in for the article (content-creation §2, Creation page header and preview). */

/** A filled button in the card's own colour (buttonClass's primary is indigo). */
const SOLID = 'inline-flex items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors';

type Tone = 'red' | 'orange' | 'blue' | 'slate';

const TONES: Record<Tone, { box: string; icon: string; title: string }> = {
  red: { box: 'border-red-200 bg-red-50', icon: 'text-red-500', title: 'text-red-800' },
  orange: { box: 'border-orange-200 bg-orange-50', icon: 'text-orange-500', title: 'text-orange-800' },
  blue: { box: 'border-sky-200 bg-sky-50', icon: 'text-sky-500', title: 'text-sky-800' },
  slate: { box: 'border-slate-200 bg-white', icon: 'text-slate-400', title: 'text-slate-800' },
};

interface CardProps {
  tone: Tone;
  icon: typeof CircleAlert;
  title: string;
  testId: string;
  children?: ReactNode;
  actions?: ReactNode;
}

function Card({ tone, icon: Icon, title, testId, children, actions }: CardProps) {
  const colors = TONES[tone];
  return (
    <section role="alert" data-testid={testId} className={`rounded-2xl border p-5 sm:p-6 ${colors.box}`}>
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${colors.icon}`} />
        <div className="min-w-0 flex-1">
          <h2 className={`text-base font-semibold ${colors.title}`}>{title}</h2>
          <div className="mt-2 space-y-2 text-sm break-words text-slate-700">{children}</div>
          {actions && <div className="mt-4 flex flex-wrap gap-3">{actions}</div>}
        </div>
      </div>
    </section>
  );
}

export function BusinessLimitCard({ message }: { message: string | null }) {
  const navigate = useNavigate();
  return (
    <Card
      tone="orange"
      icon={ShieldAlert}
      title="业务限制提醒"
      testId="business-limit-card"
      actions={
        <>
          <button type="button" className={`${SOLID} bg-orange-500 hover:bg-orange-600`} onClick={() => navigate('/my-articles')}>
            查看我的文章
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={() => navigate('/')}>
            返回首页
          </button>
        </>
      }
    >
      {message && <p className="font-medium text-orange-900">{message}</p>}
      <p>您可以：</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>查看账户余额或套餐状态，充值或升级后再试</li>
        <li>在"我的文章"中查看已生成的文章</li>
        <li>如有疑问，请联系客服</li>
      </ul>
    </Card>
  );
}

export function TimeoutCard({ message, onShowMyArticles }: { message: string | null; onShowMyArticles(): void }) {
  return (
    <Card
      tone="blue"
      icon={Clock}
      title="任务耗时较长"
      testId="timeout-card"
      actions={
        <button type="button" className={`${SOLID} bg-sky-600 hover:bg-sky-700`} onClick={onShowMyArticles}>
          查看我的文章
        </button>
      }
    >
      <p>文章仍在后台继续生成，您可以稍后到"我的文章"中查看结果。</p>
      {message && <p className="text-xs text-slate-500">{message}</p>}
    </Card>
  );
}

export function FailureCard({ message, onRegenerate, onBack }: { message: string | null; onRegenerate(): void; onBack(): void }) {
  return (
    <Card
      tone="red"
      icon={CircleAlert}
      title="生成失败"
      testId="failure-card"
      actions={
        <>
          <button type="button" className={buttonClass('primary')} onClick={onRegenerate}>
            重新生成
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onBack}>
            返回
          </button>
        </>
      }
    >
      <p>{message || '生成过程出现错误，请重试'}</p>
    </Card>
  );
}

export function FetchingCard() {
  return (
    <div role="status" data-testid="fetching-card" className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-10 text-center">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-indigo-600" />
      <p className="text-sm text-slate-600">正在获取文章内容...</p>
    </div>
  );
}

interface MissingContentCardProps {
  onRefetch(): void;
  onRegenerate(): void;
  onBack(): void;
}

export function MissingContentCard({ onRefetch, onRegenerate, onBack }: MissingContentCardProps) {
  return (
    <Card
      tone="slate"
      icon={FileQuestion}
      title="无法获取文章内容"
      testId="missing-content-card"
      actions={
        <>
          <button type="button" className={buttonClass('primary')} onClick={onRefetch}>
            重新获取
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onRegenerate}>
            重新生成
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onBack}>
            返回
          </button>
        </>
      }
    >
      <p>文章已生成完成，但暂时无法获取内容，请重新获取。</p>
    </Card>
  );
}
