/** Applying a view says what it set, as a sort does; `v` with no views warns why nothing opened. */
import { describe, expect, it } from 'vitest';
import type { SavedView } from '../../../src/auth/config-views.js';
import { groupsOf, startStore } from './helpers.js';

const known: Record<string, SavedView> = {
  drafts: { screen: 'groups', query: '' , status: 'draft' },
  pub: { screen: 'groups', query: 'group 1', sort: '-name', status: 'published' },
};

describe('views said', () => {
  it('Enter in the picker says Done: with the view and what it set', async () => {
    const { store } = await startStore({ groups: groupsOf(30) }, { lineCursor: true, messagesUntilKey: true, views: { known } });
    store.command('pickView');
    store.command('moveDown');
    store.submitInput();
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'View "pub": filter group 1, sorted by name, Z to A, published only.' });
    store.command('pickView');
    store.submitInput();
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'View "drafts": no filter, server order, draft only.' });
    store.dispose();
  });

  it('v with no views for this screen is a warning', async () => {
    const { store } = await startStore({ groups: groupsOf(3) }, { lineCursor: true, messagesUntilKey: true });
    store.command('pickView');
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning' });
    expect(store.getSnapshot().toast?.text).toMatch(/^No saved views for page groups yet/);
    store.dispose();
  });
});
