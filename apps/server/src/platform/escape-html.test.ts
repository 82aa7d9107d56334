import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('escapes an ampersand once, so an entity in the text stays visible as written', () => {
    expect(escapeHtml('&lt;b&gt; & &amp;')).toBe('&amp;lt;b&amp;gt; &amp; &amp;amp;');
  });

  it('leaves everything else as it is', () => {
    expect(escapeHtml('天马 · 标题 123 `code` /path?q=1')).toBe('天马 · 标题 123 `code` /path?q=1');
    expect(escapeHtml('')).toBe('');
  });
});
