import type { TopicReading } from '@tianma/shared';
import { useEffect, useState } from 'react';
import { apiRequest, isAbort } from '../../lib/api';

export const TOPIC_READ_PATH = '/api/v1/topic/read';
/** Long enough that typing does not ask on every key, short enough to answer before the click. */
const DEBOUNCE_MS = 450;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The server's reading of the topic (decision 050): a word limit that disagrees with the length,
 * and the instructions the writer will not follow. Null while there is nothing to read or the
 * call failed: the note is a help, never a gate, so a failure stays quiet.
 */
export function useTopicReading(topic: string, length: number, advanced: boolean): TopicReading | null {
  const [reading, setReading] = useState<TopicReading | null>(null);
  useEffect(() => {
    const trimmed = topic.trim();
    if (!trimmed) {
      setReading(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiRequest<unknown>(TOPIC_READ_PATH, { method: 'POST', body: { topic: trimmed, length, advanced_mode: advanced }, signal: controller.signal })
        .then((payload) => {
          const data = isRecord(payload) ? payload.data : undefined;
          setReading(isRecord(data) && Array.isArray(data.instructions) ? (data as unknown as TopicReading) : null);
        })
        .catch((error: unknown) => {
          if (!isAbort(error)) setReading(null);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [topic, length, advanced]);
  return reading;
}
