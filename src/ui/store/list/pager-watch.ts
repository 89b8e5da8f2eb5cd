/** Turns a pager's change notifications into frames, batched while a whole list loads. */
import type { Pager } from '../../../api/pager/pager.js';
import type { PagerState } from '../../../api/types.js';

/**
 * Four progress frames a second. A frame of `G` redraws only the header's count and the status
 * line, but Ink lays out and writes the whole screen: 1–10 ms (3.4 on average over `custom`),
 * while the server answers a page in under one. An answer that arrives during a frame waits for it.
 * At 100 ms a `G` over 100,000 items drew 11–13 frames, at 250 ms 6–7; with rounds paired, those
 * 6–7 cost `demo` about 0.04 of its ratio to the bare loop (docs/per-page-cost.md, "A fourth look").
 */
const BULK_FRAME_MS = 250;
/**
 * A bulk load draws at most a 1/FRAME_SHARE share of the time (frames cost more on a busy
 * machine): the loop is busy for the whole frame, so a response that arrives then waits for it.
 */
const FRAME_SHARE = 32;
/** ...but the progress is never older than this. */
const MAX_BULK_FRAME_MS = 1000;
/** The states that end or halt a load: news the user sees at once. */
const HALTED: ReadonlySet<PagerState> = new Set(['done', 'error', 'rate-limited']);

/**
 * Calls `onChange` after each change of `pager`. While `inBulk()` (`G` or Tab loading
 * everything), pages arrive back to back: draw at most every 250 ms, or less often when a frame
 * takes longer than a thirty-second of that (a loaded machine), up to one a second. Then the progress
 * stays live and 1,000 pages cost a few dozen frames instead of two thousand. The change that
 * ends the load (or halts it: a failure, a rate-limit wait) is drawn at once. A due frame is drawn
 * just after the page that makes it due, once the next request is on the wire (undici writes it
 * on a reused connection in the next check phase, so the frame waits for an immediate queued after
 * that one): the frame's work then overlaps the network instead of delaying the request. A frame
 * left waiting is drawn a frame gap later if no page comes first. Returns the function that stops
 * watching (and drops a frame still waiting). `clock` times a frame's cost (a test's own clock:
 * what a frame costs on the machine running it must not decide what the test sees).
 */
export function watchPager(pager: Pager, inBulk: () => boolean, onChange: () => void, clock: () => number = () => performance.now()): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let immediate: ReturnType<typeof setImmediate> | undefined;
  let drawnAt = Number.NEGATIVE_INFINITY;
  let gap = BULK_FRAME_MS;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    if (immediate !== undefined) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
  };
  const draw = (): void => {
    cancel();
    drawnAt = Date.now();
    const started = clock();
    onChange();
    // React draws the store's change (and Ink writes it) in a microtask queued by onChange; one
    // queued now runs right after it, so the time to it is what the frame cost.
    queueMicrotask(() => {
      gap = Math.min(MAX_BULK_FRAME_MS, Math.max(BULK_FRAME_MS, (clock() - started) * FRAME_SHARE));
    });
  };
  // Through an immediate even from the timer: a page that has just arrived has its next request
  // queued for the coming check phase, and the frame goes after it.
  const drawSoon = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    immediate ??= setImmediate(draw);
  };
  const unsubscribe = pager.subscribe(() => {
    if (!inBulk() || HALTED.has(pager.getSnapshot().state)) return draw();
    const now = Date.now();
    if (now - drawnAt >= gap || now < drawnAt) drawSoon();
    else timer ??= setTimeout(drawSoon, gap);
  });
  return () => {
    cancel();
    unsubscribe();
  };
}
