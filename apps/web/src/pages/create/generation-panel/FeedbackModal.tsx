import { zodResolver } from '@hookform/resolvers/zod';
import { feedbackFormSchema } from '@tianma/shared';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Modal } from '../../../components/ui/Modal';
import { buttonClass } from '../../../components/ui/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { FEEDBACK_THANKS_TEXT, type FeedbackType, feedbackErrorText, submitFeedback } from './feedback-api';
import { appendPhrase, FEEDBACK_MAX_LENGTH, FEEDBACK_PHRASE_GROUPS } from './feedback-phrases';

export const FEEDBACK_MODAL_TITLE = '请提供您的反馈';

interface FeedbackModalProps {
  articleId: string | null;
  /** The type chosen when the modal opens (不符合预期 opens it on dislike). */
  initialType?: FeedbackType | null;
  onClose(): void;
}

/**
 * 请提供您的反馈 (content-creation §2, §4): choose a type, write or tap phrases, submit. Mounted only
 * while open, so closing it (after success or 取消) resets everything.
 */
export function FeedbackModal({ articleId, initialType = null, onClose }: FeedbackModalProps) {
  const toast = useToast();
  const textId = useId();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(feedbackFormSchema), defaultValues: { type: initialType, content: '' } });
  const [type, text] = useWatch({ control, name: ['type', 'content'] });
  const error = errors.root?.server?.message;

  // The button stays disabled until the form holds a type and some text.
  const canSubmit = feedbackFormSchema.safeParse({ type, content: text }).success && !isSubmitting;

  const close = () => {
    if (!isSubmitting) onClose();
  };

  const submit = handleSubmit(async (feedback) => {
    try {
      await submitFeedback({ ...feedback, articleId });
    } catch (failure) {
      setError('root.server', { message: feedbackErrorText(failure) });
      return;
    }
    toast.success(FEEDBACK_THANKS_TEXT);
    onClose();
  });

  return (
    <Modal label={FEEDBACK_MODAL_TITLE} onClose={close}>
      <form onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="sr-only">文章是否符合预期</legend>
          <div className="grid grid-cols-2 gap-3">
            <TypeButton
              label="符合预期"
              pressed={type === 'like'}
              onClick={() => setValue('type', 'like')}
              icon={<ThumbsUp aria-hidden="true" className="size-4" />}
              tone="emerald"
            />
            <TypeButton
              label="需要改进"
              pressed={type === 'dislike'}
              onClick={() => setValue('type', 'dislike')}
              icon={<ThumbsDown aria-hidden="true" className="size-4" />}
              tone="rose"
            />
          </div>
        </fieldset>

        {type === 'dislike' && (
          <div className="space-y-3" data-testid="feedback-phrases">
            <p className="text-xs text-slate-500">点击快捷短语，自动添加到反馈内容</p>
            {FEEDBACK_PHRASE_GROUPS.map((group) => (
              <fieldset key={group.label}>
                <legend className="mb-1.5 text-xs font-medium text-slate-600">{group.label}</legend>
                <div className="flex flex-wrap gap-2">
                  {group.phrases.map((phrase) => (
                    <button
                      key={phrase}
                      type="button"
                      onClick={() => setValue('content', appendPhrase(getValues('content'), phrase))}
                      className="rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-xs text-slate-700 hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-700"
                    >
                      {phrase}
                    </button>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        )}

        <div>
          <label htmlFor={textId} className="mb-1 block text-sm font-medium text-slate-700">
            反馈内容
          </label>
          <textarea
            id={textId}
            {...register('content')}
            maxLength={FEEDBACK_MAX_LENGTH}
            rows={4}
            placeholder={type === 'like' ? '说说这篇文章哪里让您满意' : '请描述需要改进的地方，或点击上方快捷短语'}
            className="w-full resize-y rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-800 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100"
          />
          <p className="mt-1 text-right text-xs text-slate-400" data-testid="feedback-counter">
            {text.length}/{FEEDBACK_MAX_LENGTH}
          </p>
        </div>

        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}

        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={close} disabled={isSubmitting} className={buttonClass('secondary')}>
            取消
          </button>
          <button type="submit" disabled={!canSubmit} className={buttonClass('primary')}>
            {isSubmitting ? '提交中...' : '提交反馈'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface TypeButtonProps {
  label: string;
  pressed: boolean;
  onClick(): void;
  icon: ReactNode;
  tone: 'emerald' | 'rose';
}

const TONES = {
  emerald: 'border-emerald-500 bg-emerald-50 text-emerald-700',
  rose: 'border-rose-500 bg-rose-50 text-rose-700',
} as const;

function TypeButton({ label, pressed, onClick, icon, tone }: TypeButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex items-center justify-center gap-2 rounded-xl border px-3 py-2.5 text-sm font-medium transition-colors ${
        pressed ? TONES[tone] : 'border-slate-200 bg-white text-slate-600 hover:border-slate-300'
      }`}
    >
      {icon}
      {label}
    </button>
  );
}
