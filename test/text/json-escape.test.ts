/**
 * The one escaping for what we write and copy: C1 controls and bidi controls from server text are
 * \u escapes in NDJSON (stdout and exports), copied JSON and HAR files, never raw characters (a
 * raw U+009B is CSI to xterm.js; U+202E reverses the text after it); parsing gives the value back.
 */
import { describe, expect, it } from 'vitest';
import { ExchangeLog } from '../../src/api/inspector/exchange-log.js';
import { harText } from '../../src/api/inspector/har.js';
import { jsonText, ndjsonLines, safeJson } from '../../src/text/json.js';

const HOSTILE = 'a\u009b2Jb\u202ecba\u2066x\u2069\u200e\u200f\u061c\u0085';
const RAW = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function harWith(body: string): string {
  const log = new ExchangeLog();
  const trace = log.begin('GET', 'http://127.0.0.1:1', '/v0/page_groups', { 'x-api-key': 'k' });
  trace.response(500, { 'content-type': 'text/plain', 'x-note': HOSTILE }, Buffer.byteLength(body), body);
  return harText(log.entries(), 'test');
}

describe('escaping in every file and copy', () => {
  it('NDJSON (stdout, exports)', () => {
    const text = ndjsonLines([{ name: HOSTILE }]);
    expect(text).not.toMatch(RAW);
    expect(JSON.parse(text)).toEqual({ name: HOSTILE });
  });

  it('copied JSON', () => {
    expect(safeJson({ name: HOSTILE })).not.toMatch(RAW);
    expect(JSON.parse(safeJson({ name: HOSTILE }))).toEqual({ name: HOSTILE });
  });

  it('our own files (history, config)', () => {
    expect(jsonText([HOSTILE], 1)).not.toMatch(RAW);
  });

  it('HAR files: bodies and headers', () => {
    const har = harWith(`error ${HOSTILE}`);
    expect(har).not.toMatch(RAW);
    const parsed = JSON.parse(har) as { log: { entries: { response: { content: { text: string }; headers: { name: string; value: string }[] } }[] } };
    expect(parsed.log.entries[0]?.response.content.text).toBe(`error ${HOSTILE}`);
    expect(parsed.log.entries[0]?.response.headers).toContainEqual({ name: 'x-note', value: HOSTILE });
  });
});
