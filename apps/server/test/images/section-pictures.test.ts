import { describe, expect, it } from 'vitest';
import { captionCoverage, clearlyAbout, libraryPictureFor, sharedWords } from '../../src/images/section-pictures.js';
import type { LibraryRanker } from '../../src/images/library-search.js';
import type { ImageCandidate } from '../../src/images/search.js';

const GEAR_SECTION = '入门手冲要备的器具\n一台磨豆机比什么都重要。咖啡豆磨成粉后香气散得快。滤杯、滤纸、手冲壶和分享壶都要备齐。';

describe('whether a picture is clearly about a section', () => {
  it('takes a caption the section covers, weighing long words over single characters', () => {
    expect(captionCoverage('手冲咖啡的滤杯、手冲壶和咖啡豆', GEAR_SECTION)).toBeGreaterThanOrEqual(0.9);
    expect(clearlyAbout('手冲咖啡的滤杯、手冲壶和咖啡豆', GEAR_SECTION)).toBe(true);
  });

  it('refuses a caption sharing one common word, or only single characters', () => {
    // 咖啡 alone: a latte-art close-up is not a brewing-gear picture.
    expect(clearlyAbout('咖啡拉花的奶泡特写', GEAR_SECTION)).toBe(false);
    expect(clearlyAbout('登山徒步的背包和登山杖', GEAR_SECTION)).toBe(false);
    expect(clearlyAbout('手和杯', GEAR_SECTION)).toBe(false);
  });

  it('takes a long caption (a document picture with its paragraph) by several shared words', () => {
    const caption = '养猫准备 · 图1 猫砂盆要放在安静通风的角落，远离食盆和水碗，猫咪才愿意用';
    const section = '猫砂盆放哪里\n很多新手把猫砂盆放在厕所门口。其实角落更好，要通风，也别挨着食盆。';
    expect(sharedWords(caption, section)).toEqual(expect.arrayContaining(['角落', '通风', '放在']));
    expect(clearlyAbout(caption, section)).toBe(true);
  });

  it('counts a long word once, not again for its parts', () => {
    expect(sharedWords('咖啡豆', '新鲜的咖啡豆')).toEqual(['咖啡豆']);
  });
});

describe('the library picture for a section', () => {
  const candidate = (imageId: string, caption: string, score: number): ImageCandidate => ({ imageId, url: `/media/images/${imageId}.png`, source: 'library', caption, score });
  const ranker = (ranked: ImageCandidate[]): LibraryRanker & { texts: string[] } => {
    const texts: string[] = [];
    return {
      texts,
      rank: async (query) => {
        texts.push(query.text);
        return ranked;
      },
    };
  };

  it('skips the ranked pictures already placed and those not clearly about the section', async () => {
    const search = ranker([candidate('a', '手冲咖啡的滤杯、手冲壶和咖啡豆', 3), candidate('b', '咖啡拉花的奶泡特写', 2), candidate('c', '滤杯和手冲壶旁的咖啡豆', 1)]);
    const section = { userId: 1, heading: '入门手冲要备的器具', text: GEAR_SECTION };
    expect((await libraryPictureFor(search, { ...section, used: new Set() }))?.imageId).toBe('a');
    expect((await libraryPictureFor(search, { ...section, used: new Set(['a']) }))?.imageId).toBe('c');
    expect(await libraryPictureFor(search, { ...section, used: new Set(['a', 'c']) })).toBeNull();
    expect(search.texts[0]).toContain('入门手冲要备的器具');
  });

  it('answers nothing for an empty library', async () => {
    expect(await libraryPictureFor(ranker([]), { userId: 1, heading: '标题', text: GEAR_SECTION, used: new Set() })).toBeNull();
  });
});
