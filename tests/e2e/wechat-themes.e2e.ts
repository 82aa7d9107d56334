import { WECHAT_THEMES } from '@tianma/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './browser.js';
import { generateByApi, newAccount, signedInPage } from './session.js';

/**
 * The layout themes' HTML survives the WeChat editor (issue 20, point 2; decision 072). The editor
 * keeps inline styles and drops classes, ids, style sheets and scripts, so the HTML is shown as the
 * server sends it and again after those rules, in a blank page of its own: the computed styles of
 * the headings, quotes, paragraphs and captions must be the same, and the themes must differ.
 */

const MARKDOWN = [
  '# 标题不进正文',
  '',
  '开头一段，说明 WeChat 排版里 Chinese 与 English 混排。',
  '',
  '## 第一部分',
  '',
  '> 引用的一句话，放在这里看看样式。',
  '',
  '- 第一条',
  '- 第二条',
  '',
  '### 小节',
  '',
  '正文里有 `inline code` 和**加粗**，还有[一个链接](https://example.com/page)。',
  '',
  '| 项目 | 说明 |',
  '|---|---|',
  '| 甲 | 乙 |',
].join('\n');

/** The elements compared, and the properties a pasted copy must keep. */
const PROBES = ['h2', 'h3', 'blockquote', 'p', 'table th'] as const;
const PROPERTIES = ['color', 'font-size', 'font-weight', 'line-height', 'background-color', 'border-left-width', 'border-bottom-width', 'text-align', 'margin-top', 'padding-left'] as const;

type Styles = Record<string, Record<string, string> | null>;

/** Shows `html` in `page` (as sent, or after the WeChat editor's rules) and reads the probes' computed styles. */
async function computedStyles(page: Page, html: string, wechatRules: boolean): Promise<Styles> {
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body><div id="paste"></div></body></html>');
  return page.evaluate(
    ({ html, wechatRules, probes, properties }) => {
      const target = document.getElementById('paste')!;
      const template = document.createElement('template');
      template.innerHTML = html;
      if (wechatRules) {
        for (const node of Array.from(template.content.querySelectorAll('style, script, link'))) node.remove();
        for (const node of Array.from(template.content.querySelectorAll('*'))) {
          node.removeAttribute('class');
          node.removeAttribute('id');
        }
      }
      target.replaceChildren(template.content);
      const out: Record<string, Record<string, string> | null> = {};
      for (const probe of probes) {
        const element = target.querySelector(probe);
        if (!element) {
          out[probe] = null;
          continue;
        }
        const style = getComputedStyle(element);
        out[probe] = Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]));
      }
      return out;
    },
    { html, wechatRules, probes: [...PROBES], properties: [...PROPERTIES] },
  );
}

let browser: Browser;
let page: Page;
let articleId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await signedInPage(browser, newAccount('thm', 48));
  page = opened.page;
  await page.goto(`${baseUrl()}/`);
  const me = await page.evaluate(async () => (await fetch('/api/account/user/me')).json());
  articleId = await generateByApi(page, '公众号排版主题检验', me.user.deepspaceId as number);
  const saved = await page.evaluate(
    async ({ id, content }) => (await fetch(`/api/v1/article/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ content }) })).status,
    { id: articleId, content: MARKDOWN },
  );
  expect(saved).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

/** The themed HTML of the article, as the article fetch gives it. */
const themedHtml = (theme: string) =>
  page.evaluate(
    async ({ id, theme }) => (await (await fetch(`/api/v1/articles/articles/${id}?content_type=wechat&theme=${theme}`)).json()).content as string,
    { id: articleId, theme },
  );

describe('the WeChat layout themes under the editor’s rules', () => {
  it('look the same after classes, ids, style sheets and scripts are dropped, and differ from one another', async () => {
    const shown = await browser.newPage();
    try {
      const headings = new Set<string>();
      for (const theme of WECHAT_THEMES) {
        const html = await themedHtml(theme.id);
        expect(html, theme.id).not.toMatch(/\sclass=|\sid=|<style|<script|<link/);
        const sent = await computedStyles(shown, html, false);
        const pasted = await computedStyles(shown, html, true);
        for (const probe of PROBES) {
          expect(sent[probe], `${theme.id} ${probe}`).not.toBeNull();
          expect(pasted[probe], `${theme.id} ${probe}`).toEqual(sent[probe]);
        }
        // Body text a phone reads comfortably.
        expect(Number.parseFloat(sent.p!['font-size']!), theme.id).toBeGreaterThanOrEqual(15);
        const h2 = sent.h2!;
        headings.add(`${h2.color}|${h2['background-color']}|${h2['border-left-width']}|${h2['border-bottom-width']}|${h2['text-align']}`);
      }
      expect(headings.size).toBe(WECHAT_THEMES.length);
    } finally {
      await shown.close();
    }
  });
});
