/**
 * Over a slow link the user answers a screen that is up to a second old: an Esc that comes just
 * after a stoppable load (`G`, Tab) ended by itself is the stop it was meant as, not "back".
 */
import { expect, it } from 'vitest';
import { groupsOf, pagesOf, settle, startStore } from './helpers.js';

async function openGroupAfterG(clock: { t: number }) {
  const data = { groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 450) } };
  const started = await startStore(data, { now: () => clock.t });
  started.store.command('open');
  await settle();
  expect(started.store.getSnapshot().route).toBe('pages');
  started.store.command('bottom');
  expect(started.store.getSnapshot().following).toBe(true);
  await settle();
  expect(started.store.getSnapshot().following).toBe(false);
  expect(started.store.getSnapshot().pager.hasMore).toBe(false);
  return started;
}

it('Esc within the grace after G ended by itself stays in the list and says so; Esc again goes back', async () => {
  const clock = { t: 1_000_000 };
  const { store } = await openGroupAfterG(clock);
  clock.t += 600;
  store.command('back');
  expect(store.getSnapshot().route).toBe('pages');
  expect(store.getSnapshot().toast?.text).toMatch(/The load had already finished; Esc again goes back/);
  store.command('back');
  expect(store.getSnapshot().route).toBe('groups');
});

it('Esc after the grace goes back at once', async () => {
  const clock = { t: 1_000_000 };
  const { store } = await openGroupAfterG(clock);
  clock.t += 1_500;
  store.command('back');
  expect(store.getSnapshot().route).toBe('groups');
});

it('Esc that stopped the load, then Esc at once: the second goes back', async () => {
  const clock = { t: 1_000_000 };
  const data = { groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 450) } };
  const { store } = await startStore(data, { now: () => clock.t });
  store.command('open');
  await settle();
  store.command('bottom');
  expect(store.getSnapshot().following).toBe(true);
  store.command('back');
  expect(store.getSnapshot().following).toBe(false);
  expect(store.getSnapshot().route).toBe('pages');
  clock.t += 100;
  store.command('back');
  expect(store.getSnapshot().route).toBe('groups');
});

it('Esc within the grace after Tab loaded the rest keeps the filter', async () => {
  const clock = { t: 1_000_000 };
  const { store } = await startStore({ groups: groupsOf(450) }, { now: () => clock.t });
  store.command('filter');
  store.setInputText('Group 4');
  store.loadAll();
  expect(store.getSnapshot().loadingAll).toBe(true);
  await settle();
  expect(store.getSnapshot().loadingAll).toBe(false);
  clock.t += 900;
  store.command('back');
  expect(store.getSnapshot().input?.kind).toBe('filter');
  expect(store.getSnapshot().toast?.text).toMatch(/already finished; Esc again closes the prompt/);
});

it('Esc within the grace after a long refresh ended by itself stays in the list', async () => {
  const clock = { t: 1_000_000 };
  const { store } = await openGroupAfterG(clock);
  clock.t += 5_000;
  store.command('refresh');
  expect(store.getSnapshot().refreshTarget).toBe(450);
  await settle();
  expect(store.getSnapshot().refreshing).toBeUndefined();
  clock.t += 300;
  store.command('back');
  expect(store.getSnapshot().route).toBe('pages');
  expect(store.getSnapshot().toast?.text).toMatch(/already finished; Esc again goes back/);
});
