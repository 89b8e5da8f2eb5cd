/**
 * At 40 columns an outcome keeps what matters on the status row: where a copy went, the file an
 * export wrote, and for a cut error both its way out and `E`'s whole text (the trial's N6).
 */
import { expect, it } from 'vitest';
import { spokenStatus } from '../../src/ui/presentation/spoken-status.js';
import { copiedMessage, curlCopiedMessage } from '../../src/ui/store/details/copy-status.js';
import { exportedMessage, harWrittenMessage, refitted } from '../../src/ui/store/prompts/export-message.js';
import { refreshStoppedMessage } from '../../src/ui/store/reload/refresh-flow.js';
import { displayWidth } from '../../src/text/index.js';
import type { StatusMessage } from '../../src/ui/store/status-message.js';

const at40 = (message: StatusMessage): string => spokenStatus(message, 'all 40 loaded', 'Enter open  q quit', 40).first.trimEnd();

it('C says the request was copied as curl and where, not "(tmux …"', () => {
  const row = at40(curlCopiedMessage('tmux buffer'));
  expect(row).toMatch(/^Done: Copied .*curl.*tmux buffer\)?$/);
  expect(row).not.toContain('…');
  expect(curlCopiedMessage('tmux buffer').text).toBe('Copied the request as curl (tmux buffer); it reads the key from $PAGETUI_API_KEY');
});

it('y says where the value went', () => {
  const row = at40(copiedMessage('the value of pageId', 'tmux buffer'));
  expect(row).toContain('tmux buffer');
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
  expect(spokenStatus(message, '', '', 120).first.trimEnd()).toBe('Warning: RATE_LIMITED (HTTP 429)  Rate limited — retry in 5s  (req-001223)');
});
