/** `:q`, `:quit` and `:q!` in the jump prompt quit, as `q` does (k9s, vim); they are not kept as ids in its history. */
import { describe, expect, it } from 'vitest';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, pagesOf, settle, startStore } from './helpers.js';

const press = (store: AppStore, input: string) => routeInput(store, input, () => {});
const DATA = () => ({ groups: groupsOf(5), pages: { 'g-2': pagesOf('g-2', 30) } });

describe(':q in the jump prompt', () => {
  it.each(['q', 'quit', 'q!', ' q ', 'wq', 'wq!'])('%j quits on the group list, as q does, opening nothing and keeping nothing in the history', async (typed) => {
    const { store, calls } = await startStore(DATA());
    const before = calls.length;
    press(store, ':');
    store.setInputText(typed);
    press(store, '\r');
    await settle();
    const snap = store.getSnapshot();
    expect(snap.quitting).toBe(true);
    expect(snap.input).toBeNull();
    expect(snap.toast?.text ?? '').not.toContain('page group');
    expect(calls.slice(before)).toEqual([]);
    expect(store.historyOf('jump')).toEqual([]);
    store.dispose();
  });

  it('quits on a page list too, typed in one read with its Enter', async () => {
    const { store } = await startStore(DATA());
    press(store, ':g-2\r');
    await settle();
    expect(store.getSnapshot().list.groupId).toBe('g-2');
    press(store, ':q\r');
    await settle();
    expect(store.getSnapshot().quitting).toBe(true);
    expect(store.historyOf('jump')).toEqual(['g-2']);
    store.dispose();
  });

  it('an id that only starts with q is an id: it is looked for, and kept', async () => {
    const { store } = await startStore(DATA());
    press(store, ':qa\r');
    await settle();
    expect(store.getSnapshot().quitting).toBe(false);
    expect(store.historyOf('jump')).toEqual(['qa']);
    store.dispose();
  });
});
