/**
 * `node --import tsx bench/shared-sentences.ts [minArticles] [variants]`: writes offline articles
 * for unrelated briefs (apps/server/test/generation/offline-articles.ts) and lists the sentences,
 * topic words masked, that occur in `minArticles` (default 3) or more of them: stock filler a
 * reader would meet in article after article. `variants` (default 1) writes each brief that many
 * times (as regenerations), to find frames a single draw hides. SHOW=n prints the first n articles.
 */
import {
  briefOf,
  sharedSentences,
  UNRELATED_BRIEFS,
  writeOffline,
} from '../apps/server/test/generation/offline-articles.js';

const minArticles = Number(process.argv[2] ?? 3);
const variants = Number(process.argv[3] ?? 1);
const show = Number(process.env.SHOW ?? 0);

const articles: { markdown: string; topic: string; id: string }[] = [];
for (let v = 0; v < variants; v += 1) {
  for (const brief of UNRELATED_BRIEFS) {
    const written = await writeOffline(briefOf(brief, v === 0 ? undefined : v === 1 ? 'again' : `v${v}`));
    articles.push({ markdown: written.markdown, topic: brief.topic, id: `${brief.topic}#${v}` });
  }
}
for (const article of articles.slice(0, show)) console.log(`\n==== ${article.id}\n${article.markdown}\n`);

// Across variants, only articles of different briefs count as unrelated: a sentence shared by two
// drafts of one brief is counted once per brief.
const shared = sharedSentences(articles, 1)
  .map((s) => ({ ...s, briefs: new Set(s.articles.map((i) => articles[i]!.topic)).size }))
  .filter((s) => s.briefs >= minArticles)
  .sort((a, b) => b.briefs - a.briefs);
let total = 0;
for (const article of articles) total += article.markdown.length;
console.log(`${articles.length} articles, ${total} characters; ${shared.length} sentences shared by ${minArticles}+ unrelated briefs:`);
for (const s of shared) console.log(`${String(s.briefs).padStart(3)}  ${s.sentence}`);
