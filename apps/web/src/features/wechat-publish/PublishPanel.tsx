import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WechatThemeId } from '@tianma/shared';
import { LoaderCircle, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { queryKeys } from '../../lib/query-keys';
import { fetchWechatAccounts } from '../wechat-accounts/wechat-accounts-api';
import { AccountChooser } from './AccountChooser';
import { PreflightReport, reportOk } from './PreflightReport';
import { type PublishOptions, PublishOptionsFields } from './PublishOptionsFields';
import { PublicationCard } from './PublicationCard';
import { fetchPreflight, fetchPublications, type Publication, publishKeys, publishToWechat } from './publish-api';
import { checkSchedule, isFinal } from './publish-text';

export const PUBLISH_FAILED_TEXT = '存入草稿箱失败，请稍后重试';
export const CONFIRM_REQUIRED_TEXT = '请先勾选确认，再发表';
export const PREFLIGHT_BLOCKED_TEXT = '预检未通过：请按上面的提示修改文章并保存后再试';

interface PublishPanelProps {
  articleId: string;
  /** The theme chosen in the dialog: the preflight and the draft use it. */
  theme: WechatThemeId;
}

/**
 * 存入草稿箱 (issue 20, points 1 and 4; decision 074): the account, author and digest, the
 * preflight report for this theme, draft only or draft and publish (with what a freepublish
 * publication does not do, confirmed), an optional time; then the outcome the server reports.
 */
export function PublishPanel({ articleId, theme }: PublishPanelProps) {
  const queryClient = useQueryClient();
  const ids = useId();
  const accounts = useQuery({ queryKey: queryKeys.wechatAccounts, queryFn: ({ signal }) => fetchWechatAccounts(signal) });
  const preflight = useQuery({
    queryKey: publishKeys.preflight(articleId, theme),
    queryFn: ({ signal }) => fetchPreflight(articleId, theme, signal),
    // The article may have been saved since: checked afresh on each opening and theme.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const publications = useQuery({ queryKey: publishKeys.publications(articleId), queryFn: ({ signal }) => fetchPublications(articleId, signal) });

  const [chosenAccount, setChosenAccount] = useState<string>();
  const [options, setOptions] = useState<PublishOptions>({ author: '', digest: '', mode: 'draft', confirmed: false, scheduleOn: false, scheduleAt: '' });
  const [scheduleError, setScheduleError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The publication just made (null: refused, or cancelled); until there is one, the article's
  // latest, as polled or cancelled here since the list was read.
  const [result, setResult] = useState<Publication | null>();
  const [latestNow, setLatestNow] = useState<Publication | null>();
  const previous = result !== undefined ? null : latestNow !== undefined ? latestNow : (publications.data?.[0] ?? null);

  const list = accounts.data ?? [];
  const accountId = chosenAccount && list.some((account) => account.accountId === chosenAccount) ? chosenAccount : list[0]?.accountId;
  const needsConfirm = options.mode === 'publish' && !options.confirmed;
  const typed = { author: options.author, digest: options.digest };
  const blocked = preflight.data && !preflight.isPlaceholderData && !reportOk(preflight.data, typed);

  const refreshPublications = () => queryClient.invalidateQueries({ queryKey: publishKeys.publications(articleId) });

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !accountId || needsConfirm) return;
    let scheduleAt: string | undefined;
    if (options.scheduleOn) {
      const checked = checkSchedule(options.scheduleAt);
      if (!checked.ok) {
        setScheduleError(checked.message);
        document.getElementById(`${ids}-schedule`)?.focus();
        return;
      }
      scheduleAt = checked.iso;
    }
    setScheduleError(undefined);
    setFailure(undefined);
    setPending(true);
    try {
      const made = await publishToWechat(articleId, {
        accountId,
        theme,
        author: options.author.trim() || undefined,
        digest: options.digest.trim() || undefined,
        submit: options.mode === 'publish' || undefined,
        scheduleAt,
      });
      setResult(made);
    } catch (error) {
      setResult(null);
      setFailure(error instanceof Error && error.message ? error.message : PUBLISH_FAILED_TEXT);
    } finally {
      setPending(false);
      void refreshPublications();
    }
  };

  // Loading, failed, or no account bound: that alone, with what to do.
  if (list.length === 0) return <AccountChooser query={accounts} value={undefined} onChange={setChosenAccount} />;

  const card = (publication: Publication, kind: 'latest' | 'result', keep: (next: Publication | null) => void) => (
    <PublicationCard
      key={publication.publishId}
      publication={publication}
      kind={kind}
      onChange={(next) => {
        keep(next);
        // The editor's status line reads the list.
        if (!next || isFinal(next.state)) void refreshPublications();
      }}
    />
  );
  const label = options.scheduleOn ? '定时发布' : options.mode === 'publish' ? '存入草稿箱并发表' : '存入草稿箱';
  const hintId = `${ids}-hint`;
  const hint = pending ? null : needsConfirm ? CONFIRM_REQUIRED_TEXT : blocked ? PREFLIGHT_BLOCKED_TEXT : null;

  return (
    <form noValidate onSubmit={publish} aria-label="存入公众号草稿箱" className="space-y-4">
      {previous && card(previous, 'latest', setLatestNow)}
      <AccountChooser query={accounts} value={accountId} onChange={setChosenAccount} />
      <p className="text-xs text-slate-500">发到公众号的是这篇文章最近一次保存的内容。</p>
      <PreflightReport query={preflight} typed={typed} />
      <PublishOptionsFields
        idPrefix={ids}
        options={options}
        onChange={(next) => {
          setOptions((current) => ({ ...current, ...next }));
          if ('scheduleAt' in next || 'scheduleOn' in next) setScheduleError(undefined);
        }}
        scheduleError={scheduleError}
      />
      <div className="sticky bottom-0 -mx-5 space-y-2 border-t border-slate-100 bg-white px-5 py-3">
        {pending && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
            正在上传图片并存入草稿箱，图片多时需要一会儿…
          </p>
        )}
        {/* The outcome where the button was pressed: in view however far the form was scrolled. */}
        {result && !pending && card(result, 'result', setResult)}
        {failure && !pending && (
          <div role="alert" data-testid="wechat-publish-failed" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            <p className="font-semibold">失败</p>
            <p className="mt-1">{failure}</p>
          </div>
        )}
        {hint && (
          <p id={hintId} className="text-xs text-amber-700">
            {hint}
          </p>
        )}
        <button
          type="submit"
          disabled={pending || needsConfirm || Boolean(blocked)}
          aria-busy={pending}
          aria-describedby={hint ? hintId : undefined}
          className={buttonClass('primary', 'w-full')}
        >
          {pending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Send aria-hidden="true" className="size-4" />}
          {pending ? '正在存入…' : label}
        </button>
      </div>
    </form>
  );
}

export default PublishPanel;
