import type { TopicReading } from '@tianma/shared';
import { Info } from 'lucide-react';

interface TopicReadingNoteProps {
  reading: TopicReading | null;
  length: number;
  onUseLength: (length: number) => void;
}

/**
 * What the topic asks that the settings or the writer will not do, said before the user pays:
 * a word limit that disagrees with the length slider (with a one-click fix when the slider can
 * reach it) and the instructions the writer cannot follow. Nothing when all is in order.
 */
export function TopicReadingNote({ reading, length, onUseLength }: TopicReadingNoteProps) {
  if (!reading) return null;
  const refused = reading.instructions.filter((instruction) => !instruction.supported);
  const limit = reading.lengthConflict ? reading.wordLimit : undefined;
  if (!limit && refused.length === 0) return null;
  return (
    <div data-testid="topic-reading-note" aria-live="polite" className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
      <p className="flex items-center gap-1.5 font-medium">
        <Info aria-hidden="true" className="size-4 shrink-0" />
        生成前请留意
      </p>
      <ul className="mt-1.5 space-y-1.5 pl-5.5">
        {limit && (
          <li data-testid="topic-length-conflict">
            主题里要求「{limit.text}」，当前篇幅是 {length} 字，文章会按篇幅设置来写。
            {reading.suggestedLength !== undefined ? (
              <button
                type="button"
                data-testid="use-topic-length"
                onClick={() => onUseLength(reading.suggestedLength!)}
                className="ml-1 font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-800"
              >
                改为 {reading.suggestedLength} 字
              </button>
            ) : (
              <span>（当前模式的篇幅已无法再调得更接近）</span>
            )}
          </li>
        )}
        {refused.map((instruction) => (
          <li key={instruction.text} data-testid="topic-unsupported">
            「{instruction.text}」：{instruction.note}
          </li>
        ))}
      </ul>
    </div>
  );
}
