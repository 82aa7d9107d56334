import type { ParsedTopic } from '../../../topic/types.js';
import type { DomainPack } from './domain-pack.js';

/**
 * The text of a request that names what it is about: its subject, question, action, options,
 * title and key terms. The role, word limit and constraints are left out: 你是宠物博主 says who
 * writes, not what about.
 */
function aboutText(parsed: ParsedTopic): string {
  // 一周工作总结: the subject (工作) is the genre's own head, so the genre says what the piece is about.
  const ownGenre = parsed.genre?.startsWith(parsed.subject) ? parsed.genre : undefined;
  return [parsed.subject, ownGenre, parsed.question, parsed.action, parsed.title, parsed.count?.item, ...(parsed.options ?? []), ...parsed.keyTerms]
    .filter(Boolean)
    .join(' ');
}

interface Match {
  pack: DomainPack;
  hits: number;
  /** Where in the subject the pack's last trigger ends (-1: not in the subject). */
  head: number;
  longest: number;
}

/** Chinese noun phrases end in their head: in 考研英语 the subject is English, 考研 only says which. */
function better(a: Match, b: Match | undefined): boolean {
  if (!b) return true;
  if (a.hits !== b.hits) return a.hits > b.hits;
  if (a.head !== b.head) return a.head > b.head;
  return a.longest > b.longest;
}

/**
 * The pack whose triggers the request names most (then the one naming the subject's head, then the
 * longest trigger), unless an exclude vetoes it; none when no pack matches, and then the writer
 * stays generic.
 */
export function matchDomain(parsed: ParsedTopic, packs: readonly DomainPack[]): DomainPack | undefined {
  const text = aboutText(parsed);
  let best: Match | undefined;
  for (const pack of packs) {
    if (pack.excludes?.some((word) => text.includes(word))) continue;
    const found = pack.triggers.filter((trigger) => text.includes(trigger));
    if (found.length === 0) continue;
    const head = Math.max(...found.map((trigger) => (parsed.subject.includes(trigger) ? parsed.subject.lastIndexOf(trigger) + trigger.length : -1)));
    const match = { pack, hits: found.length, head, longest: Math.max(...found.map((trigger) => trigger.length)) };
    if (better(match, best)) best = match;
  }
  return best?.pack;
}
