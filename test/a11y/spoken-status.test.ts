/** The screen-reader status line's two rows: the whole message with its kind first, and progress that is never lost. */
import { describe, expect, it } from 'vitest';
import { layoutStatus } from '../../src/ui/components/status-format.js';
import { spokenStatus } from '../../src/ui/presentation/spoken-status.js';
import type { StatusMessage } from '../../src/ui/store/status-message.js';

const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe('spokenStatus', () => {
  it('shows progress too long for the line, cut, where there is no message', () => {
    const rows = spokenStatus(undefined, '28 of 100 loaded match — more not loaded yet (Tab loads all)', 'Enter open  Esc back', 40);
    expect(rows.first.trim()).toMatch(/^28 of 100 loaded match/);
    expect(rows.first.length).toBeLessThanOrEqual(40);
    expect(rows.second).toBe('Enter open  Esc back');
  });

  it('says the normal mode message whole, "Error:" first, its last words running on into the second row', () => {
    const message: StatusMessage = { tone: 'error', code: 'NOT_FOUND (HTTP 404)', text: 'Not found', reason: '/v0/page_groups/nope/pages', field: 'path' };
    const normal = (layoutStatus(message, undefined, 40)[0]?.message ?? '').trimEnd();
    const rows = spokenStatus(message, 'all 40 loaded', 'Enter open  d details', 40);
    expect(flat(`${rows.first} ${rows.second.slice(0, rows.restLength)}`)).toBe(flat(`Error: ${normal}`));
    expect(rows.second.length).toBeLessThanOrEqual(40);
  });
});
