import { DEFAULT_WECHAT_THEME, WECHAT_THEMES, type WechatPreflightFinding, type WechatPreflightLimit, type WechatPreflightReport } from '@tianma/shared';
import { Marked, type Token, type Tokens } from 'marked';
import { isWechatArticleUrl } from '../themes/footnotes.js';
import { resolveUrl } from '../themes/render-wechat.js';
import { DRAFT_LIMITS, type DraftOptions, type DraftSource, draftPlan } from './prepare-draft.js';
import { darkModeFinding, rawHtmlFindings } from './preflight-risks.js';
import { WECHAT_IMAGE_MAX_BYTES } from './wechat-image.js';

/*
 * The preflight report (issue 20, decision 076): everything WeChat would strip or alter in this
 * article and what publishing does about it, read from the Markdown and from the themed HTML that
 * would be sent. No WeChat call and no upload; our pictures are only looked at (format, size).
 */

/** A picture of ours as stored: its format (imageFormatOf) and size, or null when it cannot be read. */
export type PictureLook = { format: string | null; size: number } | null;

export interface PreflightDeps {
  inspect(key: string): Promise<PictureLook>;
}

type Finding = WechatPreflightFinding;
const chars = (text: string) => [...text].length;
const plural = <T>(items: T[], max = 5) => [...new Set(items)].slice(0, max).map(String);

interface MarkdownFacts {
  externalLinks: string[];
  plainUrls: string[];
  droppedLinks: string[];
  lists: number;
  listItems: number;
  codeBlocks: number;
  tables: number;
  wideTables: number;
  rawHtml: string[];
  leadingTitle: string | null;
}

/** What the Markdown holds that the WeChat rendering changes (read from marked's tokens, as render-wechat does). */
export function markdownFacts(markdown: string, publicUrl: string): MarkdownFacts {
  const marked = new Marked({ gfm: true });
  const tokens = marked.lexer(markdown);
  const facts: MarkdownFacts = { externalLinks: [], plainUrls: [], droppedLinks: [], lists: 0, listItems: 0, codeBlocks: 0, tables: 0, wideTables: 0, rawHtml: [], leadingTitle: null };
  const first = tokens.find((token) => token.type !== 'space');
  if (first?.type === 'heading' && (first as Tokens.Heading).depth === 1) facts.leadingTitle = (first as Tokens.Heading).text;
  marked.walkTokens(tokens, (token: Token) => {
    switch (token.type) {
      case 'link': {
        const link = token as Tokens.Link;
        const href = resolveUrl(link.href, publicUrl);
        if (!href) facts.droppedLinks.push(link.href);
        else if (isWechatArticleUrl(href)) break;
        else if (link.text.trim() === link.href.trim()) facts.plainUrls.push(href);
        else facts.externalLinks.push(href);
        break;
      }
      case 'list':
        facts.lists += 1;
        facts.listItems += (token as Tokens.List).items.length;
        break;
      case 'code':
        facts.codeBlocks += 1;
        break;
      case 'table':
        facts.tables += 1;
        if ((token as Tokens.Table).header.length > 4) facts.wideTables += 1;
        break;
      case 'html':
        facts.rawHtml.push((token as Tokens.HTML).text);
        break;
    }
  });
  return facts;
}

function markdownFindings(facts: MarkdownFacts): Finding[] {
  const findings: Finding[] = [];
  const links = [...new Set(facts.externalLinks)];
  if (links.length > 0) {
    findings.push({
      kind: 'external-links',
      level: 'info',
      count: links.length,
      message: `有 ${links.length} 个外部链接：公众号文章只能链接到其他公众号文章（mp.weixin.qq.com），其他链接会被删除，读者看不到出处`,
      fix: '已改为文字后加编号 [1]、[2]…，并在文末「参考链接」中列出完整网址（读者可以复制）',
      examples: plural(links),
    });
  }
  if (facts.plainUrls.length > 0) {
    findings.push({
      kind: 'plain-urls',
      level: 'info',
      count: facts.plainUrls.length,
      message: `有 ${facts.plainUrls.length} 个直接写出的网址：公众号里不能点击`,
      fix: '网址已写在正文中，保留为文字，不再加脚注',
      examples: plural(facts.plainUrls),
    });
  }
  if (facts.droppedLinks.length > 0) {
    findings.push({
      kind: 'unsafe-links',
      level: 'warn',
      count: facts.droppedLinks.length,
      message: `有 ${facts.droppedLinks.length} 个不安全或无法识别的链接（如 javascript:）`,
      fix: '已去掉链接，只保留文字',
      examples: plural(facts.droppedLinks),
    });
  }
  if (facts.lists > 0) {
    findings.push({
      kind: 'lists',
      level: 'info',
      count: facts.lists,
      message: `有 ${facts.lists} 个列表（共 ${facts.listItems} 项）：公众号编辑器会打乱原生列表（编号丢失、圆点重复，接口创建的草稿在后台打开后尤其如此）`,
      fix: '已改为每项一行的段落，圆点或序号写成文字，在手机和后台里看起来都一样；请不要在公众号后台重新套用列表格式',
    });
  }
  if (facts.codeBlocks > 0) {
    findings.push({
      kind: 'code-blocks',
      level: 'info',
      count: facts.codeBlocks,
      message: `有 ${facts.codeBlocks} 个代码块：公众号会合并空白，也不支持语法高亮`,
      fix: '已保留为代码块：缩进改为不换行空格，每行换行，样式写在元素上；不带语法着色',
    });
  }
  if (facts.tables > 0) {
    findings.push({
      kind: 'tables',
      level: facts.wideTables > 0 ? 'warn' : 'info',
      count: facts.tables,
      message: `有 ${facts.tables} 个表格${facts.wideTables > 0 ? `，其中 ${facts.wideTables} 个超过 4 列，手机上需要左右滑动才能看全` : ''}`,
      fix: facts.wideTables > 0 ? '表格已保留并内联样式；较宽的表格建议拆分或减少列数' : '表格已保留，样式写在每个单元格上',
    });
  }
  if (facts.leadingTitle !== null) {
    findings.push({
      kind: 'leading-title',
      level: 'info',
      count: 1,
      message: `正文开头的一级标题「${facts.leadingTitle}」不会出现在正文中：公众号有单独的标题栏`,
      fix: '已从正文中去掉，标题填入公众号的标题栏',
    });
  }
  return findings;
}

/** The report for one article in one theme. */
export async function preflightReport(source: DraftSource, options: DraftOptions, deps: PreflightDeps): Promise<WechatPreflightReport> {
  const theme = options.theme ?? DEFAULT_WECHAT_THEME;
  const plan = draftPlan(source, { ...options, theme });
  const facts = markdownFacts(source.markdown, options.publicUrl);
  const findings = markdownFindings(facts);

  const external = plan.external.map((image) => image.src);
  if (external.length > 0) {
    findings.push({
      kind: 'external-pictures',
      level: 'warn',
      count: external.length,
      message: `有 ${external.length} 张外部图片：微信会删除不在微信服务器上的图片`,
      fix: '这些图片会从正文中省略；如需保留，请在编辑器里把它们换成上传到本站的图片',
      examples: plural(external),
    });
  }

  const keys = [...new Set(plan.ours.map((image) => image.key!))];
  const looks = new Map(await Promise.all(keys.map(async (key) => [key, await deps.inspect(key)] as const)));
  const srcOf = (key: string) => plan.ours.find((image) => image.key === key)?.src ?? key;
  const missing = keys.filter((key) => !looks.get(key));
  const unknown = keys.filter((key) => looks.get(key) && !looks.get(key)!.format);
  const converted = keys.filter((key) => {
    const look = looks.get(key);
    return look?.format && ((look.format !== 'png' && look.format !== 'jpg') || look.size > WECHAT_IMAGE_MAX_BYTES);
  });
  if (keys.length > 0) {
    findings.push({
      kind: 'upload-pictures',
      level: 'info',
      count: keys.length,
      message: `有 ${keys.length} 张本站图片：微信只显示它自己服务器上的图片`,
      fix: '发布时会逐张上传到微信，并把正文中的图片地址换成微信的地址',
    });
  }
  if (converted.length > 0) {
    findings.push({
      kind: 'convert-pictures',
      level: 'info',
      count: converted.length,
      message: `有 ${converted.length} 张图片是 WebP、GIF 等格式或超过 1 MB：微信正文图片只接受 1 MB 以内的 JPG 或 PNG`,
      fix: '发布时会自动转成 JPEG（透明处填白，必要时缩小尺寸）再上传；动图会变成静止的第一帧',
      examples: plural(converted.map((key) => `${srcOf(key)}（${looks.get(key)!.format}，${(looks.get(key)!.size / 1024).toFixed(0)} KB）`)),
    });
  }
  if (missing.length > 0 || unknown.length > 0) {
    findings.push({
      kind: 'broken-pictures',
      level: 'block',
      count: missing.length + unknown.length,
      message: `有 ${missing.length + unknown.length} 张图片已不存在或不是可识别的图片，无法上传`,
      fix: '请在编辑器中删除或重新插入这些图片',
      examples: plural([...missing, ...unknown].map(srcOf)),
    });
  }

  findings.push(...rawHtmlFindings(facts.rawHtml));
  const themeName = WECHAT_THEMES.find((each) => each.id === theme)?.name ?? theme;
  const dark = darkModeFinding(plan.html, themeName, facts.rawHtml);
  if (dark) findings.push(dark);

  if (!plan.title) findings.push({ kind: 'no-title', level: 'block', count: 1, message: '文章没有标题', fix: '请先添加标题' });
  if (!plan.coverKey) {
    findings.push({ kind: 'no-cover', level: 'block', count: 1, message: '文章没有可作封面的图片：公众号草稿必须有封面（外部图片不能作封面）', fix: '请在正文中插入一张图片，或生成封面卡片' });
  }

  const bytes = Buffer.byteLength(plan.html, 'utf8');
  const limits: WechatPreflightLimit[] = [
    { field: 'title', label: '标题', length: chars(plan.title), max: DRAFT_LIMITS.title, ok: chars(plan.title) <= DRAFT_LIMITS.title },
    { field: 'author', label: '作者', length: chars(plan.author), max: DRAFT_LIMITS.author, ok: chars(plan.author) <= DRAFT_LIMITS.author },
    { field: 'digest', label: '摘要', length: chars(plan.digest), max: DRAFT_LIMITS.digest, ok: chars(plan.digest) <= DRAFT_LIMITS.digest },
    { field: 'contentChars', label: '正文字符数（排版后，须少于上限）', length: chars(plan.html), max: DRAFT_LIMITS.contentChars, ok: chars(plan.html) < DRAFT_LIMITS.contentChars },
    { field: 'contentBytes', label: '正文大小（字节，须小于 1 MB）', length: bytes, max: DRAFT_LIMITS.contentBytes, ok: bytes < DRAFT_LIMITS.contentBytes },
  ];
  const ok = limits.every((limit) => limit.ok) && findings.every((finding) => finding.level !== 'block');
  return { html: plan.html, theme, findings, limits, pictures: { ours: keys.length, converted: converted.length, external: external.length }, ok };
}
