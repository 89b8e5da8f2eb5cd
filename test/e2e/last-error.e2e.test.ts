/**
 * `E` at 80x24 through the built app in a real pty, against a server of this file's own whose
 * second page of groups is a problem+json 400 with a long detail and two errors[] entries: the
 * status line is cut (and says `E shows all`), `E` shows every part and the body, and Esc returns
 * to the list with its rows and selection unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { startTestServer, type TestServer } from '../api/helpers/test-server.js';
import { GROUPS, LONG_DETAIL, problemOnSecondPage, REASONS, REQUEST_ID } from '../helpers/problem-400.js';

const KEY = 'E2E-LAST-ERROR-KEY-4411';
const flat = (text: string): string => text.replace(/\s+/g, ' ');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(problemOnSecondPage(KEY));
});
afterAll(async () => {
  await server.close();
});

/** The status row (above the hint row). */
function statusRow(app: PtyApp): string {
  const lines = app.lines();
  let bottom = lines.length - 1;
  while (bottom > 0 && lines[bottom]!.trim() === '') bottom--;
  return lines[bottom - 1] ?? '';
}

/** The list rows (the groups' titles) as shown, and which one is highlighted. */
function listState(app: PtyApp): { rows: string[]; selected: number } {
  const lines = app.lines();
  const rows = lines.filter((l) => /Group E\d/.test(l));
  const selected = lines.findIndex((l, i) => /Group E\d/.test(l) && app.isHighlighted(i));
  return { rows, selected: selected < 0 ? -1 : rows.indexOf(lines[selected]!) };
}

describe('E at 80x24', () => {
  it('the cut status line names E; E shows every part and the body; Esc returns to the list as it was', async () => {
    const app = new PtyApp(['--base-url', server.origin], { cols: 80, rows: 24, env: { PAGETUI_API_KEY: KEY } });
    try {
      await app.waitFor('Invalid query (HTTP 400)');
      await app.waitFor(`Group E${GROUPS}`);
      const status = statusRow(app);
      expect(status, app.screen()).toMatch(/^Invalid query \(HTTP 400\): field: limit/);
      expect(status).toContain('E shows all');
      expect(status).not.toContain(REQUEST_ID);
      expect(flat(status)).not.toContain(flat(LONG_DETAIL));

      app.write('jj');
      await app.waitFor(() => listState(app).selected === 2);
      const before = listState(app);

      app.write('E');
      await app.waitFor('Last error');
      const first = app.screen();
      for (const part of ['Code: Invalid query', 'HTTP status: 400 Invalid query', 'Request: GET /v0/page_groups', `field limit: ${REASONS[0]}`, `field sort: ${REASONS[1]}`, `Request id: ${REQUEST_ID}`, 'When: ']) {
        expect(first, part).toContain(part);
      }
      expect(flat(first)).toContain(flat(`Detail: ${LONG_DETAIL}`));
      expect(first).not.toContain('c-next');
      // The body and what to press next are further down.
      app.write('G');
      const end = await app.waitFor('Next: A retry would fail the same way');
      expect(end).toContain('"echo": "x-api-key: ••••"');
      expect(end).toContain('i shows the request and its answer');
      expect(app.raw).not.toContain(KEY);

      app.write('\u001b');
      await app.waitFor((screen) => !screen.includes('Last error') && screen.includes(`Group E${GROUPS}`));
      await app.waitFor(() => listState(app).selected === before.selected);
      expect(listState(app)).toEqual(before);
      expect(statusRow(app)).toContain('Invalid query (HTTP 400)');
    } finally {
      app.kill();
    }
  });
});
