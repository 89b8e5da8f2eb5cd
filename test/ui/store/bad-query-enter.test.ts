/**
 * Enter on a query that does not parse applies nothing: the prompt stays open with the query as
 * typed, and the status line says, as a warning, that it was not applied, why, and which filter is
 * still in effect (or that none is), with the ways out.
 */
import { describe, expect, it } from 'vitest';
import { groupsOf, settle, startStore } from './helpers.js';

describe('Enter on a query with bad syntax', () => {
  it('keeps the prompt open and says the query was not applied and which filter is still in effect', async () => {
    const { store } = await startStore({ groups: groupsOf(30) });
    store.command('filter');
    store.setInputText('Group 1');
    store.submitInput();
    await settle();
    const kept = store.getSnapshot().visible.items.length;
    expect(store.getSnapshot().input).toBeNull();
    store.command('filter');
    store.setInputText('Group 1 |');
    store.submitInput();
    await settle();
    const snap = store.getSnapshot();
    expect(snap.input).toMatchObject({ kind: 'filter' });
    expect(snap.list.query).toBe('Group 1 |');
    expect(snap.visible.items.length).toBe(kept);
    expect(snap.toast?.tone).toBe('warning');
    expect(snap.toast?.text).toMatch(/^Query not applied: the filter in effect is still "Group 1"; fix the query, or Esc clears the filter\. col \d+: nothing after "\|"/);
    // Once the query changes the notice is no longer true; fixed, Enter keeps it as usual.
    store.setInputText('Group 1');
    expect(store.getSnapshot().toast).toBeUndefined();
    store.submitInput();
    await settle();
    expect(store.getSnapshot().input).toBeNull();
    store.dispose();
  });

  it('with no filter before, says none is in effect', async () => {
    const { store } = await startStore({ groups: groupsOf(30) });
    store.command('filter');
    store.setInputText('name:(');
    store.submitInput();
    await settle();
    const snap = store.getSnapshot();
    expect(snap.input).toMatchObject({ kind: 'filter' });
    expect(snap.toast?.tone).toBe('warning');
    expect(snap.toast?.text).toMatch(/^Query not applied: no filter is in effect; fix the query, or Esc closes the prompt\. col \d+: /);
    store.command('back');
    expect(store.getSnapshot().input).toBeNull();
    expect(store.getSnapshot().toast).toBeUndefined();
    store.dispose();
  });
});
