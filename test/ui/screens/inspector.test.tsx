/**
 * The HTTP inspector in the real <App> over the demo server: `i` lists the requests sent, Enter
 * shows one (key redacted, body pretty-printed and windowed), `c` / `C` copy curl, `e` writes HAR.
 */
import { itemArray } from '../../../src/api/pager/packed-items.js';
import { newestFirst } from '../../../src/ui/store/inspector/inspector-flow.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clipboard } from '../../../src/ui/services/clipboard.js';
import type { Exporter } from '../../../src/ui/services/export.js';
import { harProblems } from '../../api/helpers/har-check.js';
import { renderApp, waitFor, type RenderedApp } from '../../helpers/render-app.js';
import { textOf } from '../../helpers/export-text.js';
import { fakeClipboard } from '../../helpers/fake-clipboard.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});


async function start(options: Parameters<typeof renderApp>[0] = {}): Promise<RenderedApp> {
  app = await renderApp({ columns: 110, rows: 24, server: { pages: 250 }, ...options });
  await app.waitFor('Evergreen Landing Pages');
  return app;
}

describe('the HTTP inspector', () => {
  it('lists the requests newest first, shows one with the key redacted, scrolls its body, and goes back', async () => {
    const a = await start();
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    await a.press('i');
    const list = await a.waitFor('HTTP inspector');
    const rows = list.split('\n').filter((line) => / GET +200 /.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toContain('/v0/page_groups/grp-1/pages?limit=100');
    expect(rows.at(-1)).toMatch(/\/v0\/page_groups\?limit=100/);
    expect(rows[0]).toContain('100 items');

    await a.press('\r');
    const exchange = await a.waitFor('Request headers');
    expect(exchange).toContain('x-api-key: ••••');
    expect(exchange).not.toContain(a.server.apiKey);
    expect(exchange).toContain('GET /v0/page_groups/grp-1/pages?limit=100 → 200');
    expect(exchange).toMatch(/1–\d+\/\d+ +▼/);
    await a.press('G');
    const end = await a.waitFor('▲');
    expect(end).toContain('}');
    expect(a.frame()).not.toContain(a.server.apiKey);
    await a.press('g');
    await a.waitFor('Request headers');

    await a.press('\u001b');
    await a.waitFor((f) => f.includes('HTTP inspector') && !f.includes('Request headers'));
    await a.press('\u001b');
    await a.waitFor('grp-1-p1 ');
    expect(a.store.getSnapshot().overlay).toBe(null);
  });

  it('counts a page of one item as "1 item"', async () => {
    const a = await start({ server: { pages: 1 } });
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    await a.press('i');
    const list = await a.waitFor('HTTP inspector');
    expect(list).toMatch(/ 1 item +\/v0\/page_groups\/grp-1\/pages\?limit=100/);
    expect(list).not.toContain('1 items');
    await a.press('\r');
    expect(await a.waitFor('Request headers')).toMatch(/ 1 item  requestId req-/);
  });

  it('lists a request recorded while it is open', async () => {
    const a = await start();
    await a.press('i');
    await a.waitFor('HTTP inspector · 1 request ');
    a.exchangeLog.begin('GET', 'http://127.0.0.1:1', '/v0/page_groups/late%20one/pages', {}).failed(new Error('connection refused'));
    const frame = await a.waitFor('HTTP inspector · 2 requests');
    expect(frame).toContain('/v0/page_groups/late one/pages');
    expect(frame).toContain('ERR');
    expect(frame).toContain('connection refused');
  });

  it('follows the newest request while its selection is on it; a request picked below stays picked', async () => {
    const a = await start();
    await a.press('i');
    await a.waitFor('HTTP inspector · 1 request ');
    const record = (n: number) => a.exchangeLog.begin('GET', 'http://127.0.0.1:1', `/v0/page_groups/late${n}/pages`, {}).response(200, {}, 2, '{}');
    for (let n = 1; n <= 3; n++) record(n);
    await a.waitFor('HTTP inspector · 4 requests');
    const newest = () => newestFirst(a.exchangeLog)[0]?.seq;
    expect(a.store.getSnapshot().inspector?.selectedSeq).toBe(newest());
    // Picked: one below the newest. New requests arrive above it and it stays the selection.
    await a.press('j');
    const picked = a.store.getSnapshot().inspector?.selectedSeq;
    expect(picked).toBe(newestFirst(a.exchangeLog)[1]?.seq);
    record(4);
    await a.waitFor('HTTP inspector · 5 requests');
    expect(a.store.getSnapshot().inspector?.selectedSeq).toBe(picked);
    // Back on the newest: it follows again.
    await a.press('g');
    record(5);
    await a.waitFor('HTTP inspector · 6 requests');
    expect(a.store.getSnapshot().inspector?.selectedSeq).toBe(newest());
  });

  it('c copies the selected request as curl that reads the key from the environment', async () => {
    const clipboard = fakeClipboard();
    const a = await start({ clipboard });
    await a.press('i');
    await a.waitFor('HTTP inspector');
    await a.press('c');
    await a.waitFor('Copied the request as curl');
    const [curl] = clipboard.copied;
    expect(curl).toContain('-H "x-api-key: $PAGETUI_API_KEY"');
    expect(curl).toContain(`'${a.server.url.replace(/\/$/, '')}/v0/page_groups?limit=100'`);
    expect(curl).not.toContain(a.server.apiKey);
  });

  it('a request read in full that leaves the list (newer ones push it out) is not swapped for another: the list comes back and says so', async () => {
    const a = await start();
    await a.press('i');
    await a.waitFor('HTTP inspector · 1 request ');
    const record = (n: number) => a.exchangeLog.begin('GET', 'http://127.0.0.1:1', `/v0/page_groups/late${n}/pages`, {}).response(200, {}, 2, '{}');
    record(0);
    await a.waitFor('HTTP inspector · 2 requests');
    await a.press('\r');
    await a.waitFor('late0');
    const read = a.store.getSnapshot().inspector?.selectedSeq;
    for (let n = 1; n <= 200; n++) record(n);
    const frame = await a.waitFor('left the inspector');
    expect(a.store.getSnapshot().inspector?.view).toBe('list');
    expect(a.store.getSnapshot().inspector?.selectedSeq).not.toBe(read);
    expect(frame).not.toContain('Request headers');
  });

  it('c on a request whose URL held the key says the copy is masked and will not repeat it', async () => {
    const clipboard = fakeClipboard();
    const a = await start({ clipboard });
    await a.press('i');
    await a.waitFor('HTTP inspector · 1 request ');
    const key = a.server.apiKey.padEnd(16, 'x');
    a.exchangeLog.begin('GET', 'http://127.0.0.1:1', `/v0/page_groups/g/pages?cursor=c.${key}`, { 'x-api-key': key }).response(400, {}, 2, '{}');
    await a.waitFor('HTTP inspector · 2 requests');
    await a.press('c');
    const frame = await a.waitFor('Copied the request as curl');
    expect(clipboard.copied[0]).not.toContain(key);
    expect(frame).toMatch(/masked/);
  });

  it('c on a request whose URL held the key says at 40 columns that the copy will not replay it', async () => {
    const clipboard: Clipboard = { copy: async () => ({ method: 'xclip' }) };
    app = await renderApp({ columns: 40, rows: 24, clipboard });
    const a = app;
    await a.waitFor('grp-1 ');
    await a.press('i');
    await a.waitFor('1 request');
    const key = a.server.apiKey.padEnd(16, 'x');
    a.exchangeLog.begin('GET', 'http://127.0.0.1:1', `/v0/page_groups/g/pages?cursor=c.${key}`, { 'x-api-key': key }).response(400, {}, 2, '{}');
    await a.waitFor('2 requests');
    await a.press('c');
    const frame = await a.waitFor(/masked/);
    const status = frame.split('\n').find((line) => line.includes('masked'));
    expect(status).toMatch(/won't replay/);
    expect(status).not.toContain('…');
  });

  it('C on a list copies the request whose page holds the selected row', async () => {
    const clipboard = fakeClipboard();
    const a = await start({ clipboard });
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    await a.press('G');
    await a.waitFor('grp-1-p250 ');
    await a.press('C');
    await waitFor(() => clipboard.copied.length === 1);
    expect(clipboard.copied[0]).toMatch(/\/v0\/page_groups\/grp-1\/pages\?cursor=[^&']+&limit=100'$/);
    const third = a.exchangeLog.entries().filter((e) => e.path.includes('/pages')).at(-1);
    expect(clipboard.copied[0]).toContain(third?.path);
    await a.press('g');
    await a.waitFor((f) => f.includes('grp-1-p1 ') && !f.includes('grp-1-p250 '));
    await a.press('C');
    await waitFor(() => clipboard.copied.length === 2);
    expect(clipboard.copied[1]).toMatch(/\/v0\/page_groups\/grp-1\/pages\?limit=100'$/);
    expect(clipboard.copied.join('\n')).not.toContain(a.server.apiKey);
  });

  it('C copies the request that loaded the row even when another read of the list came between (a watch read)', async () => {
    const clipboard = fakeClipboard();
    const a = await start({ clipboard });
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    await a.press(':');
    await a.press('grp-1-p120\r');
    await waitFor(() => a.store.selectedItem()?.pageId === 'grp-1-p120');
    // What a watch read of the first page logs while the list keeps its rows: the same request again.
    const first = a.exchangeLog.entries().find((e) => e.path.includes('/grp-1/pages') && e.cursor === undefined);
    const again = a.exchangeLog.begin('GET', first?.origin ?? '', first?.path ?? '', {});
    again.response(200, {}, 2, '{}');
    again.listed({ items: itemArray(a.store.getSnapshot().pager.items).slice(0, 100), hasMore: true, nextCursor: 'x', warnings: [] });
    await a.press('G');
    await a.waitFor('grp-1-p250 ');
    await a.press(':');
    await a.press('grp-1-p120\r');
    await a.waitFor((f) => f.includes('grp-1-p120 ') && !f.includes('grp-1-p250 '));
    expect(a.store.selectedItem()?.pageId).toBe('grp-1-p120');
    await a.press('C');
    await waitFor(() => clipboard.copied.length === 1);
    const holding = a.exchangeLog.entries().find((e) => e.cursor !== undefined && e.body?.text.includes('"grp-1-p120"'));
    expect(holding).toBeDefined();
    expect(clipboard.copied[0]).toContain(`${holding?.path}'`);
  });

  it('e writes a HAR 1.2 file of the exchanges, without the key', async () => {
    const written: { path: string; text: string }[] = [];
    const exporter: Exporter = {
      display: (path) => path,
      exists: async () => false,
      write: async (path, data) => {
        written.push({ path, text: await textOf(data) });
      },
    };
    const a = await start({ exporter });
    await a.press('i');
    await a.waitFor('HTTP inspector');
    await a.press('e');
    await a.waitFor(/Wrote 1 exchanges to \.\/pagetui-\d{8}-\d{6}\.har/);
    const har: unknown = JSON.parse(written[0]?.text ?? '');
    expect(harProblems(har)).toEqual([]);
    expect(written[0]?.text).not.toContain(a.server.apiKey);
  });
});
