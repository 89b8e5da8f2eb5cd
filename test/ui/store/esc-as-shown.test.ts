/**
 * Esc is read against the newest frame the terminal has answered (src/ui/store/esc-as-shown.ts):
 * a screen that still said "Esc to stop" makes a late Esc the stop it was meant as, once.
 */
import { expect, it } from 'vitest';
import type { ShownFrames } from '../../../src/ui/store/store-types.js';
import { groupsOf, pagesOf, settle, startStore } from './helpers.js';

/** A terminal whose answered frame the test sets: `sent` frames have gone out, the newest answered is `shown`. */
function fakeTerminal() {
  const terminal = { sent: 0, shown: undefined as { frame: number; escStops: boolean } | undefined };
  const frames: ShownFrames = { shown: () => terminal.shown, framesSent: () => terminal.sent };
  /** A frame goes out, and the terminal answers it at once (a local terminal) or not yet. */
  const draw = (escStops: boolean, answered = true) => {
    terminal.sent++;
    if (answered) terminal.shown = { frame: terminal.sent, escStops };
  };
  return { frames, draw };
}

/** Group g-1 (450 pages) open and `G` pressed. */
async function groupWithG(frames: ShownFrames) {
  const started = await startStore({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 450) } }, { shownFrames: frames });
  started.store.command('open');
  await settle();
  started.store.command('bottom');
  expect(started.store.getSnapshot().following).toBe(true);
  return started;
}

async function groupLoadedByG(frames: ShownFrames, draw: (escStops: boolean, answered?: boolean) => void) {
  const started = await groupWithG(frames);
  draw(true);
  await settle();
  expect(started.store.getSnapshot().following).toBe(false);
  expect(started.store.getSnapshot().pager.hasMore).toBe(false);
  return started;
}

it('Esc read against a screen that still said "Esc to stop" after G ended stays and says so; Esc again goes back', async () => {
  const { frames, draw } = fakeTerminal();
  const { store } = await groupLoadedByG(frames, draw);
  // The frame saying the load ended is out, not yet answered: the user still sees "Esc to stop".
  draw(false, false);
  store.command('back');
  expect(store.getSnapshot().route).toBe('pages');
  expect(store.getSnapshot().toast?.text).toBe('Already loaded all 450; Esc again goes back');
  // Pressed again before the terminal answered anything newer: the screen's stop was had.
  store.command('back');
  expect(store.getSnapshot().route).toBe('groups');
});

it('Esc after the terminal showed the load ended goes back at once', async () => {
  const { frames, draw } = fakeTerminal();
  const { store } = await groupLoadedByG(frames, draw);
  draw(false);
  store.command('back');
  expect(store.getSnapshot().route).toBe('groups');
});

it('Esc that stopped the load, then Esc on the same old screen: the second goes back', async () => {
  const { frames, draw } = fakeTerminal();
  const { store } = await groupWithG(frames);
  draw(true);
  store.command('back');
  expect(store.getSnapshot().following).toBe(false);
  expect(store.getSnapshot().route).toBe('pages');
  store.command('back');
  expect(store.getSnapshot().route).toBe('groups');
});

it('a terminal that never answered: Esc follows the state alone', async () => {
  const { frames, draw } = fakeTerminal();
  const { store } = await groupWithG(frames);
  draw(true, false);
  await settle();
  expect(store.getSnapshot().following).toBe(false);
  store.command('back');
  expect(store.getSnapshot().route).toBe('groups');
});

it('Tab loaded the rest while the screen still said so: Esc in the prompt still clears the filter, as its line says', async () => {
  const { frames, draw } = fakeTerminal();
  const { store } = await startStore({ groups: groupsOf(450) }, { shownFrames: frames });
  store.command('filter');
  store.setInputText('Group 4');
  store.loadAll();
  expect(store.getSnapshot().loadingAll).toBe(true);
  draw(true);
  await settle();
  expect(store.getSnapshot().loadingAll).toBe(false);
  store.command('back');
  expect(store.getSnapshot().input).toBeFalsy();
  expect(store.getSnapshot().list.query).toBe('');
});
