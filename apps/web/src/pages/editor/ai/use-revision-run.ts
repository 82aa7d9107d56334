import type { ChangeDesc } from '@codemirror/state';
import type { RevisionAction, WritingStyle } from '@tianma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, isAbort, REQUEST_FAILED_MESSAGE } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { mapRange } from './apply-result';
import { streamRevision } from './revision-api';
import { contextAround, type TextRange } from './revision-text';

export interface RevisionRequestInput {
  action: RevisionAction;
  label: string;
  /** The range of the editor's text the action works on, and the text it held when asked. */
  range: TextRange;
  original: string;
  /** The whole document then, for the context around the selection. */
  doc: string;
  style?: WritingStyle;
}

export type RevisionRun = Omit<RevisionRequestInput, 'doc'> & {
  /** Bumped on each start, so a view of an earlier run resets its choices. */
  serial: number;
} & (
    | { status: 'streaming'; text: string }
    | { status: 'done'; text: string; revisionId: string; cost: number }
    | { status: 'failed'; text: string; error: ApiError }
  );

const WHOLE: readonly RevisionAction[] = ['titles', 'summary'];

/**
 * One AI action at a time: started, streamed into `run`, stopped (the fetch aborted, which the
 * server takes as a discard) or dismissed. The range follows the user's edits elsewhere in the
 * text (mapRange), so a result still lands where it belongs.
 */
export function useRevisionRun(articleId: string) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<RevisionRun | null>(null);
  const controller = useRef<AbortController | null>(null);
  const range = useRef<TextRange | null>(null);
  const last = useRef<RevisionRequestInput | null>(null);
  const serial = useRef(0);

  useEffect(() => () => controller.current?.abort(), []);

  const start = (input: RevisionRequestInput) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    last.current = input;
    range.current = input.range;
    serial.current += 1;
    const { doc, ...shown } = input;
    const base = { ...shown, serial: serial.current };
    setRun({ ...base, status: 'streaming', text: '' });
    let text = '';
    const whole = WHOLE.includes(input.action);
    streamRevision(
      articleId,
      {
        action: input.action,
        selection: { start: input.range.from, end: input.range.to, text: input.original },
        ...(input.style ? { options: { style: input.style } } : {}),
        ...(whole ? {} : { context: contextAround(doc, input.range) }),
      },
      {
        signal: abort.signal,
        onDelta: (delta) => {
          text += delta;
          if (controller.current === abort) setRun({ ...base, status: 'streaming', text });
        },
      },
    ).then(
      (result) => {
        if (controller.current !== abort) return;
        controller.current = null;
        setRun({ ...base, status: 'done', text: result.text, revisionId: result.revisionId, cost: result.cost });
        // The balance on the session moved (or a hold came back).
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      },
      (error: unknown) => {
        if (isAbort(error) || controller.current !== abort) return;
        controller.current = null;
        const failure = error instanceof ApiError ? error : new ApiError(0, REQUEST_FAILED_MESSAGE);
        setRun({ ...base, status: 'failed', text, error: failure });
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      },
    );
  };

  /** Ends the run and forgets it; a stream still open is closed, which discards it. */
  const dismiss = () => {
    controller.current?.abort();
    controller.current = null;
    range.current = null;
    setRun(null);
  };

  /** The same action again on the same text (its range as it stands now), with `doc` as the text is now. */
  const retry = (doc: string) => {
    const previous = last.current;
    if (!previous || !range.current) return;
    if (WHOLE.includes(previous.action)) start({ ...previous, range: { from: 0, to: doc.length }, original: doc, doc });
    else start({ ...previous, range: range.current, doc });
  };

  return {
    run,
    start,
    dismiss,
    retry,
    /** Where the run's text is now. */
    currentRange: () => range.current,
    /** Follows an edit of the document (mapRange). */
    mapRange: (changes: ChangeDesc) => {
      if (range.current && !changes.empty) range.current = mapRange(range.current, changes);
    },
  };
}
