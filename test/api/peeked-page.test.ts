import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { parseListBody } from '../../src/api/http/parse.js';
import { isPeekedPage, peekedPage, peekNextCursor } from '../../src/api/pager/peeked-page.js';
import { fuzzParams, fuzzTimeout } from '../faults/helpers/fuzz.js';

const envelope = (cursor: string, items: unknown[] = [{ pageId: 'p1' }]): string => JSON.stringify({ hasMore: true, items, nextCursor: cursor });

describe('peekNextCursor', () => {
  it('reads the cursor of the API envelope, escapes decoded as JSON does', () => {
    expect(peekNextCursor(envelope('eyJvIjoxMDB9'))).toBe('eyJvIjoxMDB9');
    expect(peekNextCursor(envelope('a"b\\c/\n\u0001é😀\u2028'))).toBe('a"b\\c/\n\u0001é😀\u2028');
    expect(peekNextCursor('{"hasMore":true,"items":[],"nextCursor":"\\u0041\\/\\ud83d\\ude00"}')).toBe('A/😀');
    expect(peekNextCursor(' \n{ "hasMore" : true ,\r\n "items": [],\t"nextCursor" :  "c2"  }\n ')).toBe('c2');
    expect(peekNextCursor('{"hasMore":true,"items":[{"a":"]"}],"x":[1],"nextCursor":"c2"}')).toBe('c2');
  });

  it('reads nothing from any other body', () => {
    const cases = [
      '{"hasMore":false,"items":[],"nextCursor":"c2"}',
      '{"items":[],"hasMore":true,"nextCursor":"c2"}', // not in the envelope's order: not read
      '{"hasMore":true,"x":1,"items":[],"nextCursor":"c2"}',
      '{"hasMore":true,"items":{"a":[]},"nextCursor":"c2"}',
      '{"hasMore":true,"items":[],"x":{},"nextCursor":"c2"}',
      '{"hasMore":true,"items":[],"nextCursor":""}',
      '{"hasMore":true,"items":[],"nextCursor":null}',
      '{"hasMore":true,"items":[],"nextCursor":7}',
      '{"hasMore":true,"items":[],"nextCursor":"c2","more":1}',
      '{"hasMore":true,"items":[{"nextCursor":"c2"}]}',
      '{"hasMore":true,"items":[],"meta":{"nextCursor":"c2"}}',
      '{"hasMore":true,"items":[],"nextCursor":"c2"',
      '{"hasMore":true,"items":[],"nextCursor":"c\u00012"}', // a raw control character: not JSON
      '{"hasMore":true,"items":[],"nextCursor":"c\\x2"}', // not a JSON escape
      '{"hasMore":true,"items":[],"nextCursor":"c2"}}',
      '[{"hasMore":true,"nextCursor":"c2"}]',
      '\u00a0{"hasMore":true,"items":[],"nextCursor":"c2"}', // not JSON whitespace
      '',
    ];
    for (const body of cases) expect(peekNextCursor(body), body).toBeUndefined();
  });

  it('never disagrees with the parsed page: whatever it reads, the body parses to that cursor with more to come', () => {
    const key = fc.constantFrom('hasMore', 'items', 'nextCursor', 'x', 'nextcursor', 'next');
    const value = fc.oneof(fc.boolean(), fc.string({ unit: 'binary' }), fc.constant(null), fc.array(fc.dictionary(key, fc.string({ unit: 'binary' })), { maxLength: 3 }), fc.dictionary(key, fc.string({ unit: 'binary' })));
    const body = fc
      .record({
        head: fc.boolean(),
        entries: fc.array(fc.tuple(key, value), { maxLength: 5 }),
        cursor: fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
        space: fc.constantFrom(0, 1, 2, '\t'),
      })
      .map(({ head, entries, cursor, space }) => {
        // The envelope's own order to start with, then keys set again (in place) or added.
        const object: Record<string, unknown> = head ? { hasMore: true, items: [] } : {};
        for (const [k, v] of entries) object[k] = v;
        if (cursor !== undefined) {
          delete object.nextCursor;
          object.nextCursor = cursor;
        }
        return JSON.stringify(object, null, space);
      });
    let read = 0;
    let runs = 0;
    fc.assert(
      fc.property(body, (text) => {
        runs++;
        const peeked = peekNextCursor(text);
        if (peeked === undefined) return;
        read++;
        const parsed = JSON.parse(text) as { hasMore?: unknown; nextCursor?: unknown };
        expect(parsed.hasMore).toBe(true);
        expect(parsed.nextCursor).toBe(peeked);
      }),
      fuzzParams(1000, 2611),
    );
    // Not vacuous: a good share of the bodies were read.
    expect(read).toBeGreaterThan(runs / 10);
    // And it does read the envelope's usual shapes among them.
    expect(peekNextCursor(JSON.stringify({ hasMore: true, items: [{ a: 'x' }], nextCursor: 'n' }, null, 2))).toBe('n');
  }, fuzzTimeout(20_000));
});

describe('peekedPage', () => {
  it('parses once, keeping the page or the error', () => {
    let calls = 0;
    const ok = peekedPage('c2', () => (calls++, { items: [], hasMore: true, nextCursor: 'c2', warnings: [] }));
    expect(isPeekedPage(ok)).toBe(true);
    expect(ok.parse()).toBe(ok.parse());
    expect(calls).toBe(1);
    const bad = peekedPage('c2', () => (calls++, parseListBody('{"hasMore":true,"items":[1,,],"nextCursor":"c2"}')));
    expect(() => bad.parse()).toThrow(ApiError);
    expect(() => bad.parse()).toThrow(/not valid JSON/);
    expect(calls).toBe(2);
    expect(isPeekedPage({ items: [], hasMore: false, warnings: [] })).toBe(false);
  });
});
