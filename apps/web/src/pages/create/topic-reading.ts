import type { TopicReading } from '@tianma/shared';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useSettledValue } from './use-settled-value';

export const TOPIC_READ_PATH = '/api/v1/topic/read';
/** Long enough that typing does not ask on every key, short enough to answer before the click. */
const DEBOUNCE_MS = 450;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

interface TopicReadRequest {
  topic: string;
  length: number;
  advanced_mode: boolean;
}

/** POST /api/v1/topic/read; null for an answer without a reading in it. */
async function readTopic(request: TopicReadRequest, signal: AbortSignal): Promise<TopicReading | null> {
  const payload = await apiRequest<unknown>(TOPIC_READ_PATH, { method: 'POST', body: request, signal });
  const data = isRecord(payload) ? payload.data : undefined;
  return isRecord(data) && Array.isArray(data.instructions) ? (data as unknown as TopicReading) : null;
}

/**
 * The server's reading of the topic (decision 050): a word limit that disagrees with the length,
 * and the instructions the writer will not follow. Asked once the topic and the length rest; the
 * last reading stays while the next is asked. Null while there is nothing to read or the call
 * failed: the note is a help, never a gate, so a failure stays quiet.
 */
export function useTopicReading(topic: string, length: number, advanced: boolean): TopicReading | null {
  const trimmed = topic.trim();
  const settled = useSettledValue(trimmed ? JSON.stringify({ topic: trimmed, length, advanced_mode: advanced }) : null, DEBOUNCE_MS);
  const request = useMemo(() => (settled ? (JSON.parse(settled) as TopicReadRequest) : null), [settled]);
  const reading = useQuery({
    queryKey: queryKeys.topicReading(request),
    queryFn: request ? ({ signal }) => readTopic(request, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
  // An emptied field hides the note at once, without waiting for the topic to rest.
  if (!trimmed || reading.isError) return null;
  return reading.data ?? null;
}
