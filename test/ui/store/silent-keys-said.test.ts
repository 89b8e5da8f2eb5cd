/**
 * Keys with nothing to act on say why, as a warning (a screen reader hears its kind and its cursor
 * goes there): 1–4 in a page list, 0 with no status filter, ] / [ at the ends of the list in
 * details, Enter on a page's details, Esc that stops a G load, n after the filter was cleared.
 */
import { describe, expect, it } from 'vitest';
import { groupsOf, pagesOf, settle, startStore } from './helpers.js';

const reader = { lineCursor: true, messagesUntilKey: true } as const;

describe('keys that did nothing say so', () => {
  it('1 in a page list, and 0 with no status filter on', async () => {
    const { store } = await startStore({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 5) } }, reader);
    store.command('statusAll');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'No status filter is on: all statuses are shown.' });
    store.command('open');
    await settle();
    store.command('statusDraft');
    expect(store.getSnapshot().toast?.tone).toBe('warning');
    store.dispose();
  });

  it('0 with no status filter on says so in the normal mode too, as ] at the last item does', async () => {
    const { store } = await startStore({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 1) } });
    store.command('statusAll');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'No status filter is on: all statuses are shown.' });
    store.command('open');
    await settle();
    store.command('details');
    store.command('nextItem');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'At the last item: ] goes no further.' });
    store.dispose();
  });

  it('] at the last item and [ at the first in details; Enter on a page', async () => {
    const { store } = await startStore({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 2) } }, reader);
    store.command('open');
    await settle();
    store.command('details');
    store.command('prevItem');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'At the first item: [ goes no further.' });
    store.command('nextItem');
    store.command('nextItem');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'At the last item: ] goes no further.' });
    store.command('open');
    expect(store.getSnapshot().toast?.tone).toBe('warning');
    store.dispose();
  });

  it('Esc that stops a G load says where it stopped', async () => {
    const { store } = await startStore({ groups: groupsOf(3000) }, reader);
    store.command('bottom');
    expect(store.getSnapshot().following).toBe(true);
    store.command('back');
    expect(store.getSnapshot().toast?.tone).toBe('warning');
    expect(store.getSnapshot().toast?.text).toMatch(/^Stopped loading the rest: [\d,]+ loaded, a page already asked for still lands\.$/);
    await settle();
    expect(store.getSnapshot().toast?.tone).toBe('warning');
    expect(store.getSnapshot().toast?.text).toMatch(/^Stopped loading the rest: [\d,]+ loaded, more available\.$/);
    store.dispose();
  });

  it('n after Esc cleared the filter says it steps through the query cleared last', async () => {
    const { store } = await startStore({ groups: groupsOf(30) }, reader);
    store.command('filter');
    store.setInputText('zzz');
    store.submitInput();
    store.command('back');
    expect(store.getSnapshot().list.query).toBe('');
    store.command('nextMatch');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning' });
    expect(store.getSnapshot().toast?.text).toMatch(/^No loaded row matches "zzz", the filter cleared last/);
    store.dispose();
  });
});
