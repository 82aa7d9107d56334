import type { ParsedTopic } from '../../../topic/types.js';
import type { DomainPack } from './domain-pack.js';

/**
 * The text of a request that names what it is about: its subject, question, action, options,
 * title and key terms. The role, word limit and constraints are left out: 你是宠物博主 says who
 * writes, not what about.
 */
function aboutText(parsed: ParsedTopic): string {
  return [parsed.subject, parsed.question, parsed.action, parsed.title, parsed.count?.item, ...(parsed.options ?? []), ...parsed.keyTerms].filter(Boolean).join(' ');
}

/**
 * The pack whose triggers the request names most (the longest trigger breaks a tie), unless an
 * exclude vetoes it; none when no pack matches, and then the writer stays generic.
 */
export function matchDomain(parsed: ParsedTopic, packs: readonly DomainPack[]): DomainPack | undefined {
  const text = aboutText(parsed);
  let best: { pack: DomainPack; hits: number; longest: number } | undefined;
  for (const pack of packs) {
    if (pack.excludes?.some((word) => text.includes(word))) continue;
    const found = pack.triggers.filter((trigger) => text.includes(trigger));
    if (found.length === 0) continue;
    const longest = Math.max(...found.map((trigger) => trigger.length));
    if (!best || found.length > best.hits || (found.length === best.hits && longest > best.longest)) best = { pack, hits: found.length, longest };
  }
  return best?.pack;
}
