/**
 * The status line's own clock. It ticks for a countdown at once, and for a request in flight from
 * the first second its wait can show. While a whole list loads (`G`), pages bring frames anyway:
 * a tick of its own each second drew the whole screen again for nothing, so it starts only once a
 * request has waited longer than the bulk frames' longest gap.
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { statusTicksFrom } from '../../../src/ui/components/status-format.js';
import { useNow } from '../../../src/ui/hooks/use-now.js';
import { StatusLine } from '../../../src/ui/screens/StatusLine.js';

const T0 = Date.UTC(2026, 0, 1);
// React schedules a render on the setImmediate it found when it loaded, the real one.
const realImmediate = setImmediate;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});
async function wait(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 3; i++) await new Promise((resolve) => realImmediate(resolve));
}

function pager(extra: Partial<PagerSnapshot>): PagerSnapshot {
  return { items: [], state: 'idle', hasMore: true, warnings: [], pagesFetched: 1, loadingAll: false, version: 1, ...extra };
}

describe('statusTicksFrom', () => {
  it('does not tick when nothing waits or counts down', () => {
    expect(statusTicksFrom({ pager: pager({}), following: false }, T0)).toBeUndefined();
  });

  it('ticks at once for a rate-limit countdown or a toast due to fade', () => {
    expect(statusTicksFrom({ pager: pager({ state: 'rate-limited', retryAt: T0 + 5000 }), following: false }, T0)).toBeLessThanOrEqual(T0);
    const toast = { tone: 'info', text: 'copied', until: T0 + 2000 } as const;
    expect(statusTicksFrom({ pager: pager({}), toast, following: false }, T0)).toBeLessThanOrEqual(T0);
  });

  it('for a request in flight, from its first waited second', () => {
    expect(statusTicksFrom({ pager: pager({ state: 'loading', loadingSince: T0 }), following: false }, T0)).toBe(T0 + 1000);
  });

  it('while a whole list loads, only once the request has waited past the bulk frames’ longest gap (1 s)', () => {
    const following = statusTicksFrom({ pager: pager({ state: 'loading', loadingSince: T0, loadingAll: true }), following: true }, T0);
    const tab = statusTicksFrom({ pager: pager({ state: 'loading', loadingSince: T0, loadingAll: true }), following: false }, T0);
    for (const from of [following, tab]) expect(from).toBeGreaterThan(T0 + 1000);
  });
});

describe('useNow', () => {
  it('from a time to come: no render before it, then one a second', async () => {
    let renders = 0;
    function Probe({ from }: { from: number | undefined }) {
      renders++;
      const now = useNow(from);
      return <Text>{Math.floor((now - T0) / 1000)}</Text>;
    }
    const { lastFrame, unmount } = render(<Probe from={T0 + 1500} />);
    const first = renders;
    await wait(1400);
    expect(renders).toBe(first);
    await wait(200);
    expect(renders).toBeGreaterThan(first);
    expect(lastFrame()).toBe('1');
    await wait(1000);
    expect(lastFrame()).toBe('2');
    unmount();
  });

  it('idle without a time', async () => {
    let renders = 0;
    function Probe() {
      renders++;
      useNow(undefined);
      return <Text>x</Text>;
    }
    const { unmount } = render(<Probe />);
    const first = renders;
    await wait(5000);
    expect(renders).toBe(first);
    unmount();
  });
});

describe('the status line during `G`', () => {
  const props = (loadingSince: number) => ({
    width: 100,
    pager: pager({ state: 'loading', loadingSince, loadingAll: true, items: [{ pageId: 'p1' }] }),
    following: true,
    hint: 'Esc stop',
  });

  it('draws nothing of its own while pages keep coming, and still shows a request that stalls', async () => {
    const { frames, lastFrame, unmount } = render(<StatusLine {...props(T0)} />);
    const drawn = frames.length;
    await wait(1400);
    // Pages come at least every second during `G`, each with a frame: no tick in between.
    expect(frames.length).toBe(drawn);
    expect(lastFrame()).not.toMatch(/loading… \d+s/);
    // No page for a while: the wait shows, and counts.
    await wait(200);
    expect(lastFrame()).toMatch(/loading… 1s/);
    await wait(1000);
    expect(lastFrame()).toMatch(/loading… 2s/);
    unmount();
  });
});
