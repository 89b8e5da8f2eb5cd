import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Spinner } from '../../../src/ui/components/Spinner.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('Spinner', () => {
  it('on its own, ticks by a timer', async () => {
    const { frames, unmount } = render(<Spinner />);
    await wait(400);
    expect(new Set(frames).size).toBeGreaterThanOrEqual(2);
    unmount();
  });

  it('given a step (a whole list loading), draws nothing by itself and moves one frame per new step', async () => {
    const { frames, lastFrame, rerender, unmount } = render(<Spinner step={1} />);
    const first = lastFrame();
    await wait(400);
    expect(new Set(frames)).toEqual(new Set([first]));
    rerender(<Spinner step={7} />);
    const second = lastFrame();
    expect(second).not.toBe(first);
    rerender(<Spinner step={7} />);
    expect(lastFrame()).toBe(second);
    rerender(<Spinner step={9} />);
    expect(lastFrame()).not.toBe(second);
    unmount();
  });
});
