/** Turns a pager's change notifications into frames, batched while a whole list loads. */
import type { Pager } from '../../api/pager.js';

const BULK_FRAME_MS = 100;

/**
 * Calls `onChange` after each change of `pager`. While `inBulk()` (`G` or Tab loading
 * everything), pages arrive back to back: draw at most every 100 ms (the progress stays live,
 * and 1,000 pages cost a few dozen frames instead of two thousand). A due frame is drawn just
 * after the page that makes it due, once the next request is on the wire (undici writes it on a
 * reused connection in the next check phase, so the frame waits for an immediate queued after
 * that one): the frame's work then overlaps the network instead of delaying the request. A frame
 * left waiting is drawn 100 ms later if no page comes first. Returns the function that stops
 * watching (and drops a frame still waiting).
 */
export function watchPager(pager: Pager, inBulk: () => boolean, onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let immediate: ReturnType<typeof setImmediate> | undefined;
  let drawnAt = Number.NEGATIVE_INFINITY;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    if (immediate !== undefined) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
  };
  const draw = (): void => {
    cancel();
    drawnAt = Date.now();
    onChange();
  };
  const unsubscribe = pager.subscribe(() => {
    if (!inBulk()) return draw();
    const now = Date.now();
    if (now - drawnAt >= BULK_FRAME_MS || now < drawnAt) immediate ??= setImmediate(draw);
    else timer ??= setTimeout(draw, BULK_FRAME_MS);
  });
  return () => {
    cancel();
    unsubscribe();
  };
}
