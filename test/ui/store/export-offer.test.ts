/** `e` offers the list's own default name; the paths typed before are history (Up / Ctrl-p), not the offer. */
import { describe, expect, it } from 'vitest';
import { memoryHistory } from '../../../src/ui/services/history.js';
import { groupsOf, pagesOf, settle, startStore } from './helpers.js';

describe('the export prompt offers the list its own name', () => {
  it('a path typed in an earlier session for another list is not offered', async () => {
    const history = memoryHistory({ export: ['./grp-1-pages.ndjsonro'] });
    const exporter = { display: (p: string) => p, exists: () => Promise.resolve(false), write: () => Promise.resolve() };
    const { store } = await startStore({ groups: groupsOf(3), pages: { 'g-2': pagesOf('g-2', 5) } }, { history, exporter });
    store.command('export');
    expect(store.getSnapshot().input).toMatchObject({ kind: 'export', text: './page-groups.ndjson' });
    store.command('back');
    store.command('moveDown');
    store.command('open');
    await settle();
    store.command('export');
    expect(store.getSnapshot().input).toMatchObject({ kind: 'export', text: './g-2-pages.ndjson' });
    expect(store.historyOf('export')).toEqual(['./grp-1-pages.ndjsonro']);
    store.dispose();
  });
});
