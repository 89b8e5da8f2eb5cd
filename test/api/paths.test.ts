import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { encodeIdSegment, listQueryString, pageGroupPagesPath, pageGroupsPath } from '../../src/api/http/paths.js';

const segmentOf = (path: string): string => {
  const m = /^\/v0\/page_groups\/([^/?#]*)\/pages(\?.*)?$/.exec(path);
  if (m === null) throw new Error(`not one segment: ${path}`);
  return m[1] ?? '';
};

describe('pageGroupPagesPath', () => {
  it.each([
    ['../x', '..%2Fx'],
    ['a/b', 'a%2Fb'],
    ['a?b#c', 'a%3Fb%23c'],
    ['%2e%2e', '%252e%252e'],
    ['%2E%2E', '%252E%252E'],
    ['with space', 'with%20space'],
    ['ünï/日本', '%C3%BCn%C3%AF%2F%E6%97%A5%E6%9C%AC'],
    ['...', '...'],
    ['a\\b', 'a%5Cb'],
  ])('keeps %j as one segment', (id, encoded) => {
    const path = pageGroupPagesPath('', id);
    expect(segmentOf(path)).toBe(encoded);
    expect(decodeURIComponent(segmentOf(path))).toBe(id);
  });

  it('keeps a base path prefix', () => {
    expect(pageGroupPagesPath('/api', 'g1')).toBe('/api/v0/page_groups/g1/pages');
    expect(pageGroupPagesPath('/api/', 'g1')).toBe('/api/v0/page_groups/g1/pages');
  });

  it.each(['', '.', '..'])('refuses the id %j with one clear line', (id) => {
    let caught: unknown;
    try {
      pageGroupPagesPath('', id);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ApiError);
    const err = caught as ApiError;
    expect(err.kind).toBe('usage');
    expect(err.code).toBe('BAD_ID');
    expect(err.message).not.toContain('\n');
    expect(err.message.length).toBeGreaterThan(10);
  });

  it('refuses ids with lone surrogates', () => {
    expect(() => encodeIdSegment('a\ud800b')).toThrow(ApiError);
  });

  it('adds cursor and limit form-encoded', () => {
    expect(pageGroupPagesPath('', 'g', { cursor: 'a b&c=d/é', limit: 100 })).toBe(
      '/v0/page_groups/g/pages?cursor=a+b%26c%3Dd%2F%C3%A9&limit=100',
    );
  });
});

describe('pageGroupsPath and listQueryString', () => {
  it('builds the page group list path', () => {
    expect(pageGroupsPath('')).toBe('/v0/page_groups');
    expect(pageGroupsPath('/p', { limit: 20 })).toBe('/p/v0/page_groups?limit=20');
  });
  it.each([
    'eyJnIjoiZ3JwLTEiLCJvIjoxMDB9',
    'abc-DEF_123.x*y',
    'a+b/c==',
    'with space',
    '~tilde',
    "quote'",
    'ünï日本',
    '%41',
  ])('writes the cursor %j as URLSearchParams would', (cursor) => {
    const expected = new URLSearchParams({ cursor, limit: '100' }).toString();
    expect(listQueryString({ cursor, limit: 100 })).toBe(`?${expected}`);
    expect(listQueryString({ cursor })).toBe(`?${new URLSearchParams({ cursor }).toString()}`);
  });
  it('refuses a cursor with a lone surrogate', () => {
    expect(() => listQueryString({ cursor: 'a\ud800' })).toThrow(/cursor/);
  });
  it('omits an empty cursor', () => {
    expect(listQueryString({ cursor: '' })).toBe('');
  });
  it.each([0, 101, 1.5, Number.NaN, -1])('refuses limit %s', (limit) => {
    expect(() => listQueryString({ limit })).toThrow(/1 to 100/);
  });
});
