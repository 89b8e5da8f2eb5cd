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

  it('says the message as the normal mode lays it out in the most columns both rows hold, "Error:" first, and nothing else beside it', () => {
    const message: StatusMessage = { tone: 'error', code: 'NOT_FOUND (HTTP 404)', text: 'Not found', reason: '/v0/page_groups/nope/pages', field: 'path' };
    const rows = spokenStatus(message, 'all 40 loaded', 'Enter open  d details', 40);
    const said = flat(`${rows.first} ${rows.second}`);
    // The most of the message two rows hold: here all but its last words, which the normal mode also leaves out first.
    const normal = [80, 70, 60, 50].map((room) => flat(`Error: ${(layoutStatus(message, undefined, room)[0]?.message ?? '').trimEnd()}`));
    expect(normal).toContain(said);
    expect(said).toContain('/v0/page_groups/nope/pages');
    expect(rows.restLength).toBe(rows.second.length);
    expect(rows.right).toBe('');
    expect(rows.second.length).toBeLessThanOrEqual(40);
  });

  it('breaks a message that needs two rows at a word, never cutting it for the hints', () => {
    const rows = spokenStatus({ tone: 'success', text: 'Exported 40 page groups to ./trial-forty.ndjson' }, 'all 40 loaded', 'Enter open  d details', 40);
    expect(rows.first).toBe('Done: Exported 40 page groups to');
    expect(rows.second).toBe('./trial-forty.ndjson');
  });

  it('keeps a message that fits one row on it, the hints and progress below', () => {
    const rows = spokenStatus({ tone: 'success', text: 'Copied grp-1' }, 'all 40 loaded', 'Enter open  d details', 40);
    expect(rows.first.trim()).toBe('Done: Copied grp-1  all 40 loaded'.replace('  ', ' '.repeat(40 - 'Done: Copied grp-1all 40 loaded'.length)));
    expect(rows.second).toBe('Enter open  d details');
  });
});
