import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone } from './phone.js';

describe('phone format', () => {
  it('accepts 11 digits starting with 1 and 3-9', () => {
    expect(isValidPhone('13800138000')).toBe(true);
    expect(isValidPhone('19912345678')).toBe(true);
  });
  it('refuses other shapes', () => {
    for (const phone of ['12800138000', '1380013800', '138001380000', '23800138000', '1380013800a', ' 13800138000']) {
      expect(isValidPhone(phone)).toBe(false);
    }
  });
  it('checks e-mail shape loosely', () => {
    expect(isValidEmail('a@b.cn')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.cn')).toBe(false);
  });
});
