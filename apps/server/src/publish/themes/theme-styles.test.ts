import { WECHAT_THEMES } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { STYLE_KEYS, themeStyles } from './theme-styles.js';

const declarations = (style: string) =>
  new Map(
    style
      .split(';')
      .map((part) => part.split(':').map((side) => side.trim()))
      .filter(([property]) => property)
      .map(([property, ...value]) => [property!, value.join(':')]),
  );

describe('the layout themes', () => {
  it('are the six of the shared list, each with a Chinese name', () => {
    expect(WECHAT_THEMES.map((theme) => theme.id)).toEqual(['clean', 'business', 'literary', 'tech', 'warm', 'dark-accent']);
    for (const theme of WECHAT_THEMES) expect(theme.name).toMatch(/^\p{Script=Han}+$/u);
  });

  it('style every element kind in every theme', () => {
    for (const { id } of WECHAT_THEMES) {
      const styles = themeStyles(id);
      for (const key of STYLE_KEYS) expect(styles[key], `${id} ${key}`).toMatch(/\S+:\s*\S+;/);
    }
  });

  it('set phone-friendly body text: 15–16 px, line height 1.75–2, letter spacing', () => {
    for (const { id } of WECHAT_THEMES) {
      const p = declarations(themeStyles(id).p);
      expect(Number.parseInt(p.get('font-size')!, 10), id).toBeGreaterThanOrEqual(15);
      expect(Number.parseInt(p.get('font-size')!, 10), id).toBeLessThanOrEqual(16);
      expect(Number(p.get('line-height')), id).toBeGreaterThanOrEqual(1.75);
      expect(Number(p.get('line-height')), id).toBeLessThanOrEqual(2);
      expect(p.get('letter-spacing'), id).toMatch(/^(0\.5|1)px$/);
    }
  });

  it('use nothing the WeChat editor strips or breaks', () => {
    for (const { id } of WECHAT_THEMES) {
      for (const [key, style] of Object.entries(themeStyles(id))) {
        expect(style, `${id} ${key}`).not.toMatch(/position\s*:|url\(|gradient|background-image|!important|class|@/i);
        // Each property once: a later duplicate would be a theme touch that did not replace its base.
        const names = style.split(';').map((part) => part.split(':')[0]!.trim()).filter(Boolean);
        expect(new Set(names).size, `${id} ${key}`).toBe(names.length);
      }
    }
  });

  it('differ from one another', () => {
    const looks = new Set(WECHAT_THEMES.map(({ id }) => `${themeStyles(id).h2}|${themeStyles(id).a}`));
    expect(looks.size).toBe(WECHAT_THEMES.length);
  });
});
