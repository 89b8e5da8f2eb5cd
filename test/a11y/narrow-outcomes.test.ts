/**
 * At 40 columns an outcome keeps what matters on the status row: where a copy went, the file an
 * export wrote, and for a cut error both its way out and `E`'s whole text (the trial's N6).
 */
import { expect, it } from 'vitest';
import { spokenStatus } from '../../src/ui/presentation/spoken-status.js';
import { copiedMessage, curlCopiedMessage } from '../../src/ui/store/details/copy-status.js';
import { exportedMessage, failedMessage, harWrittenMessage, keptMessage, refitted } from '../../src/ui/store/prompts/export-message.js';
import { formatStatus, layoutStatus } from '../../src/ui/components/status-format.js';
import { statusShownForms } from '../../src/ui/store/list/list-filters.js';
import { spokenEntry } from '../../src/ui/screens/ViewPicker.js';
import { refreshStoppedMessage } from '../../src/ui/store/reload/refresh-flow.js';
import { nothingToExportMessage } from '../../src/ui/store/prompts/export-flow.js';
import { displayWidth } from '../../src/text/index.js';
import type { StatusMessage } from '../../src/ui/store/status-message.js';

const at40 = (message: StatusMessage): string => spokenStatus(message, 'all 40 loaded', 'Enter open  q quit', 40).first.trimEnd();

it('C says the request was copied as curl and where, not "(tmux …"', () => {
  const row = at40(curlCopiedMessage('tmux buffer'));
  expect(row).toMatch(/^Done: Copied .*curl.*tmux buffer\)?$/);
  expect(row).not.toContain('…');
  expect(curlCopiedMessage('tmux buffer').text).toBe('Copied the request as curl (tmux buffer); it reads the key from $PAGETUI_API_KEY');
});

it('c on a request whose URL held the key says the copy will not replay it at 40 columns, in both modes, beside a load too', () => {
  for (const method of ['xclip', 'tmux buffer', 'tmux buffer + OSC 52']) {
    const message = curlCopiedMessage(method, { keyInUrl: true });
    // The usual mode's row, beside a spinner, and beside the way out of a load (`Esc to stop`).
    const usual = [40, 38].map((w) => formatStatus(message, 'row 1 · all 40 loaded', w)[0]?.trimEnd() ?? '');
    const besideWayOut = layoutStatus(message, 'Esc to stop', 38, true)[0]?.message.trimEnd() ?? '';
    for (const row of [at40(message), ...usual, besideWayOut]) {
      expect(row).toMatch(/masked/);
      expect(row).toMatch(/won't replay/);
      expect(row).not.toContain('…');
    }
  }
});

it("C that copied the list's newest request (the row's own is no longer kept) says so at 40 columns, in both modes", () => {
  for (const method of ['xclip', 'tmux buffer + OSC 52']) {
    const message = curlCopiedMessage(method, { newestOfList: true });
    expect(message.text).toBe(`Copied the list's newest request as curl (${method}); this row's own request is no longer kept`);
    for (const row of [at40(message), usual40(message), layoutStatus(message, 'Esc to stop', 38, true)[0]?.message.trimEnd() ?? '']) {
      expect(row).toMatch(/newest/i);
      expect(row).toMatch(/row's/);
      expect(row).not.toContain('…');
    }
    // Its URL held the key as well: both are said.
    const masked = curlCopiedMessage(method, { newestOfList: true, keyInUrl: true });
    for (const row of [at40(masked), usual40(masked)]) expect(row).toMatch(/newest.*won't replay/i);
  }
});

it('y says what it copied and where', () => {
  const row = at40(copiedMessage('the value of pageId', 'tmux buffer'));
  expect(row).toMatch(/the value of pageId .*tmux/);
  expect(displayWidth(row)).toBeLessThanOrEqual(40);
});

it('e says the file it wrote', () => {
  const row = at40({ tone: 'success', ...refitted((w) => exportedMessage('11 page groups', './page-groups.ndjson', w, ' (the filtered rows)')) });
  expect(row).toBe('Done: Exported to ./page-groups.ndjson');
});

it('a refresh stopped keeps its way on (r) at 40 columns', () => {
  const row = at40(refreshStoppedMessage());
  expect(row).toMatch(/^Warning: Refresh stopped.*\br\b/);
  expect(row).not.toContain('…');
  expect(refreshStoppedMessage().text).toBe('Refresh stopped; the rows shown are from before it (r to refresh again)');
});

it('a HAR file written says the file at 40 columns', () => {
  const row = at40({ tone: 'success', ...harWrittenMessage(12, './pagetui-20261128-074412.har') });
  expect(row).toMatch(/^Done: Wrote \.\/pagetui-20261128-0744/);
  expect(harWrittenMessage(12, './x.har').text).toBe('Wrote 12 exchanges to ./x.har (HAR)');
});

it('a rate-limit wait at 40 columns says "retry in", not a bare number of seconds', () => {
  const message: StatusMessage = { tone: 'warning', code: 'RATE_LIMITED (HTTP 429)', text: 'Rate limited', countdownSeconds: 5, requestId: 'req-001223' };
  const row = at40(message);
  expect(row).toMatch(/^Warning: RATE_LIMITED.* retry in 5s$/);
  expect(spokenStatus(message, '', '', 120).first.trimEnd()).toBe('Warning: RATE_LIMITED (HTTP 429): Rate limited — retry in 5s (req-001223)');
});

/** The status row at 40 columns in the usual mode (the message, progress beside it where it fits). */
const usual40 = (message: StatusMessage): string => formatStatus(message, 'row 1 · 1 of 40 match', 40)[0]?.trimEnd() ?? '';

it('a status filter keeps its count at 40 columns, in both modes', () => {
  const message: StatusMessage = { tone: 'success', ...statusShownForms('other statuses', '1 of 40') };
  expect(message.text).toBe('Showing other statuses only: 1 of 40.');
  expect(at40(message)).toMatch(/^Done: .*other statuses.*1 of 40\.?$/i);
  expect(usual40(message)).toMatch(/other statuses.*1 of 40/i);
  const loaded: StatusMessage = { tone: 'success', ...statusShownForms('published', '1,234 of 10,000 loaded') };
  expect(at40(loaded)).toMatch(/1,234 of 10,000 loaded/);
});

it('Y says what it copied at 40 columns, and where, in both modes', () => {
  for (const row of [at40(copiedMessage('grp-1 as JSON', 'tmux buffer')), usual40(copiedMessage('grp-1 as JSON', 'tmux buffer'))]) {
    expect(row).toContain('grp-1 as JSON');
    expect(row).toContain('tmux');
    expect(row).not.toContain('…');
  }
  expect(at40(copiedMessage('grp-1 as JSON', 'tmux buffer + OSC 52'))).toMatch(/grp-1 as JSON.*tmux/);
  // An id too long for the row is cut; " as JSON" and where it went stay.
  expect(at40(copiedMessage('fault-hostile-text as JSON', 'tmux buffer'))).toMatch(/^Done: Copied fault-hos\S*… as JSON \(tmux\)$/);
});

it('n to "overwrite?" keeps the file name of a long typed path at 40 columns, the folders shortened from their start', () => {
  const path = '/tmp/some/long/folder/names/here/out.ndjson';
  const message: StatusMessage = { tone: 'warning', ...keptMessage(path) };
  expect(message.text).toBe(`Not exported; ${path} was left as it was.`);
  for (const row of [at40(message), usual40(message)]) {
    expect(row).toMatch(/…\/(?:[\w-]+\/)*out\.ndjson/);
    expect(displayWidth(row)).toBeLessThanOrEqual(40);
  }
});

it('a failed export said in a shorter form is not cut, nor followed by "E shows all"', () => {
  const error = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  const row = at40({ tone: 'error', ...refitted((w) => failedMessage({ error, path: '/tmp/no/such/folder/out.ndjson', defaultName: 'out.ndjson' }, w)) });
  expect(row).not.toContain('…');
  expect(row).not.toContain('E shows all');
  expect(row).toMatch(/^Error: .*folder does not exist/);
});

it("a view picker's entry keeps its place in the list (2 of 2) at 40 columns", () => {
  const entry = spokenEntry('stale', { screen: 'groups', query: 'updated>90d', status: 'published' }, 1, 2, 40);
  expect(entry).toMatch(/^stale: filter updated>90d.*…, 2 of 2$/);
  expect(displayWidth(entry)).toBeLessThanOrEqual(40);
  expect(spokenEntry('pub', { screen: 'groups', query: '' }, 0, 1, 80)).toBe('pub: no filter, server order, 1 of 1');
});

it('e with a filter that matches nothing says "nothing to export" whole at 40 columns, in both modes', () => {
  const message = nothingToExportMessage(true);
  expect(at40(message)).toMatch(/^Warning: .*nothing to export\.$/);
  expect(usual40(message)).toMatch(/nothing to export\./);
  expect(message.text).toBe('No row matches: nothing to export.');
});
