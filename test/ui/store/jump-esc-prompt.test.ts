/** Esc in a prompt opened while a `:` search loads: the prompt's own "Esc cancel" is what Esc does. */
import { describe, expect, it } from 'vitest';
import type { ListOptions, ListPage } from '../../../src/api/types.js';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, pagesOf, scriptedClient, settle } from './helpers.js';

const press = (store: AppStore, input: string) => routeInput(store, input, () => {});

/** g-2's first page answers; every later page hangs, so a load of the rest stays under way. */
async function searching() {
  const scripted = scriptedClient({ groups: groupsOf(3), pages: { 'g-2': pagesOf('g-2', 1000) } });
  const listPages = (groupId: string, options?: ListOptions): Promise<ListPage> =>
    options?.cursor ? new Promise<ListPage>(() => {}) : scripted.client.listPages(groupId, options);
  const store = new AppStore({ client: { ...scripted.client, listPages }, columns: 80, rows: 24, pageSize: 100 });
  store.start();
  await settle();
  press(store, 'j\r');
  await settle();
  press(store, ':');
  store.setInputText('zz');
  press(store, '\r');
  await settle();
  expect(store.getSnapshot().loadingAll).toBe(true);
  return store;
}

describe('Esc in a prompt opened while a page is sought', () => {
  it('the search says what it looks for; its count is the status line\'s one (calm without motion), not a second one', async () => {
    const store = await searching();
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'info', text: 'Looking for page "zz"…' });
  });

  it(': prompt: the first Esc closes the prompt (the load goes on); the next stops it, a warning that says no count', async () => {
    const store = await searching();
    press(store, ':');
    expect(store.getSnapshot().input?.kind).toBe('jump');
    press(store, '\u001b');
    expect(store.getSnapshot().input).toBeNull();
    expect(store.getSnapshot().loadingAll).toBe(true);
    press(store, '\u001b');
    const snap = store.getSnapshot();
    expect(snap.loadingAll).toBe(false);
    expect(snap.toast?.tone).toBe('warning');
    // No count: a page still in flight lands after the stop, and the header says the count it makes.
    expect(snap.toast?.text).toBe('Stopped looking for page "zz".');
    expect(snap.route).toBe('pages');
  });

  it('/ prompt: the first Esc clears the filter and closes the prompt, as its hint says', async () => {
    const store = await searching();
    press(store, '/');
    store.setInputText('Page');
    press(store, '\u001b');
    expect(store.getSnapshot().input).toBeNull();
    expect(store.getSnapshot().list.query ?? '').toBe('');
    expect(store.getSnapshot().loadingAll).toBe(true);
  });
});
