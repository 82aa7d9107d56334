/**
 * `npm run eval:writing`: the writing evaluation of issue 16 over the brief set in
 * bench/writing-briefs.json, on the embedded default (no model configured: the offline composer).
 * The server is built in this process on an in-memory PGlite; users, coins and knowledge bases are
 * set up, and every article is requested over the HTTP API (app.inject), as a user would. The
 * measures are apps/server/src/generation/evaluation/* and the stock-phrase counter. Writes
 * bench/reports/eval-writing-<date>.json and prints a markdown summary with the issue's targets.
 * It is a report, not a gate: exit 0 unless the pipeline crashes or a task fails.
 * EVAL_BRIEFS=id,id… runs only those briefs. EVAL_WRITER=fake writes through a scripted model
 * instead (bench/eval-writing-fake.ts) and adds what its prompts carry: the topic's key terms and
 * parsed parts (an instruction's role, title, limit and constraints as rules), the discourse plan,
 * the outline, the chosen knowledge-base passages, the reference's style profile and the 去AI味 list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray } from 'drizzle-orm';
import { createSession } from '../apps/server/src/accounts/sessions.js';
import { SESSION_COOKIE } from '../apps/server/src/accounts/session-token.js';
import { users } from '../apps/server/src/accounts/tables.js';
import { articles } from '../apps/server/src/articles/tables.js';
import { buildApp } from '../apps/server/src/app.js';
import { adjustBalance } from '../apps/server/src/billing/adjust-balance.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import type { Material } from '../apps/server/src/generation/agents/types.js';
import { readArticle } from '../apps/server/src/generation/evaluation/article-text.js';
import { type CitationCheck, checkCitations } from '../apps/server/src/generation/evaluation/citations-check.js';
import { lengthScore } from '../apps/server/src/generation/evaluation/length-score.js';
import { crossArticleReuse, sameBriefOverlap, withinArticleRepetition } from '../apps/server/src/generation/evaluation/repetition.js';
import { measureStyle, styleDistance } from '../apps/server/src/generation/evaluation/style-distance.js';
import { checkTopicIntegrity } from '../apps/server/src/generation/evaluation/topic-integrity.js';
import { generationStageOutputs, generationTasks } from '../apps/server/src/generation/tables.js';
import { countStockPhrases } from '../apps/server/src/generation/style/stock-phrases.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/index.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { countCjkLength, stripMarkdown } from '@tianma/shared';
// NOTE: a type import only; the scripted model (and the prompt modules it reads the role lines
// from) load only with EVAL_WRITER=fake, so a change to the prompts cannot break the offline run.
import type { Prompt } from './eval-writing-fake.js';
import { containsTerm } from '../apps/server/src/generation/evaluation/topic-integrity.js';

interface Brief {
  id: string;
  form: string;
  topic: string;
  keyTerms: string[];
  instruction?: boolean;
  advanced?: boolean;
  settings: Record<string, unknown> & { length: number };
  kb?: string[];
  reference?: string;
  seoKeywords?: string[];
  twice?: boolean;
  referenceTwin?: boolean;
}

interface Written {
  markdown: string;
  title: string;
  wordCount: number;
  materials: Material[];
  ms: number;
  prompts: Prompt[];
}

const FAKE = process.env.EVAL_WRITER === 'fake';
/** Sentences of the knowledge-base fixtures (sample.docx, sample.pdf): a prompt with one carries the chosen passages. */
const KB_SENTENCES = ['1286.6万辆', '插电式混合动力车型增速明显快于纯电动车型', '磷酸铁锂电池凭借成本优势', '价格战导致行业利润率下滑', '固态电池预计在2027年前后'];

/** What the scripted model's prompts carried for one brief: shares of the prompts of each agent. */
type Scripted = typeof import('./eval-writing-fake.js');

type PromptHelpers = Pick<Scripted, 'SECTION_HEADINGS' | 'STYLE_MARK' | 'STOCK_MARK' | 'INSTRUCTION_NOTE' | 'parseTopic' | 'planLine'>;

/** The parsed topic's lines an instruction brief's prompts must carry as rules (prompts/topic-parts.ts). */
function instructionLines(topic: ReturnType<Scripted['parseTopic']>, note: string): string[] {
  return [
    topic.role ? `写作身份：${topic.role}` : '',
    topic.title ? `指定标题：${topic.title}` : '',
    topic.wordLimit ? `字数要求：用户写的是「${topic.wordLimit.text}」` : '',
    topic.genre ? `体裁：${topic.genre}` : '',
    ...topic.constraints.map((constraint) => `必须遵守（原话「${constraint.text}」）`),
    note,
  ].filter(Boolean);
}

/** The stock phrases a combine prompt lists equal those counted in the draft it carries, and there are some. */
function listsDraftPhrases(text: string): boolean {
  const draft = text.slice(text.indexOf('【初稿】'), text.lastIndexOf('【/初稿】'));
  const found = countStockPhrases(draft).hits.map((hit) => hit.phrase).sort();
  const listed = [...text.matchAll(/^- 「(.+?)」出现 \d+ 次/gmu)].map((match) => match[1]!).sort();
  return found.length > 0 && JSON.stringify(found) === JSON.stringify(listed);
}

function promptChecks(brief: Brief, prompts: Prompt[], helpers: PromptHelpers) {
  const { SECTION_HEADINGS, STYLE_MARK, STOCK_MARK } = helpers;
  const of = (agent: Prompt['agent']) => prompts.filter((prompt) => prompt.agent === agent);
  const share = (list: Prompt[], test: (text: string) => boolean) => (list.length > 0 ? list.filter((prompt) => test(prompt.text)).length / list.length : null);
  const sections = of('section');
  const headings = SECTION_HEADINGS.slice(0, sections.length);
  const keyTerms = (text: string) => brief.keyTerms.every((term) => containsTerm(text, term));
  const referenceSentences = (brief.reference ?? '').split(/(?<=[。！？])|\n+/u).map((line) => line.trim()).filter((line) => countCjkLength(line) >= 8);
  const topic = helpers.parseTopic(brief.topic);
  const subject = (text: string) => text.includes(`写作对象：${topic.subject}`);
  const rules = instructionLines(topic, helpers.INSTRUCTION_NOTE);
  const asRules = (text: string) => rules.every((line) => text.includes(line));
  const plan = helpers.planLine(brief.settings.type as Parameters<Scripted['planLine']>[0]);
  return {
    calls: prompts.length,
    keyTerms: { analysis: share(of('analysis'), keyTerms), outline: share(of('outline'), keyTerms), sections: share(sections, keyTerms) },
    subject: { analysis: share(of('analysis'), subject), outline: share(of('outline'), subject), sections: share(sections, subject) },
    /** For a brief the parser reads as an instruction: which parts it found, and the prompts that carry them all as rules. */
    instruction: topic.isInstruction
      ? {
          parts: [topic.role && 'role', topic.title && 'title', topic.wordLimit && 'limit', topic.genre && 'genre', topic.constraints.length > 0 && `${topic.constraints.length} rule${topic.constraints.length > 1 ? 's' : ''}`].filter(Boolean).join(' + ') || 'note only',
          analysis: share(of('analysis'), asRules),
          outline: share(of('outline'), asRules),
          sections: share(sections, asRules),
        }
      : null,
    discoursePlan: share(of('outline'), (text) => text.includes(plan)),
    humanizing: { combine: share(of('combine'), (text) => listsDraftPhrases(text) && text.includes(`「${STOCK_MARK}」出现`)), sections: share(sections, (text) => text.includes('去AI味：')) },
    plan: share(sections, (text) => headings.every((heading) => text.includes(heading))),
    passages: brief.kb ? share(sections, (text) => KB_SENTENCES.some((sentence) => text.includes(sentence))) : null,
    styleProfile: brief.reference ? { outline: share(of('outline'), (text) => text.includes(STYLE_MARK)), sections: share(sections, (text) => text.includes(STYLE_MARK)) } : null,
    referenceExcerpt: brief.reference ? share(sections, (text) => referenceSentences.some((sentence) => text.includes(sentence))) : null,
  };
}

const ROOT = path.resolve(import.meta.dirname, '..');
const KB_DIR = path.join(ROOT, 'apps/server/test/fixtures/kb');
const TASK_TIMEOUT_MS = 60_000;
const TARGETS = {
  brokenLines: 'no broken topic insertion',
  repetition: '≤ 2%',
  reuse: '≤ 10%',
  lengthScore: 'mean ≥ 90',
  stockPhrases: '≤ 2 per 1,000 characters',
  citations: 'every citation valid, no knowledge-base sentence used twice',
  twice: 'the two articles differ',
  style: 'distance shrinks versus a run without the reference',
};

function multipart(files: { filename: string; content: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tianmaeval${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function main() {
  const started = Date.now();
  const all = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'writing-briefs.json'), 'utf8')) as { briefs: Brief[] }).briefs;
  // EVAL_BRIEFS=id,id… writes only those (a quick look while working on the writer; cross-article reuse needs the whole set).
  const only = process.env.EVAL_BRIEFS?.split(',').map((id) => id.trim()).filter(Boolean);
  const briefs = only?.length ? all.filter((brief) => only.includes(brief.id)) : all;
  if (briefs.length === 0) throw new Error(`EVAL_BRIEFS matches no brief of bench/writing-briefs.json: ${process.env.EVAL_BRIEFS}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-eval-writing-'));
  const scripted: Scripted | null = FAKE ? await import('./eval-writing-fake.js') : null;
  const model = scripted ? await scripted.startScriptedModel() : null;
  // NOTE: no LLM_* variables and not process.env: the embedded default, whatever the shell has set.
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_DEV_OUTBOX: 'true',
    ALLOW_SANDBOX_PAYMENT: 'true',
    ALLOW_OFFLINE_COMPOSER: 'true',
    ...(model ? { LLM_BASE_URL: model.url, LLM_API_KEY: 'sk-eval', LLM_MODEL: 'eval-scripted-model' } : {}),
    APP_SECRET: 'eval-secret-0123456789abcdef0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase({ dataDir: '', pglite: await PGlite.create() });
  await migrateDatabase(database);
  const db = database.db;
  const app = await buildApp({ config, database, logger: createLogger({ ...config, logLevel: 'warn' }) });
  await app.ready();

  const [user] = await db
    .insert(users)
    .values({ deepspaceId: 987_654_321, username: 'eval_writer', passwordHash: 'x', level: 1 })
    .returning();
  await adjustBalance(db, { user: 'eval_writer', delta: 1_000_000, reason: 'eval:writing' });
  const { token } = await createSession(db, { userId: user!.id, remember: false });
  const cookie = `${SESSION_COOKIE}=${token}`;

  const knowledgeSessions = new Map<string, { sessionId: string; fileIds: string[] }>();
  async function knowledgeFor(files: string[]) {
    const key = files.join('+');
    const known = knowledgeSessions.get(key);
    if (known) return known;
    const body = multipart(files.map((filename) => ({ filename, content: fs.readFileSync(path.join(KB_DIR, filename)) })));
    const uploaded = await app.inject({ method: 'POST', url: '/api/v1/temp_knowledge/upload', payload: body.payload, headers: { ...body.headers, cookie } });
    if (uploaded.statusCode !== 200) throw new Error(`knowledge upload: ${uploaded.statusCode} ${uploaded.body}`);
    const { session_id: sessionId, file_list: list } = uploaded.json() as { session_id: string; file_list: { file_id: string }[] };
    await app.inject({ method: 'POST', url: `/api/v1/temp_knowledge/build/${sessionId}`, headers: { cookie } });
    await app.inject({ url: `/api/v1/temp_knowledge/build/stream/${sessionId}`, headers: { cookie } });
    const session = { sessionId, fileIds: list.map((file) => file.file_id) };
    knowledgeSessions.set(key, session);
    return session;
  }

  async function write(brief: Brief, withReference = true): Promise<Written> {
    const settings: Record<string, unknown> = { ...brief.settings };
    if (brief.kb) {
      const kb = await knowledgeFor(brief.kb);
      Object.assign(settings, { useKnowledgeBase: true, tempKnowledgeBaseId: kb.sessionId, knowledgeDocumentIds: kb.fileIds });
    }
    if (brief.reference && withReference) Object.assign(settings, { useReferenceDoc: true, referenceText: brief.reference });
    if (brief.seoKeywords) Object.assign(settings, { enableSeo: true, seoKeywords: brief.seoKeywords });
    model?.takePrompts();
    const t0 = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/articles/generate',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { topic: brief.topic, advanced_mode: Boolean(brief.advanced), deepspaceId: user!.deepspaceId, settings },
    });
    const body = res.json() as { task_id?: string; article_id?: string; message?: string };
    if (!body.task_id) throw new Error(`${brief.id}: generate refused: ${res.statusCode} ${body.message}`);
    const deadline = Date.now() + TASK_TIMEOUT_MS;
    for (;;) {
      const [task] = await db.select().from(generationTasks).where(eq(generationTasks.taskId, body.task_id));
      if (task?.status === 'completed') break;
      if (task && ['error', 'cancelled'].includes(task.status)) throw new Error(`${brief.id}: task ${task.status}: ${JSON.stringify(task.details)}`);
      if (Date.now() > deadline) throw new Error(`${brief.id}: task still ${task?.status} at ${task?.currentStep}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = Date.now() - t0;
    const [article] = await db.select().from(articles).where(eq(articles.articleId, body.article_id!));
    const [task] = await db.select({ id: generationTasks.id }).from(generationTasks).where(eq(generationTasks.taskId, body.task_id));
    const outputs = await db
      .select({ key: generationStageOutputs.key, output: generationStageOutputs.output })
      .from(generationStageOutputs)
      .where(and(eq(generationStageOutputs.taskId, task!.id), inArray(generationStageOutputs.key, ['search', 'research'])));
    const materials = new Map<string, Material>();
    for (const { output } of outputs) for (const material of (output as (Material | Material[])[]).flat()) materials.set(material.id, material);
    return { markdown: article!.content, title: article!.title, wordCount: article!.wordCount, materials: [...materials.values()], ms, prompts: model?.takePrompts() ?? [] };
  }

  const results: { brief: Brief; first: Written; second?: Written; withoutReference?: Written }[] = [];
  for (const brief of briefs) {
    const first = await write(brief);
    const second = brief.twice ? await write(brief) : undefined;
    const withoutReference = brief.referenceTwin ? await write(brief, false) : undefined;
    results.push({ brief, first, second, withoutReference });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  await app.close();
  await database.close();
  await model?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const perArticle = results.map(({ brief, first, second, withoutReference }) => {
    const text = readArticle(first.markdown);
    const produced = countCjkLength(stripMarkdown(text.body));
    const integrity = checkTopicIntegrity({ topic: brief.topic, keyTerms: brief.keyTerms, instruction: Boolean(brief.instruction), title: first.title || text.title, headings: text.headings, body: text.body });
    const citations: CitationCheck | null = first.materials.length > 0 || /\[\d{1,3}\]/.test(first.markdown) ? checkCitations(first.markdown, first.materials) : null;
    let style: { withReference: number; withoutReference: number | null } | null = null;
    if (brief.reference) {
      const reference = measureStyle(brief.reference);
      style = {
        // The markdown: the profile counts headings and leaves the title, images and reference list out.
        withReference: styleDistance(reference, measureStyle(first.markdown)),
        withoutReference: withoutReference ? styleDistance(reference, measureStyle(withoutReference.markdown)) : null,
      };
    }
    return {
      id: brief.id,
      form: brief.form,
      instruction: Boolean(brief.instruction),
      platform: brief.settings.platform,
      type: brief.settings.type,
      style: brief.settings.style,
      topic: brief.topic,
      title: first.title || text.title,
      ms: first.ms,
      requested: brief.settings.length,
      produced,
      lengthScore: lengthScore(brief.settings.length, produced),
      integrity,
      repetition: withinArticleRepetition(text.body),
      stockPhrases: countStockPhrases(text.body),
      citations,
      styleDistance: style,
      twice: second ? sameBriefOverlap(first.markdown, second.markdown) : null,
      prompts: scripted ? promptChecks(brief, first.prompts, scripted) : null,
      markdown: first.markdown,
    };
  });
  const reuse = crossArticleReuse(results.map(({ brief, first }) => ({ id: brief.id, body: readArticle(first.markdown).body, topicWords: brief.keyTerms })));

  const mean = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  const stockTotal = perArticle.reduce((sum, a) => sum + a.stockPhrases.total, 0);
  const charsTotal = perArticle.reduce((sum, a) => sum + a.stockPhrases.characters, 0);
  const repeatedTotal = perArticle.reduce((sum, a) => sum + a.repetition.repeated, 0);
  const sentencesTotal = perArticle.reduce((sum, a) => sum + a.repetition.sentences, 0);
  const cited = perArticle.filter((a) => a.citations);
  const twice = perArticle.filter((a) => a.twice);
  const overall = {
    articles: perArticle.length,
    brokenLines: perArticle.reduce((sum, a) => sum + a.integrity.brokenLines.length, 0),
    articlesWithBrokenLines: perArticle.filter((a) => a.integrity.brokenLines.length > 0).length,
    titlesWithoutSubject: perArticle.filter((a) => !a.integrity.subjectInTitle).length,
    textsMissingKeyTerms: perArticle.filter((a) => a.integrity.missingInText.length > 0).length,
    articlesWithInstructionWords: perArticle.filter((a) => a.integrity.hits.some((hit) => hit.kind === 'instruction_word')).length,
    repetition: { share: sentencesTotal > 0 ? repeatedTotal / sentencesTotal : 0, worst: Math.max(...perArticle.map((a) => a.repetition.share)) },
    reuse: { share: reuse.share, min: Math.min(...reuse.perArticle.map((a) => a.share)), max: Math.max(...reuse.perArticle.map((a) => a.share)) },
    lengthScore: { mean: mean(perArticle.map((a) => a.lengthScore)), min: Math.min(...perArticle.map((a) => a.lengthScore)) },
    stockPhrases: { perThousand: charsTotal > 0 ? (stockTotal * 1000) / charsTotal : 0, worst: Math.max(...perArticle.map((a) => a.stockPhrases.perThousand)) },
    citations: {
      articles: cited.length,
      valid: cited.filter((a) => a.citations!.valid).length,
      markers: cited.reduce((sum, a) => sum + a.citations!.markers, 0),
      matched: cited.reduce((sum, a) => sum + a.citations!.matched, 0),
      unresolved: cited.reduce((sum, a) => sum + a.citations!.unresolved.length, 0),
      duplicateSources: cited.reduce((sum, a) => sum + a.citations!.duplicateSources.length, 0),
      structureCited: cited.reduce((sum, a) => sum + a.citations!.structureCited.length, 0),
      structureQuoted: cited.reduce((sum, a) => sum + a.citations!.structureQuoted.length, 0),
      reusedSourceSentences: cited.reduce((sum, a) => sum + a.citations!.reusedSourceSentences.length, 0),
    },
    twice: { briefs: twice.length, identical: twice.filter((a) => a.twice!.identical).length, meanSharedSentences: mean(twice.map((a) => a.twice!.sharedSentenceShare)) },
    msPerArticle: { mean: mean(perArticle.map((a) => a.ms)), max: Math.max(...perArticle.map((a) => a.ms)) },
    wallSeconds: (Date.now() - started) / 1000,
  };

  const tally = (values: unknown[]) => Object.fromEntries([...new Set(values.map(String))].map((value) => [value, values.filter((v) => String(v) === value).length]));
  const coverage = {
    platform: tally(briefs.map((b) => b.settings.platform)),
    type: tally(briefs.map((b) => b.settings.type)),
    style: tally(briefs.map((b) => b.settings.style)),
    form: tally(briefs.map((b) => b.form)),
    instructions: briefs.filter((b) => b.instruction).length,
    short: briefs.filter((b) => b.settings.length <= 1000).length,
    long: briefs.filter((b) => b.settings.length >= 2500).length,
    knowledgeBase: briefs.filter((b) => b.kb).length,
    reference: briefs.filter((b) => b.reference).length,
    seo: briefs.filter((b) => b.seoKeywords).length,
  };
  const report = { at: new Date().toISOString(), writer: FAKE ? 'scripted fake model (bench/eval-writing-fake.ts)' : 'offline composer (embedded default)', node: process.version, targets: TARGETS, coverage, overall, reuse, articles: perArticle };
  const reportsDir = path.join(import.meta.dirname, 'reports');
  fs.mkdirSync(reportsDir, { recursive: true });
  const file = path.join(reportsDir, `eval-writing-${FAKE ? 'fake-' : ''}${report.at.slice(0, 10)}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  printSummary(report, path.relative(ROOT, file));
}

type Checks = ReturnType<typeof promptChecks>;
type Report = {
  writer: string;
  coverage: Record<string, number | Record<string, number>>;
  overall: {
    articles: number;
    brokenLines: number;
    articlesWithBrokenLines: number;
    titlesWithoutSubject: number;
    textsMissingKeyTerms: number;
    articlesWithInstructionWords: number;
    repetition: { share: number; worst: number };
    reuse: { share: number; min: number; max: number };
    lengthScore: { mean: number; min: number };
    stockPhrases: { perThousand: number; worst: number };
    citations: { articles: number; valid: number; markers: number; matched: number; unresolved: number; duplicateSources: number; structureCited: number; structureQuoted: number; reusedSourceSentences: number };
    twice: { briefs: number; identical: number; meanSharedSentences: number };
    msPerArticle: { mean: number; max: number };
    wallSeconds: number;
  };
  reuse: { perArticle: { id: string; share: number }[]; examples: { sentence: string; articles: number }[] };
  articles: {
    id: string;
    title: string;
    instruction: boolean;
    lengthScore: number;
    requested: number;
    produced: number;
    integrity: { brokenLines: string[]; subjectInTitle: boolean; missingInText: string[]; hits: { kind: string; rule: string; line: string }[] };
    repetition: { share: number };
    stockPhrases: { perThousand: number; hits: { phrase: string; count: number }[] };
    citations: CitationCheck | null;
    styleDistance: { withReference: number; withoutReference: number | null } | null;
    twice: { identical: boolean; sharedSentenceShare: number } | null;
    prompts: Checks | null;
  }[];
};

function printSummary(report: Report, file: string) {
  const o = report.overall;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const c = o.citations;
  console.log(`\n## Writing evaluation: ${o.articles} briefs, ${report.writer}\n`);
  console.log('| measure | value | target (issue 16) | |\n|---|---|---|---|');
  console.log(`| broken topic insertions (wrong-kind frame, cut question, doubled word, pasted instruction) | ${o.brokenLines} lines in ${o.articlesWithBrokenLines} of ${o.articles} articles | ${TARGETS.brokenLines} | ${met(o.brokenLines === 0)} |`);
  console.log(`| titles without the subject / texts missing a key term | ${o.titlesWithoutSubject} / ${o.textsMissingKeyTerms} of ${o.articles} | 0 / 0 | ${met(o.titlesWithoutSubject + o.textsMissingKeyTerms === 0)} |`);
  console.log(`| articles with an instruction word (你是, 请以, 字数 …) | ${o.articlesWithInstructionWords} of ${o.articles} | 0 | ${met(o.articlesWithInstructionWords === 0)} |`);
  console.log(`| within-article repetition | ${pct(o.repetition.share)} of sentences (worst article ${pct(o.repetition.worst)}) | ${TARGETS.repetition} | ${met(o.repetition.worst <= 0.02)} |`);
  console.log(`| cross-article verbatim reuse (topic words masked; briefs sharing a key term are related, not compared) | ${pct(o.reuse.share)} of sentences (${pct(o.reuse.min)}–${pct(o.reuse.max)} per article) | ${TARGETS.reuse} | ${met(o.reuse.share <= 0.1)} |`);
  console.log(`| length score S_l | mean ${o.lengthScore.mean.toFixed(1)} (min ${o.lengthScore.min.toFixed(1)}) | ${TARGETS.lengthScore} | ${met(o.lengthScore.mean >= 90)} |`);
  console.log(`| stock phrases | ${o.stockPhrases.perThousand.toFixed(2)} per 1,000 characters (worst article ${o.stockPhrases.worst.toFixed(2)}) | ${TARGETS.stockPhrases} | ${met(o.stockPhrases.worst <= 2)} |`);
  console.log(
    `| citations (${c.articles} articles with material, ${c.markers} markers, ${c.matched} of them found in a source's text) | ${c.valid} of ${c.articles} valid; ${c.unresolved} unresolved, ${c.duplicateSources} sources listed twice, ${c.structureCited} headings/list items/table rows cited, ${c.structureQuoted} table rows/list items pasted uncited, ${c.reusedSourceSentences} source sentences used twice | ${TARGETS.citations} | ${met(c.valid === c.articles)} |`,
  );
  for (const a of report.articles.filter((entry) => entry.styleDistance)) {
    const s = a.styleDistance!;
    const shrinks = s.withoutReference !== null && s.withReference < s.withoutReference;
    console.log(`| style distance to the reference (${a.id}) | ${s.withReference.toFixed(3)} with, ${s.withoutReference?.toFixed(3) ?? '–'} without the reference | ${TARGETS.style} | ${met(shrinks)} |`);
  }
  console.log(`| same brief twice | ${o.twice.identical} of ${o.twice.briefs} identical; ${pct(o.twice.meanSharedSentences)} of sentences shared | ${TARGETS.twice} (here: not identical, < 50% of sentences shared) | ${met(o.twice.identical === 0 && o.twice.meanSharedSentences < 0.5)} |`);
  console.log(`| time per article | mean ${(o.msPerArticle.mean / 1000).toFixed(2)} s, max ${(o.msPerArticle.max / 1000).toFixed(2)} s | | |`);

  console.log('\n| brief | title | S_l | repeated | reused | stock /1k | broken | citations |\n|---|---|---|---|---|---|---|---|');
  for (const a of report.articles) {
    const reused = report.reuse.perArticle.find((entry) => entry.id === a.id)?.share ?? 0;
    const cit = a.citations ? (a.citations.valid ? 'valid' : 'invalid') : '–';
    console.log(`| ${a.id}${a.instruction ? ' (instruction)' : ''} | ${a.title.replace(/\|/g, '｜')} | ${a.lengthScore.toFixed(0)} (${a.produced}/${a.requested}) | ${pct(a.repetition.share)} | ${pct(reused)} | ${a.stockPhrases.perThousand.toFixed(1)} | ${a.integrity.brokenLines.length} | ${cit} |`);
  }
  const broken = report.articles.flatMap((a) => a.integrity.hits.filter((hit) => hit.kind !== 'instruction_word').map((hit) => `${a.id}: [${hit.kind} ${hit.rule}] ${hit.line}`));
  if (broken.length > 0) console.log(`\nBroken lines (first 15 of ${broken.length}):\n${broken.slice(0, 15).map((line) => `- ${line.slice(0, 160)}`).join('\n')}`);
  const instruction = report.articles.flatMap((a) => a.integrity.hits.filter((hit) => hit.kind === 'instruction_word').map((hit) => `${a.id}: [${hit.rule}] ${hit.line}`));
  if (instruction.length > 0) console.log(`\nInstruction words in articles (first 10 of ${instruction.length}):\n${instruction.slice(0, 10).map((line) => `- ${line.slice(0, 160)}`).join('\n')}`);
  if (report.reuse.examples.length > 0) console.log(`\nMost widely shared sentences (□ = a topic word):\n${report.reuse.examples.slice(0, 5).map((e) => `- (${e.articles} articles) ${e.sentence}`).join('\n')}`);
  const citationProblems = report.articles.flatMap((a) =>
    a.citations ? [...a.citations.structureCited.map((p) => `${a.id}: [${p.marker}] cites a ${p.problem}: ${p.sourceLine}`), ...a.citations.structureQuoted.map((line) => `${a.id}: pasted: ${line}`), ...a.citations.reusedSourceSentences.map((r) => `${a.id}: used ${r.times}×: ${r.sentence}`), ...a.citations.duplicateSources.map((d) => `${a.id}: listed twice: ${d}`), ...a.citations.unresolved.map((p) => `${a.id}: [${p.marker}] unresolved`)] : [],
  );
  if (citationProblems.length > 0) console.log(`\nCitation problems:\n${citationProblems.slice(0, 15).map((line) => `- ${line.slice(0, 160)}`).join('\n')}`);
  if (report.articles.some((a) => a.prompts)) printPrompts(report);
  const cov = report.coverage;
  const list = (value: number | Record<string, number>) => (typeof value === 'number' ? String(value) : Object.entries(value).map(([k, n]) => `${k} ${n}`).join(', '));
  console.log(`\nBriefs: ${Object.entries(cov).map(([key, value]) => `${key}: ${list(value)}`).join('; ')}`);
  console.log(`\n${o.articles} briefs in ${o.wallSeconds.toFixed(0)} s; full report: ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

function printPrompts(report: Report) {
  const pct = (x: number | null | undefined) => (x === null || x === undefined ? '–' : `${Math.round(x * 100)}%`);
  console.log('\nWhat the prompts carried (share of the prompts of each agent; the fake\'s own article text is not the point here):\n');
  console.log(
    '| brief | calls | key terms: analysis / outline / sections | parsed subject: analysis / outline / sections | instruction as rules (parts): analysis / outline / sections | discourse plan in outline | outline in section prompts | 去AI味: combine list / section rule | knowledge-base passages | style profile: outline / sections | reference excerpt |\n|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const three = (x: { analysis: number | null; outline: number | null; sections: number | null }) => `${pct(x.analysis)} / ${pct(x.outline)} / ${pct(x.sections)}`;
  for (const a of report.articles) {
    const c = a.prompts!;
    const style = c.styleProfile ? `${pct(c.styleProfile.outline)} / ${pct(c.styleProfile.sections)}` : '–';
    const instruction = c.instruction ? `${three(c.instruction)} (${c.instruction.parts})` : a.instruction ? 'not read as an instruction' : '–';
    console.log(
      `| ${a.id} | ${c.calls} | ${three(c.keyTerms)} | ${three(c.subject)} | ${instruction} | ${pct(c.discoursePlan)} | ${pct(c.plan)} | ${pct(c.humanizing.combine)} / ${pct(c.humanizing.sections)} | ${pct(c.passages)} | ${style} | ${pct(c.referenceExcerpt)} |`,
    );
  }
}
