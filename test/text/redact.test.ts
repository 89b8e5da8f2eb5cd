/** The key taken out of server text: whole, or any fragment of 8 characters or more. */
import { describe, expect, it } from 'vitest';
import { MASK, maskKey, redactSecret, secretRedactor } from '../../src/text/redact.js';

const KEY = 'sk-live-4f9a2c7e1b3d8a6f';

describe('redactSecret', () => {
  it('takes out the whole key, wherever it is', () => {
    expect(redactSecret(`API key ${KEY} is not valid`, KEY)).toBe(`API key ${MASK} is not valid`);
    expect(redactSecret(`${KEY}${KEY}`, KEY)).toBe(`${MASK}${MASK}`);
  });

  it('takes out a fragment of 8 characters or more, from anywhere in the key', () => {
    expect(redactSecret(`key …${KEY.slice(5, 13)}… rejected`, KEY)).toBe(`key …${MASK}… rejected`);
    expect(redactSecret(`tail ${KEY.slice(-9)}`, KEY)).toBe(`tail ${MASK}`);
    expect(redactSecret(`head ${KEY.slice(0, 10)}xyz`, KEY)).toBe(`head ${MASK}xyz`);
  });

  it('leaves shorter fragments and unrelated text alone', () => {
    expect(redactSecret(`prefix sk-live and ${KEY.slice(3, 10)}`, KEY)).toBe(`prefix sk-live and ${KEY.slice(3, 10)}`);
    expect(redactSecret('nothing here', KEY)).toBe('nothing here');
    expect(redactSecret(`${KEY}`, undefined)).toBe(KEY);
  });

  it('takes a short key out whole', () => {
    expect(redactSecret('your key demo-key was refused', 'demo-key')).toBe(`your key ${MASK} was refused`);
  });
});

describe('secretRedactor.json', () => {
  it('walks a parsed value whose JSON escapes could hide the key', () => {
    const escaped = `{"note":"${[...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}","ok":1}`;
    const value = JSON.parse(escaped) as unknown;
    expect(secretRedactor(KEY).json(value, escaped)).toEqual({ note: MASK, ok: 1 });
  });

  it('finds a fragment written partly with escapes, and an escaped slash of a key that has one', () => {
    const partly = `{"note":"${KEY.slice(0, 9)}\\u${KEY.charCodeAt(9).toString(16).padStart(4, '0')}${KEY.slice(10)}"}`;
    expect(secretRedactor(KEY).json(JSON.parse(partly) as unknown, partly)).toEqual({ note: MASK });
    const slashed = 'pk/live/0123456789';
    const raw = `{"note":"${slashed.replaceAll('/', '\\/')}"}`;
    expect(secretRedactor(slashed).json(JSON.parse(raw) as unknown, raw)).toEqual({ note: MASK });
  });

  it('does not walk a value whose escapes stand for no character of the key (a server that escapes all non-ASCII text)', () => {
    const raw = `{"items":[{"name":"\\u65b0\\u4ea7\\u54c1 caf\\u00e9 \\ud83d\\ude80","note":"line\\nbreak \\"quoted\\" a\\/b"}]}`;
    const parsed = JSON.parse(raw) as unknown;
    expect(parsed).toEqual({ items: [{ name: '新产品 café 🚀', note: 'line\nbreak "quoted" a/b' }] });
    const walked: unknown[] = [];
    const watched = new Proxy(parsed as object, {
      ownKeys: (target) => {
        walked.push(target);
        return Reflect.ownKeys(target);
      },
    });
    expect(secretRedactor(KEY).json(watched, raw)).toBe(watched);
    expect(walked).toEqual([]);
  });

  it('returns the very value when nothing is found', () => {
    const raw = '{"items":[{"id":"a"}]}';
    const value = JSON.parse(raw) as unknown;
    expect(secretRedactor(KEY).json(value, raw)).toBe(value);
  });
});

describe('maskKey: the one masking', () => {
  it('shows the last 4 characters only of a key of 12 or more', () => {
    expect(maskKey(KEY)).toBe(`${MASK}6f`.replace('6f', KEY.slice(-4)));
    expect(maskKey('abcdefgh')).toBe(MASK);
  });
});
