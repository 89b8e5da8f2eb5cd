/** The inspector's text: sanitised, width-bounded, the body pretty-printed. */
import { describe, expect, it } from 'vitest';
import { ExchangeLog, type Exchange } from '../../../src/api/inspector/exchange-log.js';
import { displayWidth } from '../../../src/text/index.js';
import { exchangeLinesCached, exchangeRow, exchangeTitle } from '../../../src/ui/store/inspector/inspector-lines.js';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function hostileExchange(): Exchange {
  const log = new ExchangeLog();
  const trace = log.begin('GET', 'http://127.0.0.1:9', '/v0/page_groups/%1B%5B2J/pages?cursor=%C2%9B31m', { 'x-api-key': 'sk-live-abcdefghijklmnop' });
  const body = JSON.stringify({ items: [{ id: 'x', title: 'evil \u001b]52;c;AAAA\u0007 \u009b2J' }], hasMore: false, nextCursor: 'c\u001bz' });
  trace.response(200, { 'x-request-id': 'req\u001b[31m1', 'x-weird': 'a\u0007b' }, body.length, body);
  return log.entries()[0] as Exchange;
}

describe('inspector lines', () => {
  it('never let a control character through, and fit the width', () => {
    const e = hostileExchange();
    const row = exchangeRow(e, 80);
    expect(row).not.toMatch(CONTROL);
    expect(displayWidth(row)).toBeLessThanOrEqual(80);
    expect(exchangeTitle(e)).not.toMatch(CONTROL);
    const lines = exchangeLinesCached(e, 60);
    for (const line of lines) {
      expect(line).not.toMatch(CONTROL);
      expect(displayWidth(line)).toBeLessThanOrEqual(60);
    }
    expect(lines.join('\n')).toContain('x-api-key: ••••mnop');
    expect(lines.join('\n')).not.toContain('sk-live-abcdefghijklmnop');
  });

  it('pretty-print a JSON body, two spaces deep', () => {
    const lines = exchangeLinesCached(hostileExchange(), 100);
    const body = lines.slice(lines.indexOf('Body'));
    expect(body.slice(0, 3)).toEqual(['Body', '{', '  "items": [']);
    expect(body).toContain('  "hasMore": false,');
  });

  it('count one item as "1 item", in the list row and the exchange view', () => {
    const log = new ExchangeLog();
    const trace = log.begin('GET', 'http://127.0.0.1:9', '/v0/page_groups?limit=100', {});
    const body = JSON.stringify({ items: [{ pageGroupId: 'grp-1' }], hasMore: false, nextCursor: null });
    trace.response(200, {}, body.length, body);
    trace.listed({ items: [{ pageGroupId: 'grp-1' }], hasMore: false, warnings: [] });
    const e = log.entries()[0] as Exchange;
    expect(exchangeRow(e, 100)).toMatch(/ {3}1 item {3}\/v0/);
    expect(exchangeLinesCached(e, 100)[1]).toContain('  1 item');
    expect(exchangeLinesCached(e, 100)[1]).not.toContain('1 items');
  });

  it('for a screen reader the metadata line reads with commas, so "status 200" and "133 ms" are apart', () => {
    const log = new ExchangeLog();
    const trace = log.begin('GET', 'http://127.0.0.1:9', '/v0/page_groups?limit=100', {});
    trace.response(200, {}, 2, '{}');
    const line = exchangeLinesCached(log.entries()[0] as Exchange, 100, true)[1] ?? '';
    expect(line).toMatch(/^sent \d\d:\d\d:\d\d, status 200, \d+ ms, 2 B$/);
  });

  it('say why a 200\'s body could not be read, in the row and the exchange view, also one laid out before the mark came', () => {
    const log = new ExchangeLog();
    const trace = log.begin('GET', 'http://127.0.0.1:9', '/v0/page_groups?limit=100', {});
    trace.response(200, {}, 5, '{"ha');
    const e = log.entries()[0] as Exchange;
    expect(exchangeLinesCached(e, 100).join('\n')).not.toContain('unreadable');
    trace.unreadable('BAD_RESPONSE: The server sent a response that is not valid JSON.');
    expect(exchangeRow(e, 200)).toMatch(/ 200! .*\/v0\/page_groups\?limit=100 {2}BAD_RESPONSE: The server sent/);
    // Seen without colour too, however long the path: where a page's item count stands.
    expect(exchangeRow(e, 100)).toMatch(/ 200! +\d+ms +5 B +bad body /);
    // Narrow, the size goes before the path; the mark stays.
    expect(exchangeRow(e, 60)).toMatch(/^GET +200! +\d+ms bad body {2}\/v0/);
    // At 40 columns the item count is cut; the status says it.
    expect(exchangeRow(e, 40)).toMatch(/ 200! /);
    // The columns after it stay where they are on the other rows.
    const good = log.begin('GET', 'http://127.0.0.1:9', '/v0/page_groups?limit=100', {});
    good.response(200, {}, 5, '{"hasMore":false,"items":[]}');
    expect(exchangeRow(log.entries()[1] as Exchange, 60).indexOf('ms ')).toBe(exchangeRow(e, 60).indexOf('ms '));
    expect(exchangeLinesCached(e, 100)).toContain('body unreadable: BAD_RESPONSE: The server sent a response that is not valid JSON.');
  });
});

describe('an inspector row in a narrow terminal', () => {
  const exchange = (): Exchange => {
    const log = new ExchangeLog();
    const trace = log.begin('GET', 'http://127.0.0.1:9', '/v0/page_groups/grp-1/pages?limit=100', {});
    const body = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ pageId: `p${i}` })), hasMore: false });
    trace.response(200, {}, 10_500, body);
    trace.listed({ items: Array.from({ length: 40 }, (_, i) => ({ pageId: `p${i}` })), hasMore: false, warnings: [] });
    return log.entries()[0] as Exchange;
  };

  it.each([38, 50, 60])('at %i columns keeps the method, the status and the start of the path', (width) => {
    const row = exchangeRow(exchange(), width);
    expect(displayWidth(row)).toBeLessThanOrEqual(width);
    expect(row).toMatch(/^GET\s+200\s.*\/v0\/page_g/);
  });

  it('at 100 columns keeps every column', () => {
    expect(exchangeRow(exchange(), 100)).toMatch(/^\d\d:\d\d:\d\d GET\s+200\s+\d+ms\s+10\.3 KiB\s+40 items\s+\/v0\/page_groups\/grp-1\/pages/);
  });
});
