import { describe, expect, it } from 'vitest';
import type { Pager } from '../../../src/api/pager/pager.js';
import type { RawItem } from '../../../src/api/types.js';
import { newListView, type ListView } from '../../../src/ui/store/list/list-view.js';
import type { StoreContext } from '../../../src/ui/store/store-context.js';
import type { AppSnapshot } from '../../../src/ui/store/store-types.js';
import { WatchFlow } from '../../../src/ui/store/reload/watch-flow.js';
import { watchLabel, type WatchState } from '../../../src/ui/store/reload/watch-state.js';

function setup(state: 'idle' | 'rate-limited' = 'idle') {
  const pager = { getSnapshot: () => ({ state }) } as unknown as Pager;
  const view: ListView = newListView('pages', pager, { id: 'g', title: 'G' });
  let snapshot = { overlay: null, input: null } as unknown as AppSnapshot;
  let tickFn: (() => void) | undefined;
  let refreshes = 0;
  let refreshing = false;
  // The parts of the store's context a watch uses: the list, the snapshot, the clock, and the
  // read it starts on each interval (`busy` while a read or refresh is still under way).
  const ctx = {
    view: () => view,
    snapshot: () => snapshot,
    update: (patch: Partial<AppSnapshot>) => (snapshot = { ...snapshot, ...patch }),
    now: () => Date.UTC(2025, 0, 1, 12, 3, 4),
    watchReads: {
      read: () => refreshes++,
      get busy() {
        return refreshing;
      },
    },
    refreshFlow: { snapshot: undefined },
  } as unknown as StoreContext;
  const flow = new WatchFlow(ctx, 10, {
    setInterval: (fn) => ((tickFn = fn), 1),
    clearInterval: () => (tickFn = undefined),
  });
  return {
    flow,
    view,
    tick: () => tickFn?.(),
    get watch(): WatchState | undefined {
      return snapshot.watch;
    },
    get refreshes() {
      return refreshes;
    },
    setSnapshot: (patch: Partial<AppSnapshot>) => (snapshot = { ...snapshot, ...patch }),
    setRefreshing: (v: boolean) => (refreshing = v),
  };
}

const page = (id: string, name = id): RawItem => ({ pageId: id, effectiveName: name });

describe('WatchFlow', () => {
  it('reads on each interval, and not while a prompt or overlay is open, G loads the list, a refresh runs, or the list is rate limited', () => {
    const t = setup();
    t.flow.start();
    expect(t.watch?.everySeconds).toBe(10);
    t.tick();
    expect(t.refreshes).toBe(1);
    t.setSnapshot({ overlay: 'help' });
    t.tick();
    t.setSnapshot({ overlay: null, input: { kind: 'filter' } });
    t.tick();
    t.setSnapshot({ input: null, loadingAll: true });
    t.tick();
    t.setSnapshot({ loadingAll: false });
    t.setRefreshing(true);
    t.tick();
    expect(t.refreshes).toBe(1);
    t.setRefreshing(false);
    t.tick();
    expect(t.refreshes).toBe(2);
    const limited = setup('rate-limited');
    limited.flow.start();
    limited.tick();
    expect(limited.refreshes).toBe(0);
  });

  it('marks what appeared and changed by id, counts what went, and the marks fade after two reads', () => {
    const t = setup();
    t.flow.start(2);
    t.flow.replaced(t.view, [page('a'), page('b'), page('c'), page('d')], [page('n'), page('a'), page('b', 'B!'), page('d')]);
    expect([...(t.watch?.marks ?? [])]).toEqual([['n', 'appeared'], ['b', 'changed']]);
    expect(t.watch?.gone).toBe(1);
    // The row that went is kept to be drawn after the row before it.
    expect([...(t.watch?.ghosts ?? [])]).toEqual([['b', [page('c')]]]);
    expect(watchLabel(t.watch)).toMatch(/^watching · every 2s · last \d\d:\d\d:\d\d · 1 gone$/);
    t.tick();
    expect(t.watch?.marks.size).toBe(2);
    expect(t.watch?.ghosts?.size).toBe(1);
    t.tick();
    expect(t.watch?.marks.size).toBe(0);
    expect(t.watch?.gone).toBe(0);
    expect(t.watch?.ghosts?.size).toBe(0);
  });

  it('counts in the header every gone row still drawn, not only those of the last read', () => {
    const t = setup();
    t.flow.start(2);
    t.flow.replaced(t.view, [page('a'), page('b'), page('c'), page('d')], [page('a'), page('c'), page('d')]);
    t.tick();
    t.flow.replaced(t.view, [page('a'), page('c'), page('d')], [page('a'), page('d')]);
    const drawn = [...(t.watch?.ghosts?.values() ?? [])].flat().length;
    expect(drawn).toBe(2);
    expect(t.watch?.gone).toBe(2);
    expect(watchLabel(t.watch)).toMatch(/ · 2 gone$/);
    t.tick();
    // b's mark faded; c's lasts one more read.
    expect([...(t.watch?.ghosts?.values() ?? [])].flat()).toEqual([page('c')]);
    expect(t.watch?.gone).toBe(1);
  });

  it('does not count rows pushed past the end of the read as gone', () => {
    const t = setup();
    t.flow.start();
    t.flow.replaced(t.view, [page('a'), page('b'), page('c')], [page('n'), page('a'), page('b')]);
    expect(t.watch?.gone).toBe(0);
    expect(t.watch?.ghosts?.size).toBe(0);
  });

  it('a re-read of the rows on screen marks what changed, keeps what went as ghosts, and counts what it could not place', () => {
    const t = setup();
    t.flow.start();
    t.flow.reread(t.view, { replaced: new Map(), removed: [3], changed: ['b'], gone: [{ raw: page('d'), anchor: 'c' }], unplaced: new Set(['n']) }, 1);
    expect([...(t.watch?.marks ?? [])]).toEqual([['b', 'changed']]);
    expect([...(t.watch?.ghosts ?? [])]).toEqual([['c', [page('d')]]]);
    expect(watchLabel(t.watch)).toMatch(/ · 1 gone · 1 new · r reloads$/);
  });

  it('w again stops watching and drops the marks', () => {
    const t = setup();
    t.flow.toggle();
    t.flow.replaced(t.view, [page('a')], [page('a', 'A!')]);
    expect(t.watch?.marks.size).toBe(1);
    t.flow.toggle();
    expect(t.watch).toBeUndefined();
    expect(t.flow.active).toBe(false);
  });

  it('keeps the interval at 2 s at least', () => {
    const t = setup();
    t.flow.start(1);
    expect(t.watch?.everySeconds).toBe(2);
  });
});
