import { describe, expect, it } from 'vitest';
import { PICTURE_CREDIT_LINE, pictureMarkdown } from './picture-markdown.js';

describe('pictureMarkdown', () => {
  it('keeps brackets and new lines out of the caption, spaces out of the address', () => {
    expect(pictureMarkdown({ url: '/a b)', caption: '[猫]\n狗' })).toBe('![猫 狗](/a%20b%29)');
  });

  it('writes a stock picture credit on the next line, which the credit rule recognises', () => {
    const markdown = pictureMarkdown({ url: '/media/images/x.jpg', caption: '窗台上的猫', attribution: 'Photo by *A*\non Pexels' });
    const [image, credit] = markdown.split('\n');
    expect(image).toBe('![窗台上的猫](/media/images/x.jpg)');
    expect(credit).toBe('*图片来源：Photo by A on Pexels*');
    expect(PICTURE_CREDIT_LINE.test(credit!)).toBe(true);
  });
});
