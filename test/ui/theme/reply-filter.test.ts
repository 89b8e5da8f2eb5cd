import { describe, expect, it } from 'vitest';
import { ReplyFilter } from '../../../src/ui/theme/reply-filter.js';

describe('late terminal replies', () => {
  it('are taken out of a read, keys around them kept', () => {
    const filter = new ReplyFilter();
    expect(filter.filter('j\u001B]11;rgb:ffff/ffff/ffff\u0007k\u001B[?62;22cq')).toBe('jkq');
    expect(filter.filter('\u001B]11;rgb:0/0/0\u001B\\')).toBe('');
  });

  it('are taken out when split over reads', () => {
    const filter = new ReplyFilter();
    expect(filter.filter('x\u001B]11;rgb:ff')).toBe('x');
    expect(filter.filter('ff/ffff')).toBe('');
    expect(filter.filter('/ffff\u0007y')).toBe('y');
  });

  it('leave keys and other escape sequences alone', () => {
    const filter = new ReplyFilter();
    for (const keys of ['jjk', ':grp-1\r', '\u001B[A', '\u001B[1;5C', '\u001B', '\u001B]', 'rgb:ffff']) {
      expect(filter.filter(keys)).toBe(keys);
    }
  });
});
