/** For a screen reader `1`–`4`, `0` and `w` say what they did, as `s`/`S` do. */
import { describe, expect, it } from 'vitest';
import { setPlainGlyphs } from '../../../src/text/glyphs.js';
import { watchLabel } from '../../../src/ui/store/reload/watch-state.js';
import { groupsOf, startStore } from './helpers.js';

describe('status filter and watch announcements', () => {
  it('a status filter says what is shown and how many; 0 and a second press say all statuses', async () => {
    const { store } = await startStore({ groups: groupsOf(40) }, { lineCursor: true });
    store.command('statusPublished');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Showing published only: 13 of 40.' });
    store.command('statusPublished');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Showing all statuses.' });
    store.command('statusOther');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Showing other statuses only: 0 of 40.' });
    store.command('statusAll');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Showing all statuses.' });
    store.dispose();
  });

  it('w says watching and how often, and again that it stopped', async () => {
    const { store } = await startStore({ groups: groupsOf(5) }, { lineCursor: true });
    store.command('watch');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Watching, every 10 s.' });
    store.command('watch');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Stopped watching.' });
    store.dispose();
  });

  it("the header's watch words have one space after each separator in plain glyphs", () => {
    setPlainGlyphs(true);
    try {
      expect(watchLabel({ everySeconds: 10, gone: 0 } as Parameters<typeof watchLabel>[0])).toBe('watching, every 10s');
    } finally {
      setPlainGlyphs(false);
    }
  });
});
