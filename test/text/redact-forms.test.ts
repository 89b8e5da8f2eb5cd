/**
 * The key taken out of server text in the forms a server, proxy or gateway commonly gives it back:
 * another case, percent-encoded, form-encoded, JSON- or C-escaped, HTML entities, quoted-printable,
 * base64 — whole, or any 8 characters of it.
 */
import { describe, expect, it } from 'vitest';
import { MASK, redactSecret, secretRedactor } from '../../src/text/redact.js';

const MIXED = 'aB3dE6gH9jK2mN5pQ8sT1vW4';
const B64ISH = 'Zm9v+YmFy/YmF6+cXV4/Y29y+Z2Fy';
const SPECIAL = 'k(e)y.*+?^$|[]{}\\/=&%#;"<>x';

const percentAll = (s: string, hex: (h: string) => string = (h) => h): string =>
  [...s].map((c) => `%${hex(c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))}`).join('');
const jsonEscaped = (s: string): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const entities = (s: string, form: (code: number) => string): string => [...s].map((c) => (/[A-Za-z0-9]/.test(c) ? c : form(c.charCodeAt(0)))).join('');
const base64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** Every visible run of 8 characters of `key` (case-insensitive) in `text`, if any. */
function leakedRun(text: string, key: string): string | undefined {
  const t = text.toLowerCase();
  const k = key.toLowerCase();
  const size = Math.min(8, k.length);
  for (let i = 0; i + size <= k.length; i++) if (t.includes(k.slice(i, i + size))) return k.slice(i, i + size);
  return undefined;
}

function expectMasked(text: string, key: string, ...forms: string[]): string {
  const out = redactSecret(text, key);
  expect(out).toContain(MASK);
  expect(leakedRun(out, key)).toBeUndefined();
  for (const form of forms) expect(out).not.toContain(form);
  return out;
}

describe('the key in another case', () => {
  it('is taken out lower-cased, upper-cased and as a fragment of either (the findings echo)', () => {
    const echo = `value ${MIXED} lower ${MIXED.toLowerCase()} upper ${MIXED.toUpperCase()}`;
    expect(redactSecret(echo, MIXED)).toBe(`value ${MASK} lower ${MASK} upper ${MASK}`);
    expect(redactSecret(`cut ${MIXED.toLowerCase().slice(5, 13)}…`, MIXED)).toBe(`cut ${MASK}…`);
    expect(redactSecret(`lower echokey-abcdef-123456789`, 'EchoKey-ABCdef-123456789')).toBe(`lower ${MASK}`);
  });

  it('leaves 7 characters of it, and text that merely shares letters, alone', () => {
    expect(redactSecret(`near ${MIXED.toLowerCase().slice(0, 7)} miss`, MIXED)).toBe(`near ${MIXED.toLowerCase().slice(0, 7)} miss`);
    expect(redactSecret('Evergreen Landing page, updated 2024', MIXED)).toBe('Evergreen Landing page, updated 2024');
  });
});

describe('the key URL-encoded', () => {
  it('encodeURIComponent, upper-cased after, hex in lower case, and every byte encoded', () => {
    const enc = encodeURIComponent(B64ISH);
    expect(enc).toBe('Zm9v%2BYmFy%2FYmF6%2BcXV4%2FY29y%2BZ2Fy');
    expect(redactSecret(`unknown key ${enc} upper ${B64ISH.toUpperCase()}`, B64ISH)).toBe(`unknown key ${MASK} upper ${MASK}`);
    expectMasked(`k=${enc.toUpperCase()}`, B64ISH, enc.toUpperCase());
    expectMasked(`k=${enc.replace(/%2B/g, '%2b').replace(/%2F/g, '%2f')}`, B64ISH);
    expectMasked(`k=${percentAll(MIXED)}`, MIXED);
    expectMasked(`k=${percentAll(MIXED, (h) => h.toLowerCase())}`, MIXED);
  });

  it('encoded twice (%252B), and a fragment of the encoded form', () => {
    expectMasked(`k=${encodeURIComponent(encodeURIComponent(B64ISH))}`, B64ISH);
    expectMasked(`tail ${encodeURIComponent(B64ISH).slice(-14)}`, B64ISH);
  });

  it('form-encoded: + read as a space, and URLSearchParams (+ as %2B)', () => {
    expectMasked(`got ${B64ISH.replaceAll('+', ' ')} here`, B64ISH);
    expectMasked(`?${new URLSearchParams({ key: B64ISH }).toString()}`, B64ISH);
  });
});

describe('the key escaped', () => {
  it('JSON: every character as \\uXXXX (either hex case), a slash as \\/, in the raw text', () => {
    const raw = `{"note":"${jsonEscaped(MIXED)}","b":"${jsonEscaped(MIXED).toUpperCase().replaceAll('\\U', '\\u')}"}`;
    expect(redactSecret(raw, MIXED)).toBe(`{"note":"${MASK}","b":"${MASK}"}`);
    expect(redactSecret(JSON.stringify({ k: B64ISH }).replaceAll('/', '\\/'), B64ISH)).toBe(`{"k":"${MASK}"}`);
  });

  it('C-style \\xHH (as nginx writes a header into a log line)', () => {
    expectMasked(`"${B64ISH.replaceAll('+', '\\x2B').replaceAll('/', '\\x2F')}"`, B64ISH);
  });

  it('HTML entities: decimal, hex and named, in an error page', () => {
    expectMasked(`<p>${entities(B64ISH, (c) => `&#${c};`)}</p>`, B64ISH);
    expectMasked(`<p>${entities(B64ISH, (c) => `&#x${c.toString(16)};`)}</p>`, B64ISH);
    expectMasked(`<p>${B64ISH.replaceAll('+', '&plus;').replaceAll('/', '&sol;')}</p>`, B64ISH);
    expectMasked(`<p>${SPECIAL.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}</p>`, SPECIAL);
  });

  it('quoted-printable: = as =3D, and a soft line break inside the key', () => {
    const key = 'dGV=zdG=tle=TEy=MzQ=1Nj';
    expectMasked(`key: ${key.replaceAll('=', '=3D')}`, key);
    expectMasked(`key: ${MIXED.replace(/(.{5})/g, '$1=\r\n')}`, MIXED);
    expectMasked(`key: ${MIXED.replace(/(.{5})/g, '$1=\n')}`, MIXED);
  });
});

describe('the key in base64', () => {
  it('the key alone, in either alphabet, upper-cased', () => {
    expectMasked(`token ${base64(MIXED)}`, MIXED, base64(MIXED));
    expectMasked(`token ${base64(B64ISH).replaceAll('+', '-').replaceAll('/', '_')}`, B64ISH);
    expectMasked(`token ${base64(MIXED).toUpperCase()}`, MIXED);
  });

  it('inside a longer value at any byte offset (Basic auth of user:key, key:), and a fragment of it', () => {
    for (const user of ['', 'a', 'ab', 'abc', 'apikey']) {
      const basic = base64(`${user}:${MIXED}`);
      const out = expectMasked(`authorization: Basic ${basic}`, MIXED);
      expect(out).not.toContain(basic.slice(-12));
    }
    expectMasked(`Basic ${base64(`${MIXED}:`)}`, MIXED);
    expectMasked(`cut ${base64(MIXED).slice(4, 14)}`, MIXED);
  });
});

describe('odd keys', () => {
  it('regex-special characters, raw and encoded', () => {
    expectMasked(`raw ${SPECIAL} done`, SPECIAL);
    expectMasked(`enc ${encodeURIComponent(SPECIAL)} done`, SPECIAL);
    expectMasked(`json ${JSON.stringify(SPECIAL)} done`, SPECIAL);
  });

  it('a key of 512 characters: whole, lower-cased, encoded, and fragments', () => {
    const long = Array.from({ length: 512 }, (_, i) => 'aZ9+/-_.'[i % 8]! + String.fromCharCode(65 + ((i * 7) % 26))).join('').slice(0, 512);
    expectMasked(`x ${long} y`, long);
    expectMasked(`x ${long.toLowerCase()} y`, long);
    expectMasked(`x ${encodeURIComponent(long)} y`, long);
    expectMasked(`x ${long.slice(300, 309)} y`, long);
    expectMasked(`x ${base64(long)} y`, long);
  });

  it('a key under 8 characters is taken out whole, in any case and encoding, never in part', () => {
    expect(redactSecret('key aB+c/d1 and AB+C/D1 and aB%2Bc%2Fd1', 'aB+c/d1')).toBe(`key ${MASK} and ${MASK} and ${MASK}`);
    expect(redactSecret('aB+c/d', 'aB+c/d1')).toBe('aB+c/d');
  });

  it('a key under 4 characters is not looked for', () => {
    expect(redactSecret('abc', 'abc')).toBe('abc');
  });
});

describe('secretRedactor.json over encoded echoes', () => {
  it('walks a value whose escapes hide an encoding of the key (a JSON-escaped percent sign)', () => {
    const raw = `{"m":"${encodeURIComponent(B64ISH).replaceAll('%', '\\u0025')}"}`;
    const value = JSON.parse(raw) as unknown;
    expect(secretRedactor(B64ISH).json(value, raw)).toEqual({ m: MASK });
  });

  it('walks a value whose JSON escapes and another encoding together hide the key (\\" and =3D)', () => {
    const key = 'ab"cd=ef';
    const raw = `{"m":"${'ab\\"cd=3Def'}"}`;
    const value = JSON.parse(raw) as unknown;
    expect(value).toEqual({ m: 'ab"cd=3Def' });
    expect(secretRedactor(key).json(value, raw)).toEqual({ m: MASK });
  });

  it('walks a value that holds the key lower-cased', () => {
    const raw = JSON.stringify({ items: [{ name: `owner ${MIXED.toLowerCase()}` }] });
    expect(secretRedactor(MIXED).json(JSON.parse(raw) as unknown, raw)).toEqual({ items: [{ name: `owner ${MASK}` }] });
  });
});

describe('a key shorter than 8 characters', () => {
  it.for(['abc123', 'keyP', 'Ab3dE6g'])('%s is masked in base64 and inside Basic credentials, as the whole key is', (key) => {
    const b64 = base64(key);
    const basic = base64(`user:${key}`);
    for (const text of [`bad key ${b64} here`, `Authorization: Basic ${basic}`, `bad ${b64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`]) {
      const out = redactSecret(text, key);
      expect(out).toContain(MASK);
      // What is left decodes to no part holding the key.
      for (const word of out.split(/[\s:]+/)) expect(Buffer.from(word.replaceAll(MASK, ''), 'base64').toString('latin1')).not.toContain(key);
    }
  });

  it('ordinary words and other base64 are left as they are', () => {
    expect(redactSecret('the quick brown fox, base64 Zm9vYmFy', 'keyP')).toBe('the quick brown fox, base64 Zm9vYmFy');
  });
});
