import { WECHAT_AUTHOR_MAX, WECHAT_DIGEST_MAX, WECHAT_FREEPUBLISH_NOTICE, WECHAT_SCHEDULE_MAX_MS, WECHAT_SCHEDULE_MIN_MS } from '@tianma/shared';
import { AlertTriangle } from 'lucide-react';
import { INPUT_CLASS, LABEL_CLASS } from '../../components/account/form-styles';
import { toLocalInputValue } from './publish-text';

export interface PublishOptions {
  author: string;
  digest: string;
  /** draft: only into the draft box; publish: then 发表 through freepublish. */
  mode: 'draft' | 'publish';
  /** The user ticked that they know what a freepublish publication does not do. */
  confirmed: boolean;
  scheduleOn: boolean;
  /** The datetime-local value (local time). */
  scheduleAt: string;
}

interface PublishOptionsFieldsProps {
  idPrefix: string;
  options: PublishOptions;
  onChange: (next: Partial<PublishOptions>) => void;
  scheduleError?: string;
}

const CHOICE = 'flex cursor-pointer items-start gap-2 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50';
const chars = (text: string) => [...text].length;

/** Author and digest with their counters, draft only or draft and publish, and an optional time. */
export function PublishOptionsFields({ idPrefix: ids, options, onChange, scheduleError }: PublishOptionsFieldsProps) {
  const now = Date.now();
  return (
    <>
      <div>
        <label htmlFor={`${ids}-author`} className={LABEL_CLASS}>
          作者（选填）
        </label>
        <input
          id={`${ids}-author`}
          value={options.author}
          maxLength={WECHAT_AUTHOR_MAX}
          autoComplete="off"
          onChange={(event) => onChange({ author: event.target.value })}
          aria-describedby={`${ids}-author-count`}
          className={`${INPUT_CLASS} mt-1.5`}
        />
        <p id={`${ids}-author-count`} className="mt-1 text-right text-xs text-slate-400 tabular-nums">
          {chars(options.author)}/{WECHAT_AUTHOR_MAX}
        </p>
      </div>
      <div>
        <label htmlFor={`${ids}-digest`} className={LABEL_CLASS}>
          摘要（选填）
        </label>
        <textarea
          id={`${ids}-digest`}
          value={options.digest}
          maxLength={WECHAT_DIGEST_MAX}
          rows={3}
          onChange={(event) => onChange({ digest: event.target.value })}
          aria-describedby={`${ids}-digest-count`}
          placeholder="不填则用文章的摘要"
          className={`${INPUT_CLASS} mt-1.5 resize-none`}
        />
        <p id={`${ids}-digest-count`} className="mt-1 text-right text-xs text-slate-400 tabular-nums">
          {chars(options.digest)}/{WECHAT_DIGEST_MAX}
        </p>
      </div>
      <fieldset className="space-y-2">
        <legend className={`${LABEL_CLASS} mb-1.5`}>存入后</legend>
        <label className={CHOICE}>
          <input type="radio" name={`${ids}-mode`} checked={options.mode === 'draft'} onChange={() => onChange({ mode: 'draft', confirmed: false })} className="mt-0.5" />
          <span>
            <span className="font-medium text-slate-800">仅存入草稿箱</span>
            <span className="block text-slate-500">再到公众号后台群发或发表（推荐）</span>
          </span>
        </label>
        <label className={CHOICE}>
          <input type="radio" name={`${ids}-mode`} checked={options.mode === 'publish'} onChange={() => onChange({ mode: 'publish' })} className="mt-0.5" />
          <span>
            <span className="font-medium text-slate-800">存入草稿箱并发表</span>
            <span className="block text-slate-500">由接口直接发表</span>
          </span>
        </label>
      </fieldset>
      {options.mode === 'publish' && (
        <div data-testid="wechat-freepublish-notice" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="flex gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
            <span id={`${ids}-notice`}>{WECHAT_FREEPUBLISH_NOTICE}</span>
          </p>
          <label className="mt-2 flex cursor-pointer items-start gap-2 pl-6 font-medium">
            <input
              type="checkbox"
              checked={options.confirmed}
              onChange={(event) => onChange({ confirmed: event.target.checked })}
              aria-describedby={`${ids}-notice`}
              className="mt-0.5"
            />
            我已了解，仍要直接发表
          </label>
        </div>
      )}
      <div>
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={options.scheduleOn} onChange={(event) => onChange({ scheduleOn: event.target.checked })} />
          定时
        </label>
        {options.scheduleOn && (
          <div className="mt-2">
            <label htmlFor={`${ids}-schedule`} className="text-sm text-slate-600">
              {options.mode === 'publish' ? '发表时间' : '存入时间'}（本地时间，2 分钟到 30 天之内）
            </label>
            <input
              id={`${ids}-schedule`}
              type="datetime-local"
              value={options.scheduleAt}
              min={toLocalInputValue(new Date(now + WECHAT_SCHEDULE_MIN_MS))}
              max={toLocalInputValue(new Date(now + WECHAT_SCHEDULE_MAX_MS))}
              onChange={(event) => onChange({ scheduleAt: event.target.value })}
              aria-invalid={scheduleError ? true : undefined}
              aria-describedby={scheduleError ? `${ids}-schedule-error` : undefined}
              className={`${INPUT_CLASS} mt-1.5`}
            />
            {scheduleError && (
              <p id={`${ids}-schedule-error`} role="alert" className="mt-1 text-sm text-red-600">
                {scheduleError}
              </p>
            )}
          </div>
        )}
      </div>
    </>
  );
}
